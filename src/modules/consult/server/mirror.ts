import { sql } from 'drizzle-orm';
import {
  loadRowsAsSystem,
  query,
  SYSTEM,
  type Executor,
  type ItemRow,
  type WriteEvent,
} from '../../../server/module-api';
import { moveFor } from '../lifecycle';
import { MIRRORED_FIELDS, RESPONSE_DONE } from '../types';
import { keptLetterFileConsultation } from './letters/kept-files';

// Copies kept in step inside the write's transaction (docs/consultation.md "Mirrored fields"):
// a response's and a ConsultAttachment's copy of the consultation's fields, a response's copy of
// its community's name, ConsultAttachment rows for a consultation's files, and the
// consultation's automatic RESPONDED.

/** The consultation's mirrored fields as a patch (null removes a field the consultation lost). */
export function mirroredOf(c: ItemRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of MIRRORED_FIELDS) out[k] = c.data[k] ?? null;
  return out;
}

async function idsWhere(tx: Executor, type: string, key: string, value: string): Promise<string[]> {
  const rows = await query<{ id: string }>(
    tx,
    sql`select id from items where type = ${type} and not deleted and data->>${key} = ${value} order by num`,
  );
  return rows.map((r) => r.id);
}

export const responsesOf = (tx: Executor, consultation: string) =>
  idsWhere(tx, 'ConsultResponse', 'consultation', consultation);

/** Consultation afterWrite: a changed mirrored field is copied to its responses and attachments. */
export async function mirrorConsultation(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'updated' || !e.changes) return;
  if (!MIRRORED_FIELDS.some((k) => k in e.changes!)) return;
  const patch = mirroredOf(e.row);
  const targets = [
    ...(await responsesOf(tx, e.row.id)),
    ...(await idsWhere(tx, 'ConsultAttachment', 'consultation', e.row.id)),
  ];
  for (const id of targets)
    await e.items.patchIn(tx, SYSTEM, id, patch, { actor: e.actor, realActor: e.realActor });
}

/** The community's name as a response's label shows it (its label, from the stored row). */
export async function communityNameOf(tx: Executor, e: Pick<WriteEvent, 'items'>, org: string) {
  // As the system: a write hook copies the community's name onto its responses, as its label shows it.
  const row = (await loadRowsAsSystem(tx, [org])).get(org);
  return row && !row.deleted ? e.items.labelOf(row) : null;
}

/** Organization afterWrite: a renamed community's responses carry the new name. */
export async function mirrorCommunityName(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'updated' || !e.changes) return;
  if (!('displayName' in e.changes) && !('legalName' in e.changes)) return;
  const communityName = e.items.labelOf(e.row);
  for (const id of await idsWhere(tx, 'ConsultResponse', 'community', e.row.id))
    await e.items.patchIn(tx, SYSTEM, id, { communityName }, { actor: e.actor, realActor: e.realActor });
}

function extensionOf(name: unknown): string | null {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(String(name ?? ''));
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Attachment afterWrite: a file whose parent is a Consultation has one ConsultAttachment row,
 * created with it, changed with it (renamed, trashed) and deleted with it. So has a sent letter's
 * PDF or DOCX (a file of the response, letters/kept-files.ts): its row is made by the send, and
 * kept in step here.
 */
export async function mirrorAttachment(tx: Executor, e: WriteEvent): Promise<void> {
  const parent = e.row.data.rel;
  if (typeof parent !== 'string' || e.kind === 'touched') return;
  const rel = parent.startsWith('Consultation-') ? parent : await keptLetterFileConsultation(tx, e.row);
  if (!rel) return;
  await mirrorFileRow(tx, e.items, e.row, e.kind, rel, { actor: e.actor, realActor: e.realActor });
}

/** The file's ConsultAttachment row on consultation `rel`: made, changed or deleted with the file. */
export async function mirrorFileRow(
  tx: Executor,
  items: WriteEvent['items'],
  row: ItemRow,
  kind: WriteEvent['kind'],
  rel: string,
  by: { actor: string | null | undefined; realActor?: string | null | undefined },
): Promise<void> {
  const [existing] = await idsWhere(tx, 'ConsultAttachment', 'attachment', row.id);
  if (kind === 'deleted') {
    if (existing) await items.deleteIn(tx, SYSTEM, existing, by);
    return;
  }
  // As the system: a write hook mirrors the consultation's fields onto its own attachment's row, which
  // follows it.
  const consultation = (await loadRowsAsSystem(tx, [rel])).get(rel);
  if (!consultation || consultation.type !== 'Consultation') return;
  const d = row.data;
  const data: Record<string, unknown> = {
    originalName: d.originalName ?? null,
    size: d.size ?? null,
    kind: d.mimeGroup ?? null,
    filetype: d.filetype ?? null,
    extension: extensionOf(d.originalName),
    trashed: d.trashed === true ? true : null,
    consultation: rel,
    ...mirroredOf(consultation),
  };
  if (existing) await items.patchIn(tx, SYSTEM, existing, data, by);
  else {
    for (const [k, v] of Object.entries(data)) if (v === null) delete data[k];
    await items.createIn(tx, SYSTEM, 'ConsultAttachment', { ...data, attachment: row.id }, by);
  }
}

/**
 * ConsultResponse afterWrite: once every response of a CONSULTING consultation is finished
 * (RESPONDED, OFFLINE, NO_RESPONSE or NOT_SELECTED), the consultation is RESPONDED (the
 * table's automatic move).
 */
export async function autoResponded(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'updated' || !e.changes || !('state' in e.changes)) return;
  if (!(RESPONSE_DONE as readonly string[]).includes(String(e.row.data.state))) return;
  const cid = e.row.data.consultation;
  if (typeof cid !== 'string') return;
  // As the system: a write hook moves the consultation's state when its responses are all done.
  const c = (await loadRowsAsSystem(tx, [cid])).get(cid);
  if (!c || c.deleted || !moveFor('auto', String(c.data.state))) return;
  const open = await query<{ n: number }>(
    tx,
    sql`select count(*)::int as n from items where type = 'ConsultResponse' and not deleted
      and data->>'consultation' = ${cid}
      and coalesce(data->>'state', '') not in ('RESPONDED', 'OFFLINE', 'NO_RESPONSE', 'NOT_SELECTED')`,
  );
  if ((open[0]?.n ?? 0) > 0) return;
  await e.items.patchIn(tx, SYSTEM, cid, { state: 'RESPONDED' }, { actor: e.actor, realActor: e.realActor });
}
