import { sql } from 'drizzle-orm';
import type { ActInput } from '../../../kernel/act-contract';
import { isHiddenValue } from '../../../protocol/item';
import {
  historyFor,
  query,
  type ActCall,
  type HistoryEvent,
  type ItemRow,
  type Principal,
  type Services,
} from '../../../server/module-api';
import { FILE_MOMENTS_MAX, type FileActs, type FileMoment } from '../contract-file';

// The referral's file (contract-file.ts): everything about one consultation, newest first, in
// one answer (one round trip on a rural link). Every source is read as the caller, through the
// item service and search: the consultation itself (readableRow, so an unreadable one is refused
// as any read is), the responses, letters, call logs, meetings, conversations and files that the
// search finds for them, and the histories of those items as historyFor shows them to this
// reader. So a proponent's file of its own referral holds its own moves and nothing of the
// community's work; a person is named only where the caller may read their User.

type Call = ActCall<ActInput<FileActs['cnsFileTimeline']>>;

/** The most of each related type gathered; far above a real referral's (bench:consult has 3). */
const PER_TYPE_MAX = 200;
/** History events read per item of the file (the consultation, its responses and letters). */
const EVENTS_MAX = 2000;
/** The kinds of event that say something on the file; the rest (grants, touches) do not. */
const EVENT_KINDS = ['created', 'updated', 'CNS_ASSIGNED', 'CNS_UNASSIGNED'];

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The ids of a type's items whose `key` names one of `ids`, as `p` may read them. */
async function found(
  services: Services,
  p: Principal,
  type: string,
  key: string,
  ids: readonly string[],
): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const r = await services.search.search(p, { must: { _t: [type], [key]: [...ids] }, max: PER_TYPE_MAX });
  const rows = await services.items.readableRows(p, r.ids);
  return r.ids.map((id) => rows.get(id)).filter((row): row is ItemRow => !!row);
}

interface StepData {
  label?: unknown;
  completedAt?: unknown;
  completedBy?: unknown;
  state?: unknown;
}

/** The response's completed workflow steps, as its readers see its workflow. */
function stepMoments(response: ItemRow): FileMoment[] {
  const wf = response.data._wf as { steps?: StepData[] } | undefined;
  const out: FileMoment[] = [];
  for (const s of wf?.steps ?? []) {
    const at = str(s.completedAt);
    if (!at) continue;
    out.push({
      kind: 'step',
      at,
      actor: str(s.completedBy) ?? null,
      item: response.id,
      type: response.type,
      title: str(s.label),
    });
  }
  return out;
}

/** What an item's history says on the file: its making, its moves, who was put on it. */
function eventMoments(
  row: ItemRow,
  events: readonly HistoryEvent[],
  label: string,
  sentIn?: string,
): FileMoment[] {
  const out: FileMoment[] = [];
  for (const e of events) {
    const b = { actor: e.actor, at: e.at, item: row.id, type: row.type };
    // A referral logged, a community's response opened (its distribution); a letter's making is
    // its proposal, said by its move to PROPOSED.
    if (e.kind === 'created' && row.type !== 'ResponseLetter')
      out.push({ ...b, kind: 'created', title: label });
    else if (e.kind === 'CNS_ASSIGNED' || e.kind === 'CNS_UNASSIGNED') {
      const user = str(e.data?.user);
      out.push({
        ...b,
        kind: e.kind === 'CNS_ASSIGNED' ? 'assigned' : 'unassigned',
        ...(user ? { people: [user] } : {}),
      });
    } else if (e.kind === 'updated') {
      const change = (e.data?.changes as Record<string, { from?: unknown; to?: unknown }> | undefined)?.state;
      // A state this reader may not see (HIDDEN_VALUE) is no moment of theirs.
      if (!change || isHiddenValue(change.to) || typeof change.to !== 'string') continue;
      const from = typeof change.from === 'string' ? change.from : undefined;
      // A sent letter opens on its thread (the message with the PDF), when the reader may read it.
      if (row.type === 'ResponseLetter')
        out.push({
          ...b,
          kind: 'letter',
          to: change.to,
          title: str(row.data.subject),
          ...(change.to === 'SENT' && sentIn ? { item: sentIn } : {}),
        });
      else out.push({ ...b, kind: 'state', to: change.to, ...(from ? { from } : {}) });
    }
  }
  return out;
}

