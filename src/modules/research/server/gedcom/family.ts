import {
  FAMILY_RELATION_TYPES,
  type FamilyRelationType,
  type MaritalEndType,
  PARTNER_TYPES,
  type ParentLink,
  type PartnerLink,
  type PartnerType,
} from '../../types';
import { keptDate } from './dates';
import type { ChildOf } from './person';
import { child, children, type GedcomRecord } from './records';

// A FAM record as links between members, by xref (docs/research-gedcom.md "Families"): each
// child gets a ParentLink to each parent, of the kind its INDI's FAMC PEDI (or ADOP) says, else
// Family Tree Maker's _FREL/_MREL, else BIO; the two partners get a PartnerLink each, SPOUSE
// when the family has a MARR (our own export writes _PTYPE for the other kinds), ending
// DIVORCED with a DIV and ANNULLED with an ANUL.

export interface FamilyLinks {
  /** Member xref → the parent links to add to it (member: the parent's xref). */
  parents: Map<string, ParentLink[]>;
  /** Member xref → the partner links to add to it. */
  partners: Map<string, PartnerLink[]>;
}

const FREL: Record<string, FamilyRelationType> = {
  NATURAL: 'BIO',
  BIRTH: 'BIO',
  BIOLOGICAL: 'BIO',
  ADOPTED: 'ADOPT',
  FOSTER: 'FOSTER',
  STEP: 'STEP',
  SEALING: 'SEALED',
  GUARDIAN: 'GUARDIAN',
  RELATED: 'RELATED',
  PRIVATE: 'PRIVATE',
  UNKNOWN: 'UNKNOWN',
};

function frel(v: string | undefined): FamilyRelationType | undefined {
  const k = (v ?? '').trim().toUpperCase();
  if (!k) return undefined;
  if ((FAMILY_RELATION_TYPES as readonly string[]).includes(k)) return k as FamilyRelationType;
  return FREL[k] ?? 'OTHER';
}

/** The family's links; `childOf(child, fam)` is what the child's INDI said of this family. */
export function familyLinks(
  rec: GedcomRecord,
  childOf: (childXref: string, famXref: string) => ChildOf | undefined,
): FamilyLinks {
  const parents = new Map<string, ParentLink[]>();
  const partners = new Map<string, PartnerLink[]>();
  const husb = children(rec, 'HUSB').find((n) => n.pointer)?.pointer;
  const wife = children(rec, 'WIFE').find((n) => n.pointer)?.pointer;
  const fam = rec.xref ?? '';

  for (const c of children(rec, 'CHIL')) {
    if (!c.pointer) continue;
    const said = childOf(c.pointer, fam);
    const kind = (role: 'HUSB' | 'WIFE'): FamilyRelationType => {
      if (said) {
        if (said.adoptedBy && said.adoptedBy !== role) return 'BIO';
        return said.relation;
      }
      return frel(child(c, role === 'HUSB' ? '_FREL' : '_MREL')?.value) ?? 'BIO';
    };
    const links: ParentLink[] = [];
    if (husb && husb !== c.pointer) links.push({ member: husb, type: kind('HUSB') });
    if (wife && wife !== c.pointer && wife !== husb) links.push({ member: wife, type: kind('WIFE') });
    if (links.length) parents.set(c.pointer, [...(parents.get(c.pointer) ?? []), ...links]);
  }

  if (husb && wife && husb !== wife) {
    const marr = child(rec, 'MARR');
    const own = child(rec, '_PTYPE')?.value.trim().toUpperCase();
    const type: PartnerType =
      own && (PARTNER_TYPES as readonly string[]).includes(own)
        ? (own as PartnerType)
        : marr
          ? 'SPOUSE'
          : 'UNKNOWN';
    const div = child(rec, 'DIV');
    const anul = child(rec, 'ANUL');
    const endType: MaritalEndType | undefined = div ? 'DIVORCED' : anul ? 'ANNULLED' : undefined;
    const start = keptDate(child(marr ?? rec, 'DATE')?.value ?? '');
    const end = keptDate(child(div ?? anul ?? rec, 'DATE')?.value ?? '');
    const link = (member: string): PartnerLink => ({
      member,
      type,
      ...(endType ? { endType } : {}),
      ...(marr && start ? { start: start.date } : {}),
      ...(endType && end ? { end: end.date } : {}),
    });
    partners.set(husb, [link(wife)]);
    partners.set(wife, [link(husb)]);
  }
  return { parents, partners };
}
