import type { TFunction } from 'i18next';
import type { TreeDate, TreePerson } from '../../contract-tree';
import type { PlacedLink, PlacedPerson } from './tree-layout';

// The words of the tree: a genealogy's dates as they were recorded ("about 1890", "between 1875
// and 1880"; a year alone stays a year, never a made-up day), a person's line of dates, and the
// accessible name each person carries ("Mary Thomas, born about 1890, adoptive parent").

const K = 'researchTree';

/** 1890 → "1890"; 1890-03 → "March 1890"; 1890-03-04 → "4 March 1890". */
export function plainDate(value: string, locale = 'en'): string {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(value);
  if (!m) return value;
  const [, y, mo, d] = m;
  if (!mo) return y!;
  const when = new Date(Date.UTC(Number(y), Number(mo) - 1, 1));
  const month = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long' }).format(when);
  // Day, month, year: the order the record's own dates use (14-Jun-1979), in words.
  return d ? `${Number(d)} ${month} ${y}` : `${month} ${y}`;
}

export function treeDate(t: TFunction, d: TreeDate | undefined, locale = 'en'): string | null {
  if (!d?.date && !d?.to) return null;
  const date = d.date ? plainDate(d.date, locale) : t(`${K}.unknown`);
  const to = d.to ? plainDate(d.to, locale) : undefined;
  if (!d.qualifier) return date;
  if ((d.qualifier === 'BET' || d.qualifier === 'FROM') && !to) return t(`${K}.date.AFT`, { date });
  return t(`${K}.date.${d.qualifier}`, { date, to });
}

/** The dates line inside a person's box. */
export function lifeLine(t: TFunction, p: TreePerson, locale = 'en'): string {
  if (p.hidden) return t(`${K}.hiddenLine`);
  const birth = treeDate(t, p.birth, locale);
  const death = treeDate(t, p.death, locale);
  if (p.deceased)
    return t(`${K}.lifespan`, { birth: birth ?? t(`${K}.unknown`), death: death ?? t(`${K}.unknown`) });
  return birth ? t(`${K}.born`, { date: birth }) : '';
}

/** How the person stands to the tree's member, in words. */
export function roleText(t: TFunction, placed: PlacedPerson, nameOf: (id: string) => string): string {
  const r = placed.role;
  switch (r.kind) {
    case 'root':
      return t(`${K}.centre`);
    case 'parent':
    case 'child': {
      const role = t(`${K}.${r.kind === 'parent' ? 'parentAs' : 'childAs'}.${r.type}`);
      return r.depth === 1 ? role : t(`${K}.ofName`, { role, name: nameOf(r.of) });
    }
    case 'partner': {
      const role = t(`${K}.partnerAs.${r.link.type}`);
      const ended =
        r.link.endType && ['DIVORCED', 'SEPARATED', 'ANNULLED'].includes(r.link.endType)
          ? `, ${t(`${K}.ended.${r.link.endType}`)}`
          : '';
      return t(`${K}.ofName`, { role, name: nameOf(r.of) }) + ended;
    }
  }
}

/** The accessible name: who, their dates, how they stand to the member. */
export function accessibleName(
  t: TFunction,
  placed: PlacedPerson,
  nameOf: (id: string) => string,
  locale = 'en',
): string {
  const p = placed.person;
  const role = roleText(t, placed, nameOf);
  if (p.hidden) return `${t(`${K}.hidden`)}, ${role}`;
  const birth = treeDate(t, p.birth, locale);
  const death = treeDate(t, p.death, locale);
  const parts = [p.label];
  if (p.indigenousName) parts.push(p.indigenousName);
  if (birth) parts.push(t(`${K}.born`, { date: birth }));
  if (death) parts.push(t(`${K}.died`, { date: death }));
  else if (p.deceased) parts.push(t(`${K}.deceased`));
  parts.push(role);
  return parts.join(', ');
}

/** The words on a line: a parent link's type seen from its end, a partnership's type. */
export function linkText(t: TFunction, l: PlacedLink): string {
  if (l.kind === 'partner') return t(`${K}.partner.${l.type}`);
  return t(`${K}.${l.dir === 'down' ? 'childLink' : 'parentLink'}.${l.type}`);
}
