import { sql } from 'drizzle-orm';
import { ITEM_ACTIONS, roleRank, ROLES, type ItemAction } from '../../../protocol/access-levels';
import { AppError } from '../../../protocol/errors';
import { isCompleteId, makeId } from '../../../protocol/ids';
import {
  actsOf,
  grantAccess,
  historyFor,
  loadPrincipal,
  loadRowAsSystem,
  loadRowsAsSystem,
  type Principal,
  query,
  rankIn,
  readableSql,
  revokeAccess,
  setMembership,
} from '../../../server/module-api';
import { coreActs } from '../contract';
import { adminActs } from './admin-acts';
import { signedIn, type CoreCall } from './act-input';
import { attachmentActs } from './attachment-acts';
import { relActs } from './rel-acts';
import { setCapabilities } from './capabilities';
import { peopleActs } from './people-acts';
import { killTask } from './task-acts';
import { notificationActs } from './notification-acts';

// The generic acts of spec core §7: roles, permission questions, grants, legacy paths and the
// item timeline.

const ORG_ADMIN = roleRank('orgAdmin');

async function isAllowed({ services, principal, body: b }: CoreCall<'isAllowed'>) {
  const t = services.items.typeOf(b._t);
  const allowed: Record<string, boolean> = {};
  if (b._i === 0) {
    for (const a of b.actions) allowed[a] = services.policy.canOnType(principal, t, a);
    return { allowed, applyGrants: false };
  }
  const id = makeId(b._t, b._i);
  // As the system: the read is checked just below; every answer is false for an unreadable item.
  const row = await loadRowAsSystem(services.items.db, id);
  const load = services.items.loaderFor(services.items.db);
  const readable = !!row && !row.deleted && (await services.policy.can(principal, 'read', row, load));
  for (const a of b.actions) {
    if (!readable || !row) allowed[a] = false;
    else if ((ITEM_ACTIONS as readonly string[]).includes(a))
      allowed[a] = await services.policy.can(principal, a as ItemAction, row, load);
    else if (a.endsWith('.read')) allowed[a] = row.access === a.slice(0, -5);
    else allowed[a] = false;
  }
  // Sharing one's own User or Contact item is never offered.
  const own =
    row && (row.id === principal.userId || (row.type === 'Contact' && row.data.user === principal.userId));
  const applyGrants = !!row && readable && !own && (await services.policy.can(principal, 'grant', row, load));
  return { allowed, applyGrants };
}

/** Grants of each readable item, as `{grantedBy: ["principal:action", …]}` (none on a derived item). */
async function getGrantedBy({ services, principal, body: b }: CoreCall<'getGrantedBy'>) {
  const ids = (Array.isArray(b.grantsFor) ? b.grantsFor : Object.keys(b.grantsFor)).filter(isCompleteId);
  // As the system: each row is checked (policy) below before its grants are returned.
  const rows = await loadRowsAsSystem(services.items.db, ids);
  const load = services.items.loaderFor(services.items.db);
  const result: Record<string, Record<string, string[]>> = {};
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || row.deleted || !(await services.policy.can(principal, 'read', row, load))) continue;
    const byGranter: Record<string, string[]> = {};
    // A derived row's stored grants count for nothing (its source alone decides, and the share is
    // made there): listing them would tell the sharing screen they open something. Migration 0019
    // deleted those stored before; one written outside the item service would still be stored.
    if (services.policy.sourceOf(row) !== null) {
      result[id] = byGranter;
      continue;
    }
    for (const g of row.grants)
      (byGranter[g.grantedBy] ??= []).push(...g.actions.map((a) => `${g.principal}:${a}`));
    result[id] = byGranter;
  }
  return { result };
}

async function setGrant({ services, principal, body: b }: CoreCall<'setGrant'>) {
  return grantAccess(services.items, principal, makeId(b._t, b._i), b.principal, b.actions);
}

async function removeGrant({ services, principal, body: b }: CoreCall<'removeGrant'>) {
  return revokeAccess(services.items, principal, makeId(b._t, b._i), b.principal, b.grantedBy);
}

async function getLegacyPath({ services, principal, body: b }: CoreCall<'getLegacyPath'>) {
  // Through the read rule in SQL: an alias of an item the asker may not read answers exactly as
  // an alias nobody has, so no one learns that a hidden item stands behind an old address.
  const [r] = await query<{ item_id: string }>(
    services.items.db,
    sql`select l.item_id from legacy_paths l join items i on i.id = l.item_id
        where l.alias = ${b.alias} and ${readableSql(principal, services.registry, 'i')}`,
  );
  const itemId = r?.item_id;
  if (!itemId) throw new AppError('notFound', 'no item for this alias');
  // The policy's last word, as every read has it.
  await services.items.readableRow(principal, itemId);
  return { itemId };
}

