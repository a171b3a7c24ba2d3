import { sql } from 'drizzle-orm';
import { capabilityNames } from '../../../kernel/capabilities';
import { roleRank } from '../../../protocol/access-levels';
import type { FieldError } from '../../../protocol/errors';
import {
  AppError,
  loadRowsAsSystem,
  query,
  textArray,
  rankIn,
  SYSTEM,
  type BeforeWriteContext,
  type Executor,
  type ItemRow,
  type ItemService,
  type Principal,
} from '../../../server/module-api';
import { PROPONENT_EDITABLE } from '../lifecycle';

// Who may do what on a consultation beyond the ordinary policy (docs/consultation.md), and the
// organisation/contact rules of spec capability-modules §5.

const STAFF = roleRank('staff');
const EDITOR = roleRank('editor');

/** Whether `p` holds capability `cap` through their own User or the organisation `org`. */
export async function holds(tx: Executor, p: Principal, org: string | null, cap: string): Promise<boolean> {
  if (p.admin) return true;
  if (!p.userId) return false;
  // As the system: the principal's own User and an organisation's capabilities, for a rule; nothing is
  // returned.
  const rows = await loadRowsAsSystem(tx, org ? [p.userId, org] : [p.userId]);
  const user = rows.get(p.userId);
  const orgRow = org ? rows.get(org) : undefined;
  return (
    capabilityNames(user?.data.capabilities).includes(cap) ||
    (!!orgRow && !orgRow.deleted && capabilityNames(orgRow.data.capabilities).includes(cap))
  );
}

/** "Staff": staff or higher of the owning community holding ConsultRespond, or a site admin. */
export async function isConsultStaff(tx: Executor, p: Principal, owner: string | null): Promise<boolean> {
  if (p.admin) return true;
  return rankIn(p, owner) >= STAFF && (await holds(tx, p, owner, 'ConsultRespond'));
}

export async function assertConsultStaff(tx: Executor, p: Principal, row: ItemRow): Promise<void> {
  if (!(await isConsultStaff(tx, p, row.owner)))
    throw new AppError('notAllowed', `consult staff of ${row.owner}`);
}

/** The organisation of type `type`, or undefined. */
export async function orgOfType(
  tx: Executor,
  id: string,
  types: readonly string[],
): Promise<ItemRow | undefined> {
  // As the system: an organisation's type, for a rule; a missing and an unfit one are refused alike.
  const row = (await loadRowsAsSystem(tx, [id])).get(id);
  return row && !row.deleted && row.type === 'Organization' && types.includes(String(row.data.type))
    ? row
    : undefined;
}

const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * Spec §5: contacts need their organisation chosen (chooseOrg), a contact must belong to it
 * (noOrg when it belongs to none, notInOrg otherwise), and a blocked account's contact is no
 * choice at all (notInOrg, as the picker leaves it out). Contacts the writer may not read are
 * left to the relation check that follows, so these errors reveal nothing about them.
 */
export async function contactRuleErrors(
  tx: Executor,
  items: ItemService,
  p: Principal,
  data: Record<string, unknown>,
  pairs: readonly { orgs: string; contacts: string }[],
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const load = items.loaderFor(tx);
  for (const { orgs: orgKey, contacts: contactKey } of pairs) {
    const orgs = new Set(typeof data[orgKey] === 'string' ? [data[orgKey] as string] : ids(data[orgKey]));
    const contacts = ids(data[contactKey]);
    if (contacts.length === 0) continue;
    if (orgs.size === 0) {
      errors.push({ path: orgKey, key: 'errors.chooseOrg' });
      continue;
    }
    // As the system: a contact the writer may not read is skipped below (policy) and left to the relation
    // check.
    const rows = await loadRowsAsSystem(tx, contacts);
    const users = [...rows.values()]
      .map((c) => c.data.user)
      .filter((u): u is string => typeof u === 'string');
    const blocked = new Set(
      users.length
        ? (
            await query<{ user_id: string }>(
              tx,
              sql`select user_id from credentials where blocked and user_id = any(${textArray(users)})`,
            )
          ).map((r) => r.user_id)
        : [],
    );
    for (const [i, id] of contacts.entries()) {
      const c = rows.get(id);
      if (!c || c.deleted || c.type !== 'Contact' || !(await items.policy.can(p, 'read', c, load))) continue;
      const related = ids(c.data._related);
      const path = `${contactKey}.${i}`;
      if (related.length === 0) errors.push({ path, key: 'errors.noOrg' });
      else if (!related.some((o) => orgs.has(o)) || blocked.has(String(c.data.user)))
        errors.push({ path, key: 'errors.notInOrg' });
    }
  }
  return errors;
}

export const CONTACT_PAIRS = [
  { orgs: 'primaryOrg', contacts: 'primaryContacts' },
  { orgs: 'supOrgs', contacts: 'supContacts' },
] as const;

/**
 * Consultation beforeWrite: a new one is a DRAFT (the system may seed other states); the
 * contact rules on every write; and a proponent, whose update right comes from their
 * organisation's PROPONENT grant or from drafting it, edits only while it is theirs to edit
 * (DRAFT or INCOMPLETE). The community's editors and the system edit in any state.
 */
export async function consultationBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  const p = ctx.principal;
  if (ctx.kind === 'delete') {
    if (p !== SYSTEM && !p.admin && ctx.current?.data.state !== 'DRAFT')
      throw new AppError('notAllowed', 'only a draft consultation may be deleted');
    return;
  }
  if (ctx.kind === 'create' && (p !== SYSTEM || ctx.data.state === undefined)) ctx.data.state = 'DRAFT';
  if (ctx.kind === 'update' && p !== SYSTEM && !p.admin && rankIn(p, ctx.current!.owner) < EDITOR) {
    const state = String(ctx.current!.data.state ?? 'DRAFT');
    if (!(PROPONENT_EDITABLE as readonly string[]).includes(state))
      throw new AppError('notAllowed', `a ${state} consultation is the community's to change`);
  }
  const merged = ctx.kind === 'update' ? mergePatch(ctx.current!.data, ctx.data) : ctx.data;
  const errors = await contactRuleErrors(tx, ctx.items, p, merged, CONTACT_PAIRS);
  if (errors.length)
    throw new AppError('invalidInput', errors.map((e) => `${e.path}: ${e.key}`).join('; '), {
      fields: errors,
    });
}

/**
 * Items that follow a consultation (its territories and mapped features): the proponent adds
 * them only while the consultation is theirs to edit, as for the consultation itself.
 */
export async function followerOfConsultationBeforeWrite(
  tx: Executor,
  ctx: BeforeWriteContext,
): Promise<void> {
  const p = ctx.principal;
  if (p === SYSTEM || p.admin) return;
  const cid = (ctx.data.consultation ?? ctx.current?.data.consultation) as string | undefined;
  if (typeof cid !== 'string') return;
  // As the system: a write hook reads the consultation's state and owner for the proponent's rule.
  const c = (await loadRowsAsSystem(tx, [cid])).get(cid);
  if (!c || c.type !== 'Consultation') return;
  if (rankIn(p, c.owner) >= EDITOR) return;
  if (!(PROPONENT_EDITABLE as readonly string[]).includes(String(c.data.state ?? 'DRAFT')))
    throw new AppError('notAllowed', `the consultation is ${String(c.data.state)}`);
}

export function mergePatch(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
