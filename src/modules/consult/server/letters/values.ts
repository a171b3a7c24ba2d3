import { sql } from 'drizzle-orm';
import {
  loadRowsAsSystem,
  query,
  readableByAll,
  readersOf,
  type Executor,
  type ItemRow,
  type ItemService,
  type Principal,
} from '../../../../server/module-api';
import type { LetterValues } from '../../letter-fill';
import { ownedLovValue } from '../lov-value';

// The values a template is filled with, read in the act's transaction from the response, its
// consultation, the organisations they name, the response's concerns and the owner's list labels.
// Each is taken only if every reader of the letter may read where it comes from (the letter
// follows the response, so its readers are the response's: readersOf), under its level and
// protocols. The letter, once sent, tells the proponent what those readers know and nothing
// closer kept: a concern restricted to the Elders, or a list label kept from the staff, stays
// out (a value left out is a gap the staff see, as any missing value is).

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** "November 24, 2026": a letter's dates are written out (no ambiguous 11/12). */
export function letterDate(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T12:00:00Z` : s);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleDateString('en-CA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** What of the response's world every reader of the letter may read. */
interface Readable {
  rows(ids: readonly (string | null)[]): Promise<Map<string, ItemRow>>;
  row(id: string | null): Promise<ItemRow | undefined>;
}

function readableBy(tx: Executor, items: ItemService, readers: readonly Principal[]): Readable {
  const rows = async (ids: readonly (string | null)[]) => {
    // As the system: each row is kept only if every reader of the letter may read it (below).
    const found = await loadRowsAsSystem(
      tx,
      ids.filter((x): x is string => !!x),
    );
    const out = new Map<string, ItemRow>();
    for (const [id, r] of found)
      if (!r.deleted && (await readableByAll(items, tx, readers, r))) out.set(id, r);
    return out;
  };
  return { rows, row: async (id) => (id ? (await rows([id])).get(id) : undefined) };
}

async function lovLabel(
  tx: Executor,
  readable: Readable,
  owner: string | null,
  list: string,
  key: unknown,
): Promise<string | null> {
  const k = str(key);
  if (!k) return null;
  const hit = await ownedLovValue(tx, owner, list, k);
  if (!hit) return k;
  // A value kept from some reader is no label of the letter's (its key is no wording either).
  return (await readable.row(hit.id)) ? (hit.en ?? k) : null;
}

/** "Lucy Tran": a contact's name as a letter addresses them. */
function contactName(c: ItemRow): string | null {
  const parts = [c.data.firstName, c.data.lastName].map(str).filter((x): x is string => !!x);
  return parts.length ? parts.join(' ') : null;
}

/**
 * The overlay summary the community shared with the proponent (spOverlayShare's message in a
 * SPATIAL_SUMMARY thread on the consultation): counts and type labels only, already what the
 * proponent was told. The newest one; its first line the lead, the counts by kind a list.
 */
async function overlaySummary(
  tx: Executor,
  readable: Readable,
  response: ItemRow,
  consultation: string | null,
): Promise<LetterValues['response.overlaySummary']> {
  if (!consultation) return null;
  const [hit] = await query<{ id: string }>(
    tx,
    sql`select m.id from items m join items t on t.id = m.data->>'thread'
      where m.type = 'Message' and not m.deleted and t.type = 'Thread' and not t.deleted
        and t.data->>'purpose' = 'SPATIAL_SUMMARY' and t.data->>'context' = ${consultation}
        and coalesce(t.owner, '') = ${response.owner ?? ''}
      order by m.num desc limit 1`,
  );
  const m = await readable.row(hit?.id ?? null);
  const lines = (str(m?.data.body) ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length ? { lead: lines[0]!, items: lines.slice(1) } : null;
}

/** The template's own values: the signatory it names. */
export interface TemplateValues {
  signatoryName?: unknown;
  signatoryTitle?: unknown;
}

export async function letterValues(
  tx: Executor,
  items: ItemService,
  response: ItemRow,
  now: Date,
  template: TemplateValues = {},
): Promise<LetterValues> {
  const readable = readableBy(tx, items, await readersOf(tx, response));
  const d = response.data;
  const cid = str(d.consultation);
  const c = await readable.row(cid);
  const cd = c ? c.data : {};
  const orgs = await readable.rows([
    str(cd.primaryOrg) ?? str(d.primaryOrg),
    str(d.community) ?? response.owner,
  ]);
  const orgName = (id: string | null) => {
    const o = id ? orgs.get(id) : undefined;
    return o ? str(o.data.displayName) : null;
  };
  // The addressee: the consultation's first primary contact every reader of the letter may
  // read; with none, the proponent organisation itself ("Dear Northern Pipeline Corp.").
  const contactIds = (Array.isArray(cd.primaryContacts) ? cd.primaryContacts : [])
    .concat(Array.isArray(d.primaryContacts) ? d.primaryContacts : [])
    .filter((x): x is string => typeof x === 'string');
  const contacts = await readable.rows(contactIds);
  const contact = contactIds.map((id) => contacts.get(id)).find((r) => r && r.type === 'Contact');
  const proponent = orgName(str(cd.primaryOrg) ?? str(d.primaryOrg));
  const identifiers = (Array.isArray(cd.identifiers) ? cd.identifiers : [])
    .map(str)
    .filter((x): x is string => !!x);
  const concernIds = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'ConsultResponseConcern' and not deleted
      and data->>'response' = ${response.id} order by num`,
  );
  const concerns = await readable.rows(concernIds.map((r) => r.id));
  return {
    'addressee.name': (contact && contactName(contact)) ?? proponent,
    'addressee.organisation': proponent,
    'consultation.fileNumber': identifiers.length ? identifiers.join(', ') : null,
    'response.overlaySummary': await overlaySummary(tx, readable, response, cid),
    'signatory.name': str(template.signatoryName),
    'signatory.title': str(template.signatoryTitle),
    'project.name': str(cd.projectName) ?? str(d.projectName),
    'project.description': str(cd.projectDescription),
    'project.location': str(cd.locationDescription),
    'proponent.name': proponent,
    'community.name': orgName(str(d.community) ?? response.owner) ?? str(d.communityName),
    'consultation.submitted': letterDate(cd.submitted),
    'consultation.requestedResponseDate': letterDate(cd.requestedResponseDate ?? d.requestedResponseDate),
    'response.anticipatedResponse': letterDate(d.anticipatedResponse),
    'response.outcome': await lovLabel(tx, readable, response.owner, 'RWF_OUTCOMES', d.outcome),
    'response.priority': await lovLabel(tx, readable, response.owner, 'CNS_PRIORITIES', d.priority),
    'response.concerns': concernIds
      .map((r) => concerns.get(r.id))
      .map((r) => str(r?.data.subject))
      .filter((x): x is string => !!x),
    today: letterDate(now.toISOString()),
  };
}
