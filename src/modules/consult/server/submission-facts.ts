import { bboxOf, checkGeometry, unionBBox, type BBox, type Geometry } from '../../../kernel/geometry';
import { measure, type Kind } from '../../../kernel/geometry-measure';
import type { ItemRow, Principal, Services } from '../../../server/module-api';
import { ownedLovValue } from './lov-value';

// What a referral's PDF says (issue 38, Deliver 1: "a PDF of the submission"), gathered AS THE
// READER: the consultation through the checked read (a reader who may not read it is refused
// exactly as for an id never used: refusedRead, docs/access-model.md "What an outsider is
// told"), the organisations, contacts, project features and files through readableRows and the
// policy's search. So the PDF never says more than its reader may read; a contact they may not
// read is left out, as on the record. Every value is in words: names, not ids; list labels, not
// keys.

export interface SubmissionArea {
  label: string;
  kind: Kind;
  /** Shapes in it (a Multi form's parts). */
  parts: number;
  /** m² of an area, m of a line, 0 for points (kernel measure). */
  size: number;
}

export interface SubmissionFacts {
  id: string;
  /** Still the proponent's draft: nothing was submitted yet. */
  draft: boolean;
  project: string;
  community: string | null;
  proponent: string | null;
  contacts: string[];
  fileNumbers: string[];
  submitted: string | null;
  requested: string | null;
  region: string | null;
  stream: string | null;
  projectType: string | null;
  description: string | null;
  location: string | null;
  areas: SubmissionArea[];
  /** The box around every feature, lon/lat: [west, south, east, north]. */
  box: BBox | null;
  files: string[];
}

/** Far above a real referral's features or files (the search's own cap is higher). */
const PARTS_MAX = 200;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v : []).map(str).filter((x): x is string => !!x);

/** A key with no label anywhere, made readable ("NORTH_EAST" → "North east"), never shown raw. */
const keyWords = (k: string) => {
  const s = k.replace(/_/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/**
 * The English label of a list value the consultation holds. The consultation's owner's wording
 * comes first: the label goes with the key on an item the reader may read (docs/access-model.md
 * "A list value's label goes with the key", lov-in-use.ts). A draft, owned by the proponent,
 * holds the community's keys: then the community's value, if the reader may read it.
 */
async function listLabel(
  services: Services,
  p: Principal,
  c: ItemRow,
  list: string,
  key: unknown,
): Promise<string | null> {
  const k = str(key);
  if (!k) return null;
  const { items } = services;
  const own = await ownedLovValue(items.db, c.owner, list, k);
  if (own) return own.en ?? keyWords(k);
  const community = str(c.data.submittedTo);
  const theirs = community ? await ownedLovValue(items.db, community, list, k) : null;
  const readable = theirs && (await items.readableRows(p, [theirs.id])).has(theirs.id);
  return (readable && theirs.en) || keyWords(k);
}

/** The rows of `type` whose `key` is the consultation, as the reader may read them, oldest first. */
async function linkedRows(
  services: Services,
  p: Principal,
  q: { type: string; key: string; id: string; skipTrashed?: boolean },
): Promise<ItemRow[]> {
  const r = await services.search.search(p, {
    must: { _t: [q.type], [q.key]: [q.id] },
    ...(q.skipTrashed ? { mustNot: { trashed: [true] } } : {}),
    sort: [{ key: '_c.ts', order: 'asc' }],
    max: PARTS_MAX,
  });
  const rows = await services.items.readableRows(p, r.ids);
  return r.ids.map((id) => rows.get(id)).filter((row): row is ItemRow => !!row);
}

function areasOf(features: readonly ItemRow[], label: (r: ItemRow) => string) {
  const areas: SubmissionArea[] = [];
  let box: BBox | null = null;
  for (const f of features) {
    const g = f.data.geometry;
    if (checkGeometry(g) !== null) continue;
    const m = measure(g as Geometry);
    areas.push({ label: label(f), kind: m.kind, parts: m.parts, size: m.size });
    box = unionBBox(box, bboxOf(g as Geometry));
  }
  return { areas, box };
}

/** The facts of consultation `id` as `p` may read them; refused as the item service refuses. */
export async function submissionFacts(
  services: Services,
  p: Principal,
  id: string,
): Promise<SubmissionFacts> {
  const { items } = services;
  // The checked read, of a Consultation only: another type's id answers as a missing one.
  const c = await items.readableRowIn(items.db, p, id, { type: 'Consultation' });
  const d = c.data;
  const orgs = await items.readableRows(
    p,
    [str(d.primaryOrg), str(d.submittedTo)].filter((x): x is string => !!x),
  );
  const orgName = (v: unknown) => {
    const o = str(v) ? orgs.get(str(v)!) : undefined;
    return o ? items.labelOf(o) : null;
  };
  const contactIds = strs(d.primaryContacts);
  const contacts = await items.readableRows(p, contactIds);
  const [features, files] = await Promise.all([
    linkedRows(services, p, { type: 'ConsultProjectFeature', key: 'consultation', id: c.id }),
    linkedRows(services, p, { type: 'Attachment', key: 'rel', id: c.id, skipTrashed: true }),
  ]);
  const label = (r: ItemRow) => items.labelOf(r);
  return {
    id: c.id,
    draft: d.state === 'DRAFT' || d.state === undefined,
    project: str(d.projectName) ?? items.labelOf(c),
    community: orgName(d.submittedTo),
    proponent: orgName(d.primaryOrg),
    contacts: contactIds.map((cid) => contacts.get(cid)).flatMap((r) => (r ? [label(r)] : [])),
    fileNumbers: strs(d.identifiers),
    submitted: str(d.submitted),
    requested: str(d.requestedResponseDate),
    region: await listLabel(services, p, c, 'CNS_REGIONS', d.region),
    stream: await listLabel(services, p, c, 'CNS_STREAMS', d.stream),
    projectType: await listLabel(services, p, c, 'CNS_PROJECT_TYPES', d.projectType),
    description: str(d.projectDescription),
    location: str(d.locationDescription),
    ...areasOf(features, label),
    files: files.map(label),
  };
}
