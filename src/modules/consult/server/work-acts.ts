import { sql } from 'drizzle-orm';
import { roleRank } from '../../../protocol/access-levels';
import {
  AppError,
  assertSendableFiles,
  loadPrincipal,
  loadRowsAsSystem,
  query,
  rankIn,
  SYSTEM,
  textArray,
  type Executor,
  type ItemRow,
  type ItemService,
  type Principal,
} from '../../../server/module-api';
import { assertConsultStaff, holds } from './rules';
import {
  lockedConsultation,
  orgsInRole,
  proponentThread,
  setRoleIn,
  THREAD_LEVEL,
  type ConsultCall,
} from './lifecycle-acts';

// The acts of the response work: people on a consultation or a response, roles, sending the
// response to the proponent, recording an answer given outside the platform, and recording a
// partner organisation.

const opts = (p: Principal) => ({ actor: p.userId, realActor: p.masqueradeFrom });

async function lockedReadable(tx: Executor, items: ItemService, p: Principal, id: string, type: string) {
  return items.readableRowIn(tx, p, id, { type, lock: true });
}

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

async function changeAssignee(call: ConsultCall<'cnsAssign'>, add: boolean) {
  const { services, principal: p, body } = call;
  const { items } = services;
  return items.transaction(async (tx) => {
    const type = body.item.startsWith('Consultation-') ? 'Consultation' : 'ConsultResponse';
    const row = await lockedReadable(tx, items, p, body.item, type);
    await assertConsultStaff(tx, p, row);
    const current = list(row.data.internalContacts);
    if (add) {
      // One of the owning community's own people, who can read what they are put on.
      const who = await loadPrincipal(tx, body.user);
      if (
        !who ||
        rankIn(who, row.owner) < 0 ||
        !(await items.policy.can(who, 'read', row, items.loaderFor(tx)))
      )
        throw new AppError('invalidInput', `${body.user} cannot work on ${row.id}`, {
          fields: [{ path: 'user', key: 'errors.invalidValue' }],
        });
    }
    const next = add ? [...new Set([...current, body.user])] : current.filter((u) => u !== body.user);
    if (next.length === current.length && next.every((u, i) => u === current[i]))
      return { $id: row.id, internalContacts: current };
    const written = await items.patchIn(
      tx,
      SYSTEM,
      row.id,
      { internalContacts: next.length ? next : null },
      opts(p),
    );
    await items.touchIn(tx, SYSTEM, row.id, {
      event: add ? 'CNS_ASSIGNED' : 'CNS_UNASSIGNED',
      data: { user: body.user },
      ...opts(p),
    });
    // The assignee hears of it through core's notifications (the bell, and mail by preference).
    if (add && body.user !== p.userId)
      await items.createIn(
        tx,
        SYSTEM,
        'Notify',
        { kind: 'assigned', recipient: body.user, context: row.id, unread: true },
        { ...opts(p), owner: null, access: 'PRIVATE' },
      );
    return { $id: row.id, internalContacts: list(written.data.internalContacts) };
  });
}

export const cnsAssign = (call: ConsultCall<'cnsAssign'>) => changeAssignee(call, true);
export const cnsUnassign = (call: ConsultCall<'cnsUnassign'>) => changeAssignee(call, false);

export async function cnsSetRole({ services, principal: p, body }: ConsultCall<'cnsSetRole'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const row = await lockedConsultation(tx, items, p, body.consultation);
    await assertConsultStaff(tx, p, row);
    // As the system: an organisation's type, for the role; nothing of it is returned.
    const org = (await loadRowsAsSystem(tx, [body.org])).get(body.org);
    if (!org || org.deleted || org.type !== 'Organization' || body.org === row.owner)
      throw new AppError('invalidInput', `${body.org} cannot hold a role`, {
        fields: [{ path: 'org', key: 'errors.invalidValue' }],
      });
    const roles = await setRoleIn(tx, items, p, row, body.org, body.role);
    return { $id: row.id, roles };
  });
}

/** The response's own files named in `ids`, or a field error: only these are sent. */
async function responseFiles(tx: Executor, response: ItemRow, ids: readonly string[]): Promise<ItemRow[]> {
  // As the system: only matched to the response here; the sender's read of each file before it is copied to
  // the proponent is issue 36 finding 2 (its own branch).
  const rows = await loadRowsAsSystem(tx, ids);
  const bad = ids.findIndex((id) => {
    const a = rows.get(id);
    return (
      !a || a.deleted || a.type !== 'Attachment' || a.data.rel !== response.id || a.data.trashed === true
    );
  });
  if (bad >= 0)
    throw new AppError('invalidInput', `${ids[bad]} is not a file of ${response.id}`, {
      fields: [{ path: `attachments.${bad}`, key: 'errors.invalidValue' }],
    });
  return ids.map((id) => rows.get(id)!);
}

