import { createWriteStream, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import {
  type AsyncAction,
  type AsyncActionContext,
  TaskError,
  type WireItem,
} from '../../../../server/module-api';
import type { FamilyRelationType, ParentLink, PartnerLink } from '../../types';
import { gedcomDate, gedcomDateValue } from './dates';
import { gedcomLine, pointerLine } from './writer';

// exportGedcom (async; docs/research-gedcom.md "Export"): every CommunityMember the asker may
// read, as one GEDCOM 5.5.1 file in UTF-8. The members are found through search (the access
// policy's SQL form) and read again through readMany, as the asker; a link to a member not
// among them is left out, so nobody the asker cannot read appears, not even as a pointer.
// Families are rebuilt from the links: a child's parents of one kind (BIO, ADOPT, …) are one
// family, two partners are one family, and the two meet when they are the same people.

const BATCH = 200;
/** The most members one export writes; a bigger one is refused (queryTooBroad). */
export const GEDCOM_EXPORT_MAX = 200_000;
export const GEDCOM_EXPORT_FILE = 'community-members.ged';

const PEDI: Partial<Record<FamilyRelationType, string>> = {
  BIO: 'birth',
  ADOPT: 'adopted',
  FOSTER: 'foster',
  SEALED: 'sealing',
};
const XREF = /^[A-Za-z0-9_]{1,20}$/;

interface Member {
  item: WireItem;
  xref: string;
  famc: { fam: string; type: FamilyRelationType }[];
  fams: string[];
}

interface Family {
  xref: string;
  parents: string[];
  partner?: PartnerLink;
  children: { id: string; type: FamilyRelationType }[];
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

async function run(ctx: AsyncActionContext) {
  const { services: s, principal: p, signal } = ctx;
  // Search pages in a stable order (by id when no sort is asked), so paging misses nobody.
  const q = { must: { _t: ['CommunityMember'] } };
  const first = await s.search.search(p, { must: q.must, max: 1, facets: [], labels: false });
  if (first.total > GEDCOM_EXPORT_MAX)
    throw new TaskError('queryTooBroad', `${first.total} members; at most ${GEDCOM_EXPORT_MAX}`);

  // ---- the readable members (read as the asker) ----
  const members = new Map<string, Member>();
  const xrefs = new Set<string>();
  for (let offset = 0; offset < first.total; offset += BATCH) {
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
    const page = await s.search.search(p, { must: q.must, max: BATCH, offset, facets: [], labels: false });
    if (!page.ids.length) break;
    const read = await s.items.readMany(p, page.ids);
    for (const id of page.ids) {
      const item = read[id] as WireItem | undefined;
      if (!item || !('$id' in item) || item._t !== 'CommunityMember' || members.has(id)) continue;
      const own = str(item.gedcomId);
      let xref = XREF.test(own) && !xrefs.has(own) ? own : `CM${id.split('-')[1]}`;
      if (xrefs.has(xref)) xref = `CMX${id.split('-')[1]}`;
      xrefs.add(xref);
      members.set(id, { item, xref, famc: [], fams: [] });
    }
    await ctx.progress(Math.min(60, (members.size / Math.max(1, first.total)) * 60));
  }

  // ---- families from the links between readable members ----
  const families = new Map<string, Family>();
  const family = (ids: string[]) => {
    const key = [...ids].sort().join(' ');
    let f = families.get(key);
    if (!f) {
      f = { xref: `F${families.size + 1}`, parents: [...ids].sort(), children: [] };
      families.set(key, f);
      for (const id of f.parents) members.get(id)!.fams.push(f.xref);
    }
    return f;
  };
  for (const [id, m] of members) {
    const byType = new Map<FamilyRelationType, string[]>();
    for (const l of links<ParentLink>(m.item.parents))
      if (members.has(l.member) && l.member !== id)
        byType.set(l.type, [...(byType.get(l.type) ?? []), l.member]);
    for (const [type, parents] of byType)
      for (let i = 0; i < parents.length; i += 2) {
        const f = family(parents.slice(i, i + 2));
        f.children.push({ id, type });
        m.famc.push({ fam: f.xref, type });
      }
    for (const l of links<PartnerLink>(m.item.partners))
      if (members.has(l.member) && l.member !== id) {
        const f = family([id, l.member]);
        // Both partners usually hold the link; the first met is written.
        f.partner ??= l;
      }
  }

  // ---- the file ----
  const file = ctx.resultPath(GEDCOM_EXPORT_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  const out = createWriteStream(file, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    await write(
      gedcomLine(0, 'HEAD') +
        gedcomLine(1, 'SOUR', 'CKK') +
        gedcomLine(2, 'NAME', 'Community Knowledge Keeper') +
        gedcomLine(1, 'DATE', gedcomDate(new Date().toISOString().slice(0, 10))) +
        pointerLine(1, 'SUBM', 'SUBM1') +
        gedcomLine(1, 'GEDC') +
        gedcomLine(2, 'VERS', '5.5.1') +
        gedcomLine(2, 'FORM', 'LINEAGE-LINKED') +
        gedcomLine(1, 'CHAR', 'UTF-8') +
        gedcomLine(0, 'SUBM', '', 'SUBM1') +
        gedcomLine(1, 'NAME', 'Community Knowledge Keeper'),
    );
    let n = 0;
    for (const m of members.values()) {
      if (signal.aborted) throw new TaskError('cancelled', 'killed');
      await write(individual(m));
      if (++n % BATCH === 0) await ctx.progress(60 + (n / members.size) * 35);
    }
    for (const f of families.values()) await write(familyRecord(f, members));
    await write(gedcomLine(0, 'TRLR'));
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { resultURI: ctx.resultURI(GEDCOM_EXPORT_FILE) };
}

function links<L extends { member: string }>(v: unknown): L[] {
  return Array.isArray(v)
    ? (v.filter((l) => l && typeof l === 'object' && typeof (l as L).member === 'string') as L[])
    : [];
}

function individual(m: Member): string {
  const d = m.item;
  const given = [str(d.firstName), str(d.middleName)].filter(Boolean).join(' ');
  const last = str(d.lastName);
  const atBirth = str(d.lastNameAtBirth);
  let t = gedcomLine(0, 'INDI', '', m.xref);
  // The member's id, so this file read back into its organisation updates, never duplicates.
  t += gedcomLine(1, '_CKKID', d.$id);
  if (given || last || str(d.fullName)) {
    t += gedcomLine(
      1,
      'NAME',
      given || last ? `${given}${last ? ` /${last}/` : ''}`.trim() : str(d.fullName),
    );
    if (given) t += gedcomLine(2, 'GIVN', given);
    if (last) t += gedcomLine(2, 'SURN', last);
    if (str(d.nickName)) t += gedcomLine(2, 'NICK', str(d.nickName));
  }
  if (atBirth && atBirth !== last) {
    t += gedcomLine(1, 'NAME', `${given} /${atBirth}/`.trim());
    t += gedcomLine(2, 'TYPE', 'birth');
  }
  const sex = str(d.genderIdentity).toLowerCase();
  t += gedcomLine(1, 'SEX', sex === 'male' ? 'M' : sex === 'female' ? 'F' : 'U');
  const event = (tag: string, field: 'birth' | 'death', always: boolean) => {
    const date = gedcomDateValue(str(d[`${field}Date`]), d[`${field}DateQualifier`], d[`${field}DateTo`]);
    const place = str(d[`${field}Place`]);
    if (!date && !place) {
      if (always) t += gedcomLine(1, tag, 'Y');
      return;
    }
    t += gedcomLine(1, tag);
    if (date) t += gedcomLine(2, 'DATE', date);
    if (place) t += gedcomLine(2, 'PLAC', place);
  };
  event('BIRT', 'birth', false);
  if (d.deceased === true || d.deathDate || d.deathPlace) event('DEAT', 'death', true);
  if (str(d.familyNotes)) t += gedcomLine(1, 'NOTE', str(d.familyNotes));
  for (const r of Array.isArray(d.identifiers) ? d.identifiers : [])
    if (str(r)) t += gedcomLine(1, 'REFN', str(r));
  for (const f of m.famc) {
    t += pointerLine(1, 'FAMC', f.fam);
    const pedi = PEDI[f.type];
    if (pedi) t += gedcomLine(2, 'PEDI', pedi);
  }
  for (const f of m.fams) t += pointerLine(1, 'FAMS', f);
  return t;
}

function familyRecord(f: Family, members: Map<string, Member>): string {
  let t = gedcomLine(0, 'FAM', '', f.xref);
  // HUSB and WIFE are the file's two partner slots; a reader of ours treats them alike.
  const [a, b] = f.parents.map((id) => members.get(id)!);
  const female = (m?: Member) => str(m?.item.genderIdentity).toLowerCase() === 'female';
  const [husb, wife] = b && female(a) && !female(b) ? [b, a] : [a, b];
  if (husb) t += pointerLine(1, 'HUSB', husb.xref);
  if (wife) t += pointerLine(1, 'WIFE', wife.xref);
  for (const c of f.children) {
    t += pointerLine(1, 'CHIL', members.get(c.id)!.xref);
    // Kinds PEDI cannot say (STEP, GUARDIAN, …) travel as Family Tree Maker's _FREL and _MREL.
    if (!PEDI[c.type]) t += gedcomLine(2, '_FREL', c.type) + gedcomLine(2, '_MREL', c.type);
  }
  const l = f.partner;
  if (l) {
    if (l.type === 'SPOUSE') {
      t += gedcomLine(1, 'MARR', l.start ? '' : 'Y');
      if (l.start) t += gedcomLine(2, 'DATE', gedcomDateValue(l.start, undefined, undefined));
    } else if (l.type !== 'UNKNOWN') t += gedcomLine(1, '_PTYPE', l.type);
    if (l.endType === 'DIVORCED' || l.endType === 'ANNULLED') {
      const tag = l.endType === 'DIVORCED' ? 'DIV' : 'ANUL';
      t += gedcomLine(1, tag, l.end ? '' : 'Y');
      if (l.end) t += gedcomLine(2, 'DATE', gedcomDateValue(l.end, undefined, undefined));
    }
  }
  return t;
}

export const exportGedcom: AsyncAction = { run };
