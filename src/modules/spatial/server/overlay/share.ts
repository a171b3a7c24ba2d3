import { sql } from 'drizzle-orm';
import {
  AppError,
  loadRowAsSystem,
  loadRowsAsSystem,
  query,
  readableRowsByAll,
  readersOf,
  setGrantIn,
  SYSTEM,
  type ActHandler,
  type Executor,
  type ItemRow,
  type ItemService,
} from '../../../../server/module-api';
import type { overlayActs } from '../../contract-overlay';
import { SUMMARY_WORDS, summaryText, type OverlaySummary } from '../../overlay-summary';
import { judgedReport } from './judge';
import { isStaffOf } from './readers';

// spOverlayShare (docs/spatial-overlay.md "Who sees what"): the community chooses to tell the
// proponent how many places of which kinds the overlay met. The message is built here from the
// stored summary's counts and the community's list-of-values labels only (overlay-summary.ts),
// those every reader of the response may read, so nothing else (a name, a place, a shape, an id) can ride along, whatever the client sends.

/** The organisations holding the PROPONENT role on the consultation, and the people a thread names. */
function proponentSide(c: ItemRow) {
  const roles = (c.data.roles as Record<string, string> | undefined) ?? {};
  const orgs = Object.entries(roles)
    .filter(([, r]) => r === 'PROPONENT')
    .map(([o]) => o)
    .sort();
  const people = new Set<string>();
  if (c.createdBy) people.add(c.createdBy);
  for (const x of Array.isArray(c.data.primaryContacts) ? c.data.primaryContacts : [])
    if (typeof x === 'string') people.add(x);
  return { orgs, people: [...people] };
}

/**
 * The community's SPL_TYPES labels (English), by key: only values every reader of the response
 * may read by their own level and protocols. The proponent is told what the response's readers
 * know, never a label kept from some of them; such a type is counted under "Other".
 */
async function typeLabels(tx: Executor, items: ItemService, response: ItemRow): Promise<Map<string, string>> {
  const ids = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'LOVValue' and not deleted and owner = ${response.owner}
      and data->>'list' = 'SPL_TYPES' order by id`,
  );
  // As the system: each label is kept only if every reader of the response may read it (below).
  const rows = await loadRowsAsSystem(
    tx,
    ids.map((r) => r.id),
  );
  const readers = await readersOf(tx, response);
  const out = new Map<string, string>();
  for (const r of await readableRowsByAll(items, tx, readers, [...rows.values()])) {
    const key = String(r.data.key ?? '');
    const en = (r.data.t as { en?: unknown } | undefined)?.en;
    out.set(key, typeof en === 'string' && en ? en : key);
  }
  return out;
}

export const spOverlayShare: ActHandler<(typeof overlayActs)['spOverlayShare']> = async ({
  services,
  principal: p,
  body,
}) => {
  const { items } = services;
  return items.transaction(async (tx) => {
    const load = items.loaderFor(tx);
    // As the system: the read is checked just below, and an unreadable report is answered as a missing one.
    const report = await loadRowAsSystem(tx, body.report);
    if (
      !report ||
      report.deleted ||
      report.type !== 'SpatialImpactReport' ||
      !(await items.policy.can(p, 'read', report, load))
    )
      throw new AppError('notFound', `${body.report} not found`);
    const rid = String(report.data.response);
    // As the system: the report's response and consultation: the response's update right is checked below,
    // and only the consultation's proponent side is taken.
    const cid = String((await loadRowsAsSystem(tx, [rid])).get(rid)?.data.consultation ?? '');
    const rows = await loadRowsAsSystem(tx, [rid, cid]);
    const response = rows.get(rid);
    const consultation = rows.get(cid);
    if (!response || response.deleted || !consultation || consultation.deleted)
      throw new AppError('notFound', `${rid} not found`);
    // Telling the proponent anything of the community's places is a decision: those who may
    // change the response (its editors, or a grant), not every staff reader. The record's share
    // button shows on the same rule (the section's `editable`).
    if (!isStaffOf(p, response.owner) || !(await items.policy.can(p, 'update', response, load)))
      throw new AppError('notAllowed', `share ${body.report}`);
    const side = proponentSide(consultation);
    if (side.orgs.length === 0)
      throw new AppError('invalidInput', `${cid} has no proponent`, {
        fields: [{ path: 'proponent', key: 'errors.required' }],
      });
    // Judged again: the response may have more readers than when the report was made.
    const summary =
      (await judgedReport(items, tx, report.data))?.summary ?? (report.data.summary as OverlaySummary);
    const text = summaryText(summary, await typeLabels(tx, items, response));
    const opts = { actor: p.userId, realActor: p.masqueradeFrom };
    const thread = await items.createIn(
      tx,
      SYSTEM,
      'Thread',
      {
        subject: SUMMARY_WORDS.subject,
        context: consultation.id,
        purpose: 'SPATIAL_SUMMARY',
        participants: side.people,
      },
      { ...opts, owner: response.owner, access: 'PROTECTED' },
    );
    for (const org of side.orgs)
      await setGrantIn(tx, items, thread.id, org, ['read'], { grantedBy: 'spatial:summary', ...opts });
    // Written after the grants, so the proponent's people are notified of a message they may read.
    const message = await items.createIn(tx, p, 'Message', {
      thread: thread.id,
      body: text,
      author: p.userId,
    });
    await items.touchIn(tx, SYSTEM, report.id, {
      event: 'SP_SUMMARY_SHARED',
      data: { thread: thread.id },
      ...opts,
    });
    return { thread: thread.id, message: message.id };
  });
};
