import { SYSTEM, type DemoSeed, type ItemService } from '../../../server/module-api';
import type { DateQualifier, FamilyRelationType, MaritalEndType, PartnerType } from '../types';

// The demo family (issue 18 "Demo data"; docs/research-tree.md): four generations of an invented
// Riverbend First Nation family, 41 people. Every name is made up; the Indigenous names are in
// the vocabulary demo's invented orthography, not a real language. The ancestors are deceased
// with the imprecise dates a genealogy really holds ("about 1884"); the living keep their birth
// facts PROTECTED (the type's default: Riverbend's staff, editors and orgAdmins). Nathan Thomas
// was adopted by George and Alice Thomas: his record names his adoptive parents and his
// biological mother, Marie Bighorn, and his biological father, whose record the family asked to
// keep PRIVATE, so the researcher's tree shows him as "someone you may not see". Tyler
// Morningstar is Catherine Jack's foster son.

interface Person {
  key: string;
  first: string;
  last: string;
  atBirth?: string;
  indigenousName?: string;
  born?: string;
  bornQ?: DateQualifier;
  bornTo?: string;
  died?: string;
  diedQ?: DateQualifier;
  /** Deceased with no date of death known. */
  deceased?: boolean;
  parents?: [string, FamilyRelationType][];
  partners?: [string, PartnerType, MaritalEndType?][];
  access?: 'PRIVATE';
  notes?: string;
}

const B = 'BIO';
// One person a line, as a family register reads.
// prettier-ignore
const FAMILY: Person[] = [
  // Generation 1: born in the 1870s and 80s.
  { key: 'joseph', first: 'Joseph', last: 'Thomas', indigenousName: 'Kwálitsa', born: '1884', bornQ: 'ABT', died: '1951' },
  { key: 'sarah', first: 'Sarah', last: 'Thomas', atBirth: 'Morningstar', born: '1888', bornQ: 'ABT', died: '1960-03', partners: [['joseph', 'SPOUSE', 'DECEASED']] },
  { key: 'william', first: 'William', last: 'Littlebear', born: '1879', bornQ: 'EST', died: '1940', diedQ: 'BEF' },
  { key: 'margaret', first: 'Margaret', last: 'Littlebear', atBirth: 'Paul', indigenousName: 'Tłéxwi', born: '1890', bornQ: 'ABT', died: '1957', partners: [['william', 'SPOUSE', 'DECEASED']] },
  { key: 'peter', first: 'Peter', last: 'Sinclair', born: '1882', died: '1949-11-02' },
  { key: 'agnes', first: 'Agnes', last: 'Sinclair', atBirth: 'George', born: '1886', bornQ: 'ABT', died: '1930', diedQ: 'ABT', partners: [['peter', 'SPOUSE', 'DECEASED']] },
  { key: 'louis', first: 'Louis', last: 'Bighorn', born: '1875', bornQ: 'BET', bornTo: '1880', died: '1944' },
  { key: 'christine', first: 'Christine', last: 'Bighorn', atBirth: 'Jack', born: '1885', died: '1962', partners: [['louis', 'COMMONLAW', 'DECEASED']] },
  // Generation 2: born 1910 to 1925.
  { key: 'albert', first: 'Albert', last: 'Thomas', born: '1910-04-18', died: '1978', parents: [['joseph', B], ['sarah', B]] },
  { key: 'rose', first: 'Rose', last: 'Thomas', atBirth: 'Littlebear', indigenousName: 'Sénaʔa', born: '1914', bornQ: 'ABT', died: '1990-08', parents: [['william', B], ['margaret', B]], partners: [['albert', 'SPOUSE', 'DECEASED']] },
  { key: 'helen', first: 'Helen', last: 'Thomas', born: '1913', died: '1995', parents: [['joseph', B], ['sarah', B]] },
  { key: 'frank', first: 'Frank', last: 'Thomas', born: '1918', deceased: true, parents: [['joseph', B], ['sarah', B]] },
  { key: 'thomasL', first: 'Thomas', last: 'Littlebear', born: '1916', died: '1981', parents: [['william', B], ['margaret', B]] },
  { key: 'mary', first: 'Mary', last: 'Littlebear', atBirth: 'Sinclair', born: '1920-01-09', died: '2004', parents: [['peter', B], ['agnes', B]], partners: [['thomasL', 'SPOUSE', 'DECEASED']] },
  { key: 'james', first: 'James', last: 'Sinclair', born: '1922', died: '1999', parents: [['peter', B], ['agnes', B]] },
  { key: 'eliza', first: 'Eliza', last: 'Sinclair', atBirth: 'Bighorn', born: '1925', died: '2011', parents: [['louis', B], ['christine', B]], partners: [['james', 'SPOUSE', 'DECEASED']] },
  { key: 'daniel', first: 'Daniel', last: 'Bighorn', born: '1920', bornQ: 'ABT', died: '1985', parents: [['louis', B], ['christine', B]] },
  { key: 'theresa', first: 'Theresa', last: 'Bighorn', born: '1925', died: '2000', partners: [['daniel', 'PARTNER', 'DECEASED']] },
  // Generation 3: born 1938 to 1952; some living.
  { key: 'george', first: 'George', last: 'Thomas', born: '1938-02-11', died: '2010', parents: [['albert', B], ['rose', B]] },
  { key: 'alice', first: 'Alice', last: 'Thomas', atBirth: 'Sinclair', born: '1945-07-23', parents: [['james', B], ['eliza', B]], partners: [['george', 'SPOUSE', 'DECEASED']] },
  { key: 'lillian', first: 'Lillian', last: 'Thomas', indigenousName: 'Amuxi', born: '1941-05-30', parents: [['albert', B], ['rose', B]] },
  { key: 'robert', first: 'Robert', last: 'Paul', born: '1939', died: '2015', partners: [['lillian', 'COMMONLAW', 'DECEASED']] },
  { key: 'edward', first: 'Edward', last: 'Thomas', born: '1947-10-02', parents: [['albert', B], ['rose', B]] },
  { key: 'catherine', first: 'Catherine', last: 'Jack', atBirth: 'Littlebear', born: '1942-12-01', parents: [['thomasL', B], ['mary', B]] },
  { key: 'samuel', first: 'Samuel', last: 'Jack', born: '1940-03-15', died: '2018', partners: [['catherine', 'SPOUSE', 'DECEASED']] },
  { key: 'henry', first: 'Henry', last: 'Littlebear', born: '1950-06-21', parents: [['thomasL', B], ['mary', B]] },
  { key: 'raymond', first: 'Raymond', last: 'Sinclair', born: '1948-09-04', parents: [['james', B], ['eliza', B]] },
  { key: 'donna', first: 'Donna', last: 'Morningstar', born: '1950-02-17', partners: [['raymond', 'SPOUSE', 'DIVORCED']] },
  { key: 'marie', first: 'Marie', last: 'Bighorn', born: '1952-11-08', parents: [['daniel', B], ['theresa', B]] },
  { key: 'kevin', first: 'Kevin', last: 'Stone', born: '1950-04-27', access: 'PRIVATE', notes: 'The family asked that his record be kept private.' },
  // Generation 4: born 1966 to 1985.
  { key: 'michael', first: 'Michael', last: 'Thomas', born: '1968-01-29', parents: [['george', B], ['alice', B]] },
  { key: 'susan', first: 'Susan', last: 'Thomas', born: '1971-08-14', parents: [['george', B], ['alice', B]] },
  { key: 'nathan', first: 'Nathan', last: 'Thomas', indigenousName: 'Kamachí', born: '1979-06-14', parents: [['george', 'ADOPT'], ['alice', 'ADOPT'], ['marie', B], ['kevin', B]], notes: 'Adopted by George and Alice Thomas in 1980; knows and visits his mother, Marie Bighorn.' },
  { key: 'jason', first: 'Jason', last: 'Paul', born: '1970-03-03', parents: [['lillian', B], ['robert', B]] },
  { key: 'laura', first: 'Laura', last: 'Paul', born: '1973-12-19', parents: [['lillian', B], ['robert', B]] },
  { key: 'brian', first: 'Brian', last: 'Jack', born: '1966-07-07', parents: [['catherine', B], ['samuel', B]] },
  { key: 'karen', first: 'Karen', last: 'Jack', born: '1969-10-25', parents: [['catherine', B], ['samuel', B]] },
  { key: 'tyler', first: 'Tyler', last: 'Morningstar', born: '1985-05-05', parents: [['catherine', 'FOSTER'], ['samuel', 'FOSTER']] },
  { key: 'amanda', first: 'Amanda', last: 'Sinclair', born: '1975-09-12', parents: [['raymond', B], ['donna', B]] },
  { key: 'christopher', first: 'Christopher', last: 'Sinclair', born: '1978-04-01', parents: [['raymond', B], ['donna', B]] },
  { key: 'grace', first: 'Grace', last: 'Thomas', atBirth: 'Whitecalf', born: '1970-02-22', partners: [['michael', 'SPOUSE', 'ONGOING']] },
];

