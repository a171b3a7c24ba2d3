import { ACCESS_LEVELS, type AccessLevel } from '../../protocol/access-levels';
import { AppError } from '../../protocol/errors';
import { MAX_PROTOCOLS, PROTOCOLS_KEY, PROTOCOLS_STRICT_KEY } from '../../protocol/item';
import type { ItemRow } from '../items/rows';
import type { Principal } from './principal';

// What an import's rows inherit from the item they go into or come from (docs/access-model.md
// "Imports inherit"): nothing imported is ever readable by more people than its target.

/** Whether `level` lets no more people read than `than` (PUBLIC, COMMUNITY, PROTECTED, PRIVATE). */
export function levelWithin(level: AccessLevel, than: AccessLevel): boolean {
  return ACCESS_LEVELS.indexOf(level) >= ACCESS_LEVELS.indexOf(than);
}

export interface ImportRestriction {
  /** The protocols every row is restricted to (null: none), as `$protocols` takes them. */
  protocols: string[] | null;
  strict: boolean;
}

/**
 * The target's protocols for every row, checked before any row is written: only the protocols'
 * members (and admins) may restrict an item to them (errors.notInProtocol), so an import that
 * could not write a single row restricted is refused whole rather than row by row, or worse,
 * written open. `asked`, a level the importer chose, may be narrower than `ceiling`, never wider.
 */
export function importRestriction(
  p: Principal,
  target: Pick<ItemRow, 'protocols' | 'protocolStrict'> | ImportRestriction,
  asked?: { level: AccessLevel | undefined; ceiling: AccessLevel; path: string },
): ImportRestriction {
  if (asked?.level && !levelWithin(asked.level, asked.ceiling))
    throw new AppError('invalidInput', `${asked.path}: ${asked.level} is wider than ${asked.ceiling}`, {
      fields: [{ path: asked.path, key: 'errors.widerThanTarget' }],
    });
  const protocols = target.protocols?.length ? [...target.protocols] : null;
  if (protocols && !p.admin && !protocols.every((x) => p.protocols?.has(x)))
    throw new AppError('invalidInput', 'the target is restricted to protocols the importer is not in', {
      fields: [{ path: PROTOCOLS_KEY, key: 'errors.notInProtocol' }],
    });
  const strict = 'strict' in target ? target.strict : target.protocolStrict;
  return { protocols, strict: protocols ? strict : false };
}

/**
 * The restriction whose readers are those of both, or null when no one restriction says that:
 * none and any is that one; two strict ones (all of these, and all of those) are strict in all
 * of them; one protocol, open or strict, is the same. Two open lists of several ("any of these
 * and any of those") have no single form.
 */
export function bothRestrictions(a: ImportRestriction, b: ImportRestriction): ImportRestriction | null {
  if (!a.protocols) return b;
  if (!b.protocols) return a;
  const strictA = a.strict || a.protocols.length === 1;
  const strictB = b.strict || b.protocols.length === 1;
  if (a.strict === b.strict && a.protocols.join() === b.protocols.join()) return a;
  if (!strictA || !strictB) return null;
  const all = [...new Set([...a.protocols, ...b.protocols])].sort();
  return all.length > MAX_PROTOCOLS
    ? null
    : { protocols: all, strict: all.length > 1 || a.strict || b.strict };
}

/** An item's own restriction. */
export function restrictionOf(row: Pick<ItemRow, 'protocols' | 'protocolStrict'>): ImportRestriction {
  return row.protocols?.length
    ? { protocols: [...row.protocols], strict: row.protocolStrict }
    : { protocols: null, strict: false };
}

/** The restriction as item input (`$protocols`, `$protocolsStrict`), empty when there is none. */
export function restrictionInput(r: ImportRestriction): Record<string, unknown> {
  return r.protocols ? { [PROTOCOLS_KEY]: r.protocols, [PROTOCOLS_STRICT_KEY]: r.strict } : {};
}