/** Which of the given items may the subject (a user, or an organisation's members) act on? */
async function filterByPerm({ services, principal, body: b }: CoreCall<'filterByPerm'>) {
  signedIn(principal);
  const ids = (Array.isArray(b.query) ? b.query : b.query.ids).filter(isCompleteId);
  const subjectIsOrg = b.subjectID.startsWith('Organization-');
  const self = b.subjectID === principal.userId;
  // Asking about someone else is for those who manage sharing: orgAdmins (and admins). They
  // learn only about items on which they hold the grant right, which getGrantedBy shows anyway.
  const managesSharing = principal.admin || [...principal.orgs.values()].some((r) => r === 'orgAdmin');
  if (!self && !managesSharing) throw new AppError('notAllowed', `filterByPerm for ${b.subjectID}`);
  let subject: Principal | null;
  if (subjectIsOrg)
    subject = {
      userId: `Org:${b.subjectID}`,
      admin: false,
      orgs: new Map([[b.subjectID, 'member']]),
      masqueradeFrom: null,
    };
  else subject = await loadPrincipal(services.items.db, b.subjectID);
  if (!subject) throw new AppError('notFound', `${b.subjectID} not found`);
  // As the system: each row is checked below: the caller's read (or grant) first, then the subject's.
  const rows = await loadRowsAsSystem(services.items.db, ids);
  const load = services.items.loaderFor(services.items.db);
  const chain = b.chain ?? ['read'];
  const results: string[] = [];
  for (const id of ids) {
    let row = rows.get(id);
    if (!row || row.deleted) continue;
    if (b.grantedBy) row = { ...row, grants: row.grants.filter((g) => g.grantedBy === b.grantedBy) };
    const callerMay = self || principal.admin ? 'read' : 'grant';
    if (!(await services.policy.can(principal, callerMay, row, load))) continue;
    let ok = true;
    for (const a of chain) ok = ok && (await services.policy.can(subject, a, row, load));
    if (ok) results.push(id);
  }
  return { results };
}

async function deleteItem({ services, principal, body: b }: CoreCall<'delete'>) {
  if (b._i === 0) throw new AppError('invalidId', 'a complete id is needed');
  return services.items.delete(principal, makeId(b._t, b._i));
}

/** Admins and the organisation's orgAdmins set a user's roles in it. */
async function setMembershipAct({ services, principal, body: b }: CoreCall<'setMembership'>) {
  signedIn(principal);
  if (!principal.admin && rankIn(principal, b.org) < ORG_ADMIN)
    throw new AppError('notAllowed', `manage members of ${b.org}`);
  return services.items.transaction(async (tx) => {
    // By consent: an orgAdmin changes the roles of (or removes) people who are members already,
    // that is who joined by accepting an invitation or were enrolled by a site admin. Anyone
    // else joins by accepting an invitation (act/invite). Site admins set any membership.
    if (!principal.admin) {
      const [known] = await query(
        tx,
        sql`select 1 from memberships where user_id = ${b.userId} and org_id = ${b.org} for update`,
      );
      if (!known) throw new AppError('notInvited', `${b.userId} has not accepted an invitation to ${b.org}`);
    }
    // Recorded on the user's item as a 'membershipChanged' event.
    await setMembership(services.items, tx, b.userId, b.org, b.roles, {
      actor: principal.userId,
      realActor: principal.masqueradeFrom,
    });
    return { userId: b.userId, org: b.org, roles: [...b.roles].sort() };
  });
}

const TIMELINE_LIMIT = 200;

/**
 * The item's events (its timeline and audit trail), newest first, for those who may read the
 * item, each value only where the caller could read it when it was current (historyFor).
 * Actors are labelled only where the caller may read the actor's User.
 */
async function timeline({ services, principal, body: b }: CoreCall<'timeline'>) {
  if (b._i === 0) throw new AppError('invalidId', 'a complete id is needed');
  const id = makeId(b._t, b._i);
  const item = await services.items.readableRow(principal, id);
  const db = services.items.db;
  const rows = await query<{
    id: number | string;
    kind: string;
    actor: string | null;
    at: string | Date;
    data: Record<string, unknown> | string | null;
  }>(
    db,
    sql`select id, kind, actor, at, data from events where item_id = ${id} order by id desc limit ${TIMELINE_LIMIT}`,
  );
  const actors = [...new Set(rows.map((r) => r.actor).filter((a): a is string => !!a && isCompleteId(a)))];
  // As the system: an actor is labelled below only if the caller may read their User (policy).
  const actorRows = await loadRowsAsSystem(db, actors);
  const load = services.items.loaderFor(db);
  const $labels: Record<string, string> = {};
  for (const row of actorRows.values())
    if (!row.deleted && (await services.policy.can(principal, 'read', row, load)))
      $labels[row.id] = services.items.labelOf(row);
  const raw = rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    actor: r.actor,
    at: new Date(r.at).toISOString(),
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
  }));
  return { events: await historyFor(services.items, principal, item, raw), $labels };
}

/** Every core act, registered with its contract (the server half is ./index.ts). */
export const coreActHandlers = actsOf(coreActs, {
  rolesAvailable: async () => ({ roles: [...ROLES].sort() }),
  ...adminActs,
  isAllowed,
  getGrantedBy,
  getLegacyPath,
  filterByPerm,
  delete: deleteItem,
  setGrant,
  removeGrant,
  setMembership: setMembershipAct,
  setCapabilities,
  timeline,
  ...attachmentActs,
  ...relActs,
  ...peopleActs,
  killTask,
  ...notificationActs,
});