/** The histories of `rows`, each as historyFor shows it to `p`. */
async function histories(
  services: Services,
  p: Principal,
  rows: readonly ItemRow[],
  readableThreads: ReadonlySet<string>,
): Promise<FileMoment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const raw = await query<{
    id: number | string;
    item_id: string;
    kind: string;
    actor: string | null;
    at: string | Date;
    data: Record<string, unknown> | string | null;
  }>(
    services.items.db,
    sql`select id, item_id, kind, actor, at, data from events
      where item_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and kind in (${sql.join(
        EVENT_KINDS.map((k) => sql`${k}`),
        sql`, `,
      )})
      order by id desc limit ${EVENTS_MAX}`,
  );
  const byItem = new Map<string, HistoryEvent[]>();
  for (const r of raw) {
    const e: HistoryEvent = {
      id: Number(r.id),
      kind: r.kind,
      actor: r.actor,
      at: new Date(r.at).toISOString(),
      data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
    };
    const list = byItem.get(r.item_id);
    if (list) list.push(e);
    else byItem.set(r.item_id, [e]);
  }
  const out: FileMoment[] = [];
  for (const row of rows) {
    const events = byItem.get(row.id);
    if (!events) continue;
    const thread = str(row.data.thread);
    const sentIn = thread && readableThreads.has(thread) ? thread : undefined;
    const shown = await historyFor(services.items, p, row, events);
    out.push(...eventMoments(row, shown, services.items.labelOf(row), sentIn));
  }
  return out;
}

/** A meeting's moment: its day, at its start when it has one (the site's clock, UTC). */
function meetingAt(row: ItemRow): string {
  const date = str(row.data.date) ?? row.createdAt;
  const start = str(row.data.start);
  return start && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T${start}:00.000Z` : date;
}

/** The file as `p` may read it (the act and the tests call it). */
export async function fileTimeline(
  services: Services,
  p: Principal,
  consultationId: string,
): Promise<{ moments: FileMoment[]; $labels: Record<string, string>; more: boolean }> {
  const consultation = await services.items.readableRow(p, consultationId);
  const cid = consultation.id;
  const [responses, commLogs, meetings, files] = await Promise.all([
    found(services, p, 'ConsultResponse', 'consultation', [cid]),
    found(services, p, 'CommLog', 'context', [cid]),
    found(services, p, 'Meeting', 'context', [cid]),
    found(services, p, 'ConsultAttachment', 'consultation', [cid]),
  ]);
  const responseIds = responses.map((r) => r.id);
  const [letters, threads] = await Promise.all([
    found(services, p, 'ResponseLetter', 'response', responseIds),
    found(services, p, 'Thread', 'context', [cid, ...responseIds]),
  ]);
  // A sent letter's thread is the letter's sending: the letter's moment says it, and opens it.
  const letterThreads = new Set(letters.map((l) => str(l.data.thread)).filter(Boolean));
  const threadIds = new Set(threads.map((t) => t.id));

  const moments: FileMoment[] = [
    ...(await histories(services, p, [consultation, ...responses, ...letters], threadIds)),
    ...responses.flatMap(stepMoments),
  ];
  for (const c of commLogs) {
    const people = Array.isArray(c.data.contacts) ? c.data.contacts.filter((x) => typeof x === 'string') : [];
    moments.push({
      kind: 'commLog',
      at: str(c.data.date) ?? c.createdAt,
      actor: c.createdBy,
      item: c.id,
      type: c.type,
      title: str(c.data.subject),
      ...(people.length ? { people } : {}),
      ...(str(c.data.type) ? { lov: str(c.data.type) } : {}),
    });
  }
  for (const m of meetings)
    moments.push({
      kind: 'meeting',
      at: meetingAt(m),
      actor: m.createdBy,
      item: m.id,
      type: m.type,
      title: str(m.data.summary),
      ...(str(m.data.start) ? { time: str(m.data.start) } : {}),
    });
  for (const t of threads)
    if (!letterThreads.has(t.id))
      moments.push({
        kind: 'thread',
        at: t.createdAt,
        actor: t.createdBy,
        item: t.id,
        type: t.type,
        title: str(t.data.subject),
      });
  for (const f of files)
    if (f.data.trashed !== true)
      moments.push({
        kind: 'file',
        at: f.createdAt,
        actor: f.createdBy,
        // The file itself: its row on the file list stands for it.
        item: str(f.data.attachment) ?? f.id,
        type: 'Attachment',
        title: str(f.data.originalName),
      });

  // Newest first; a plain date (a day's call) sorts as its day's start.
  moments.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const kept = moments.slice(0, FILE_MOMENTS_MAX);
  const named = new Set<string>();
  for (const m of kept) {
    if (m.actor) named.add(m.actor);
    for (const id of m.people ?? []) named.add(id);
  }
  // Labels only of the people the caller may read (labelsFor asks the policy of each).
  const $labels = await services.items.labelsFor(p, [...named]);
  return { moments: kept, $labels, more: moments.length > kept.length };
}

export async function cnsFileTimeline({ services, principal, body }: Call) {
  return fileTimeline(services, principal, body.consultation);
}
