import type { FamilyRelationType } from '../../types';
import { type KeptDate, keptDate } from './dates';
import { child, children, type GedcomNode, type GedcomRecord } from './records';

// An INDI record as a CommunityMember's fields (docs/research-gedcom.md "What is read"): names,
// sex, birth and death, notes and REFNs. Links come from the FAM records (family.ts); what an
// INDI says of its own childhood families (FAMC with PEDI, ADOP … FAMC) is handed back so the
// family's links get their kind.

export interface ChildOf {
  relation: FamilyRelationType;
  /** ADOP's FAMC ADOP HUSB or WIFE: only that parent adopted; the other is the birth parent. */
  adoptedBy?: 'HUSB' | 'WIFE';
}

export interface PersonRead {
  data: Record<string, unknown>;
  /** Family xref → how the person is its child, for families other than by birth. */
  childOf: Map<string, ChildOf>;
  /** Values kept in familyNotes instead of their field, as i18n keys with the value. */
  warnings: { key: string; value: string }[];
}

const FAMILY_NOTES_MAX = 20_000;
const NAME_MAX = 200;

/** GEDCOM PEDI (5.5.1 lower case, 7 upper case) → the genealogy's relation. */
export function pediRelation(v: string): FamilyRelationType | null {
  switch (v.trim().toUpperCase()) {
    case 'BIRTH':
      return 'BIO';
    case 'ADOPTED':
      return 'ADOPT';
    case 'FOSTER':
      return 'FOSTER';
    case 'SEALING':
      return 'SEALED';
    case 'OTHER':
      return 'OTHER';
    default:
      return null;
  }
}

interface NameParts {
  given: string;
  surname: string;
}

/** "Mary Ann /Cardinal/ Jr." → given "Mary Ann", surname "Cardinal"; GIVN and SURN win. */
function nameParts(n: GedcomNode): NameParts {
  const m = /^([^/]*)(?:\/([^/]*)\/?)?(.*)$/.exec(n.value.trim()) ?? [];
  const given = child(n, 'GIVN')?.value.trim() || `${m[1] ?? ''} ${m[3] ?? ''}`.replace(/\s+/g, ' ').trim();
  const surname = child(n, 'SURN')?.value.trim() || (m[2] ?? '').trim();
  return { given, surname };
}

const nameType = (n: GedcomNode) => (child(n, 'TYPE')?.value ?? '').trim().toUpperCase();

function readNames(rec: GedcomRecord, data: Record<string, unknown>) {
  const names = children(rec, 'NAME');
  if (!names.length) return;
  const primary = names.find((n) => !['AKA', 'MAIDEN', 'BIRTH'].includes(nameType(n))) ?? names[0]!;
  const { given, surname } = nameParts(primary);
  const [first, ...middle] = given.split(' ').filter(Boolean);
  if (first) data.firstName = first.slice(0, NAME_MAX);
  if (middle.length) data.middleName = middle.join(' ').slice(0, NAME_MAX);
  const married = child(primary, '_MARNM')?.value.trim();
  if (surname) data.lastName = (married || surname).slice(0, NAME_MAX);
  const birth = names.find((n) => ['MAIDEN', 'BIRTH'].includes(nameType(n)));
  const atBirth = birth ? nameParts(birth).surname : married ? surname : '';
  if (atBirth) data.lastNameAtBirth = atBirth.slice(0, NAME_MAX);
  const nick =
    child(primary, 'NICK')?.value.trim() ||
    names.map((n) => child(n, 'NICK')?.value.trim()).find(Boolean) ||
    undefined;
  if (nick) data.nickName = nick.slice(0, NAME_MAX);
  const others = names
    .filter((n) => n !== primary && n !== birth)
    .map((n) => n.value.replace(/\//g, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (others.length) data.nameNotes = `Also known as: ${others.join('; ')}`.slice(0, 5000);
}

const SEX: Record<string, string> = { M: 'Male', F: 'Female', X: 'X' };

/** The member's fields and family kinds of one INDI record. */
export function readPerson(rec: GedcomRecord): PersonRead {
  const data: Record<string, unknown> = {};
  const warnings: PersonRead['warnings'] = [];
  const notes: string[] = [];
  readNames(rec, data);

  const sex = SEX[(child(rec, 'SEX')?.value ?? '').trim().toUpperCase()];
  if (sex) data.genderIdentity = sex;

  const event = (tag: 'BIRT' | 'DEAT', field: 'birth' | 'death', label: string) => {
    const e = child(rec, tag);
    if (!e) return;
    const place = child(e, 'PLAC')?.value.trim();
    if (place) data[`${field}Place`] = place.slice(0, 500);
    const raw = child(e, 'DATE')?.value.trim();
    if (!raw) return;
    const d: KeptDate | null = keptDate(raw);
    if (!d) {
      warnings.push({ key: 'dateKept', value: raw });
      notes.push(`${label} as written in the GEDCOM file: ${raw}`);
      return;
    }
    data[`${field}Date`] = d.date;
    if (d.qualifier) data[`${field}DateQualifier`] = d.qualifier;
    if (d.to) data[`${field}DateTo`] = d.to;
    if (d.phrase) notes.push(`${label}: ${raw}`);
  };
  event('BIRT', 'birth', 'Birth date');
  event('DEAT', 'death', 'Death date');
  if (child(rec, 'DEAT')) data.deceased = true;

  for (const n of children(rec, 'NOTE')) {
    if (n.pointer) warnings.push({ key: 'sharedNote', value: `@${n.pointer}@` });
    else if (n.value.trim()) notes.push(n.value.trim());
  }
  let familyNotes = notes.join('\n\n');
  if (familyNotes.length > FAMILY_NOTES_MAX) {
    warnings.push({ key: 'noteCut', value: String(familyNotes.length) });
    familyNotes = familyNotes.slice(0, FAMILY_NOTES_MAX - 1) + '…';
  }
  if (familyNotes) data.familyNotes = familyNotes;

  const ids = children(rec, 'REFN')
    .map((r) => r.value.trim().slice(0, 200))
    .filter(Boolean);
  if (ids.length) data.identifiers = [...new Set(ids)].slice(0, 20);

  const childOf = new Map<string, ChildOf>();
  for (const f of children(rec, 'FAMC')) {
    if (!f.pointer) continue;
    const relation = pediRelation(child(f, 'PEDI')?.value ?? '');
    if (relation && relation !== 'BIO') childOf.set(f.pointer, { relation });
  }
  // 5.5.1's other adoption form: an ADOP event naming the adopting family, and who adopted.
  for (const a of children(rec, 'ADOP')) {
    const f = child(a, 'FAMC');
    if (!f?.pointer || childOf.has(f.pointer)) continue;
    const by = (child(f, 'ADOP')?.value ?? '').trim().toUpperCase();
    childOf.set(f.pointer, {
      relation: 'ADOPT',
      ...(by === 'HUSB' || by === 'WIFE' ? { adoptedBy: by } : {}),
    });
  }
  return { data, childOf, warnings };
}
