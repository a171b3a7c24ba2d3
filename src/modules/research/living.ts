// Living people's birth facts (docs/research.md "Living people"): a community member who is not
// marked deceased and has no death date is taken to be living. While their record holds a birth
// date or a birth place it stays PROTECTED or PRIVATE, unless `shareBirthFacts` records that
// they (or their family) agreed it may be read more widely. Genealogies are published and
// shared; a living person's date and place of birth are what identity theft and unwanted
// contact start from.

/** The visibility levels that open a record past the community's staff. */
export const WIDE_LEVELS: readonly string[] = ['COMMUNITY', 'PUBLIC'];

export interface LivingFacts {
  deceased?: unknown;
  deathDate?: unknown;
  birthDate?: unknown;
  birthPlace?: unknown;
  shareBirthFacts?: unknown;
}

const has = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Whether the person is taken to be living: not marked deceased, no death date. */
export const isLiving = (d: LivingFacts): boolean => d.deceased !== true && !has(d.deathDate);

/** Whether a record with these facts may not be at this visibility level. */
export function exposesLivingBirthFacts(d: LivingFacts, level: string): boolean {
  return (
    WIDE_LEVELS.includes(level) &&
    isLiving(d) &&
    (has(d.birthDate) || has(d.birthPlace)) &&
    d.shareBirthFacts !== true
  );
}