export async function rwfSendResponse({ services, principal: p, body }: ConsultCall<'rwfSendResponse'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const response = await lockedReadable(tx, items, p, body.response, 'ConsultResponse');
    await assertConsultStaff(tx, p, response);
    return sendResponseIn(tx, items, p, response, body);
  });
}

/**
 * Sends a response (locked, the caller checked as its staff) to the proponent: the thread and
 * its message with copies of the chosen files. Shared with the letter's send (letters/acts.ts).
 */
export async function sendResponseIn(
  tx: Executor,
  items: ItemService,
  p: Principal,
  response: ItemRow,
  body: {
    purpose: string;
    subject: string;
    message: string;
    attachments: readonly string[];
    /** The consultation's regulators read it too (a letter sent with a copy to them). */
    copyRegulators?: boolean;
  },
): Promise<{ thread: string; message: string }> {
  if (body.purpose !== 'CONSULT_ACK' && body.attachments.length === 0)
    throw new AppError('attachmentsRequired', `${body.purpose} needs files`);
  const files = await responseFiles(tx, response, [...new Set(body.attachments)]);
  // The copies are read by the thread's readers (the community's staff, and the proponent by
  // its grant): never a file the sender may not open, nor one closed to some of them.
  await assertSendableFiles(items, tx, p, files, { owner: response.owner, access: THREAD_LEVEL });
  const cid = String(response.data.consultation);
  // As the system: the response (checked by the act) answers this consultation; only its proponent side is
  // taken.
  const consultation = (await loadRowsAsSystem(tx, [cid])).get(cid);
  if (!consultation || consultation.deleted) throw new AppError('notFound', `${cid} not found`);
  const sent = await proponentThread(
    tx,
    items,
    p,
    consultation,
    response.owner,
    { purpose: body.purpose, subject: body.subject, body: body.message },
    body.copyRegulators ? orgsInRole(consultation, 'REGULATOR') : [],
  );
  // Copies of the chosen files on the message (same stored bytes, new rows): the proponent
  // reads the message's files through the thread, never the response's other files.
  const copies: string[] = [];
  for (const [i, f] of files.entries()) {
    const copy: Record<string, unknown> = {
      rel: sent.message,
      relProp: 'attachments',
      relIndex: i,
      relType: 'Message',
    };
    for (const k of ['originalName', 'fileID', 'filetype', 'size', 'mimeGroup'])
      if (f.data[k] !== undefined && f.data[k] !== null) copy[k] = f.data[k];
    copies.push((await items.createIn(tx, SYSTEM, 'Attachment', copy, opts(p))).id);
  }
  if (copies.length) await items.patchIn(tx, SYSTEM, sent.message, { attachments: copies }, opts(p));
  if (body.purpose === 'CONSULT_RESPONSE' && response.data.state !== 'RESPONDED')
    await items.patchIn(tx, SYSTEM, response.id, { state: 'RESPONDED' }, opts(p));
  return sent;
}

/** The response `id`, locked, that `p` may read (notFound otherwise). */
export const lockedResponse = (tx: Executor, items: ItemService, p: Principal, id: string) =>
  lockedReadable(tx, items, p, id, 'ConsultResponse');

export async function rwfRecordOffline({ services, principal: p, body }: ConsultCall<'rwfRecordOffline'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const response = await lockedReadable(tx, items, p, body.response, 'ConsultResponse');
    await assertConsultStaff(tx, p, response);
    await items.patchIn(tx, SYSTEM, response.id, { state: 'OFFLINE', outcome: body.outcome }, opts(p));
    return { $id: response.id, state: 'OFFLINE' as const };
  });
}

export async function cnsCreateOrganization({
  services,
  principal: p,
  body,
}: ConsultCall<'cnsCreateOrganization'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    // Staff or higher of a community holding Consult: Organization is otherwise admin-create only.
    const communities = p.admin
      ? []
      : (
          await query<{ id: string }>(
            tx,
            sql`select id from items where type = 'Organization' and not deleted and data->>'type' = 'COMMUNITY'
              and id = any(${textArray([...p.orgs.keys()])})`,
          )
        ).map((r) => r.id);
    let allowed = p.admin;
    for (const c of communities)
      if (!allowed && rankIn(p, c) >= roleRank('staff') && (await holds(tx, p, c, 'Consult'))) allowed = true;
    if (!allowed) throw new AppError('notAllowed', 'record an organisation');
    const data: Record<string, unknown> = { displayName: body.displayName, type: body.type };
    for (const k of ['website', 'legalName', 'industry'] as const) if (body[k]) data[k] = body[k];
    const org = await items.createIn(tx, SYSTEM, 'Organization', data, opts(p));
    return { $id: org.id };
  });
}