export const DEMO_FAMILY_SIZE = FAMILY.length;

const dateFields = (prefix: 'birth' | 'death', d?: string, q?: DateQualifier, to?: string) => ({
  ...(d ? { [`${prefix}Date`]: d } : {}),
  ...(q ? { [`${prefix}DateQualifier`]: q } : {}),
  ...(to ? { [`${prefix}DateTo`]: to } : {}),
});

/** Seeds the family under Riverbend (demo.ids `org.riverbend`); the research demo calls it. */
export async function seedDemoFamily(items: ItemService, demo: DemoSeed): Promise<void> {
  const owner = demo.ids.get('org.riverbend');
  if (!owner) throw new Error('demo id org.riverbend missing');
  const ids = new Map<string, string>();
  const idOf = (key: string) => {
    const id = ids.get(key);
    if (!id) throw new Error(`demo family: ${key} is linked before it is made`);
    return id;
  };
  // In order: a person's parents and partners come before them in the list, so every link
  // names a member that exists.
  for (const p of FAMILY) {
    const created = await items.create(
      SYSTEM,
      'CommunityMember',
      {
        firstName: p.first,
        lastName: p.last,
        ...(p.atBirth ? { lastNameAtBirth: p.atBirth } : {}),
        fullName: `${p.first} ${p.last}`,
        ...(p.indigenousName ? { indigenousName: p.indigenousName } : {}),
        ...dateFields('birth', p.born, p.bornQ, p.bornTo),
        ...dateFields('death', p.died, p.diedQ),
        deceased: !!(p.died || p.deceased),
        communityMembership: [owner],
        ...(p.notes ? { familyNotes: p.notes } : {}),
        ...(p.parents ? { parents: p.parents.map(([k, type]) => ({ member: idOf(k), type })) } : {}),
        ...(p.partners
          ? {
              partners: p.partners.map(([k, type, endType]) => ({
                member: idOf(k),
                type,
                ...(endType ? { endType } : {}),
              })),
            }
          : {}),
      },
      { owner, ...(p.access ? { access: p.access } : {}) },
    );
    ids.set(p.key, created.$id);
    demo.ids.set(`research.member.${p.key}`, created.$id);
  }
}
