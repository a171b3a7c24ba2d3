import { tryParseId } from '../../../protocol/ids';
import { AppError } from '../../../protocol/errors';
import {
  loadRowAsSystem,
  type BeforeWriteContext,
  type Executor,
  type ModuleHooks,
} from '../../../server/module-api';
import { membershipFilters } from '../members';

// Collection's rules on every write (docs/collections.md), so an edit, addRels and an import all
// keep them: the membership query is a valid search's filters; the allowed types are registered
// types and the hand-added members are of them; and a collection never sits inside itself.

/** How far up the nesting the cycle check looks; deeper nesting is refused as a cycle would be. */
export const MAX_NESTING = 20;

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function invalid(path: string, message: string): AppError {
  return new AppError('invalidInput', message, { fields: [{ path, key: 'errors.invalidValue' }] });
}

async function collectionBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const before = ctx.current?.data ?? {};
  const after = (k: string) => (k in ctx.data ? ctx.data[k] : before[k]);

  if ('membershipQuery' in ctx.data && ctx.data.membershipQuery !== null) {
    const filters = membershipFilters(ctx.data.membershipQuery);
    if (!filters) throw invalid('membershipQuery', 'membershipQuery is no search query with filters');
    ctx.data.membershipQuery = filters;
  }

  const types = strings(after('constrainTypes'));
  for (const t of types)
    if (!ctx.items.registry.type(t)) throw invalid('constrainTypes', `${t} is no item type`);
  if (types.length && ('rel' in ctx.data || 'constrainTypes' in ctx.data))
    for (const id of strings(after('rel')))
      if (!types.includes(tryParseId(id)?.type ?? ''))
        throw invalid('rel', `${id} is not of the collection's allowed types (${types.join(', ')})`);

  if ('collections' in ctx.data && ctx.current) {
    // Walk up from each new parent; meeting this collection means it would contain itself.
    const self = ctx.current.id;
    let frontier = strings(ctx.data.collections);
    const seen = new Set<string>();
    for (let depth = 0; frontier.length; depth++) {
      if (frontier.includes(self) || depth > MAX_NESTING)
        throw invalid('collections', 'a collection cannot be inside itself');
      const next: string[] = [];
      for (const id of frontier) {
        if (seen.has(id)) continue;
        seen.add(id);
        // As the system: a write hook walks up the parents to refuse a cycle; nothing of them is returned.
        const row = await loadRowAsSystem(tx, id);
        if (row && !row.deleted) next.push(...strings(row.data.collections));
      }
      frontier = next;
    }
  }
}

export const collectionsHooks: ModuleHooks = { Collection: { beforeWrite: collectionBeforeWrite } };
