import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';

// Research and genealogy (spec capability-modules §2–§3 "Research"; docs/research.md): a
// community's own land-use and occupancy studies (projects, interviews, the data points coded
// from them, species and topics) and its genealogy (community members and their family links).
// This is among the most private data a community holds: every type is PROTECTED by default
// (the community's staff, editors and orgAdmins), never COMMUNITY, and a proponent or regulator
// reads none of it unless granted. Names the spec leaves out ("not shown") are ours and listed
// in docs/research.md.

// ---------- enumerations (spec §3 "Research") ----------

export const MAP_ACCURACIES = ['N_A', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type MapAccuracy = (typeof MAP_ACCURACIES)[number];
/**
 * What each accuracy means on the map, in metres of doubt (ours; the spec says only that marker
 * sizes scale with accuracy): a HIGH point is a small dot, a LOW one a wide circle. N_A has none
 * and gets the plain marker.
 */
export const RESEARCH_ACCURACY_METRES: Readonly<Record<string, number>> = {
  HIGH: 25,
  MEDIUM: 250,
  LOW: 1000,
};

export const MONTHS = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;
/** The year round, the four seasons, then the twelve months. */
export const SEASONS = ['YR', 'SPR', 'SUM', 'FALL', 'WIN', ...MONTHS] as const;

export const MARITAL_STATUSES = ['NONE', 'MARRIED', 'COMMON', 'DIVORCED', 'SEPARATED', 'WIDOWED'] as const;
export const RESIDENCE_ON_RESERVE = ['N_A', 'OFF_RESERVE', 'ON_RESERVE', 'OTHER'] as const;

export const SPECIES_TYPES = [
  'AMPHIBIAN',
  'BIRD',
  'FISH',
  'FUNGUS',
  'INSECT',
  'MAMMAL',
  'PLANT',
  'REPTILE',
  'SHELLFISH',
] as const;
/** NatureServe subnational ranks; "none" is an empty value. */
export const CONSERVATION_STATUSES = ['SX', 'SH', 'S1', 'S2', 'S3', 'S4', 'S5', 'NR'] as const;
export const SPECIES_ORIGINS = ['ALIEN', 'ALIEN_INVASIVE', 'INDIGENOUS'] as const;
export const SPECIES_USES = ['CEREMONY', 'FOOD', 'MEDICINE', 'TECHNOLOGY'] as const;

/** How a child is a parent's (a GEDCOM PEDI of birth, adopted, foster, sealing: BIO, ADOPT, FOSTER, SEALED). */
export const FAMILY_RELATION_TYPES = [
  'BIO',
  'ADOPT',
  'STEP',
  'FOSTER',
  'RELATED',
  'GUARDIAN',
  'SEALED',
  'PRIVATE',
  'UNKNOWN',
  'OTHER',
] as const;
export type FamilyRelationType = (typeof FAMILY_RELATION_TYPES)[number];
export const PARTNER_TYPES = [
  'SPOUSE',
  'PARTNER',
  'COMMONLAW',
  'FRIEND',
  'SINGLE',
  'PRIVATE',
  'UNKNOWN',
  'OTHER',
] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];
export const MARITAL_END_TYPES = [
  'ANNULLED',
  'DECEASED',
  'DIVORCED',
  'NONE',
  'ONGOING',
  'PRIVATE',
  'SEPARATED',
  'UNKNOWN',
  'OTHER',
] as const;
export type MaritalEndType = (typeof MARITAL_END_TYPES)[number];

/**
 * How sure a date is, for the genealogy's dates (GEDCOM ABT, BEF, AFT, BET … AND, EST, CAL,
 * FROM … TO): kept beside the date, which may be just a year or a month, so an "about 1890" is
 * never silently made an exact date. BET and FROM take the range's end in the `…To` field.
 */
export const DATE_QUALIFIERS = ['ABT', 'BEF', 'AFT', 'BET', 'EST', 'CAL', 'FROM', 'TO'] as const;
export type DateQualifier = (typeof DATE_QUALIFIERS)[number];

// ---------- the owning organisation's lists of values (spec §5 "research lists") ----------

export const RES_PROJECT_TYPES = 'RES_PROJECT_TYPES';
export const RES_ACTIVITY_TYPES = 'RES_ACTIVITY_TYPES';
/** A data point's value category (harvesting, habitation, travel, …). */
export const RES_VALUE_CATEGORIES = 'RES_VALUE_CATEGORIES';
/**
 * A data point's value code: each value's key is the data-code abbreviation the site code starts
 * with (HU for a hunting place, FI for a fishing place, …).
 */
export const RES_VALUE_CODES = 'RES_VALUE_CODES';
export const RES_TIME_CODES = 'RES_TIME_CODES';
export const CM_STATUSES = 'CM_STATUSES';
export const CM_LANGUAGES = 'CM_LANGUAGES';
export const RESEARCH_LOV_LISTS = [
  RES_PROJECT_TYPES,
  RES_ACTIVITY_TYPES,
  RES_VALUE_CATEGORIES,
  RES_VALUE_CODES,
  RES_TIME_CODES,
  CM_STATUSES,
  CM_LANGUAGES,
] as const;

/** The Import kind of a GEDCOM import (spec §2 research.imports). */
export const GEDCOM_IMPORT_KIND = 'CM_GEDCOM';
/** The Import kind of a coded-data CSV import (research.projects' create). */
export const RESEARCH_CSV_IMPORT_KIND = 'RESEARCH_CSV';

// ---------- property helpers ----------

const str = (maxLength = 500): PropertyDef => ({ kind: 'string', maxLength });
const text = (maxLength = 20_000): PropertyDef => ({ kind: 'text', maxLength, textField: true });
const strList = (maxItems = 50, maxLength = 300): PropertyDef => ({
  kind: 'string',
  list: true,
  maxItems,
  maxLength,
});
const rel = (types: readonly string[], list = false, maxItems = 200): PropertyDef => ({
  kind: 'relation',
  types,
  ...(list ? { list: true, maxItems } : {}),
});
const imprecise: PropertyDef = { kind: 'date', impreciseDate: true };
const qualifier: PropertyDef = { kind: 'enum', values: DATE_QUALIFIERS };
const lov = (name: string, extra: Partial<PropertyDef> = {}): PropertyDef => ({
  kind: 'lov',
  lov: name,
  ...extra,
});

// A community member's family facts, notes and address: the history says only that they changed
// (values to admins alone, docs/access-model.md "History"). An adoption, a partner left, a home
// moved from or a note the family asked to have removed is not for the next editor to read back.
const familyFact = { history: 'changed-only' } as const satisfies Partial<PropertyDef>;

// Research data is PROTECTED by default and may be made PRIVATE; the access policy and its SQL
// form decide who reads it like every item (docs/access-model.md).
const RESEARCH_ACCESS = { create: ['staff'], defaultLevel: 'PROTECTED' } as const;

// ---------- types ----------

export const ResearchProject = defineItemType({
  name: 'ResearchProject',
  label: '{title}',
  defaultIcon: 'travel_explore',
  properties: {
    title: { ...str(300), textField: true, required: true, notBlank: true },
    description: text(),
    start: { kind: 'date' },
    end: { kind: 'date', notBefore: 'start' },
    /** The project's footprint: the lands a proposed development would touch. */
    footprint: { kind: 'geometry' },
    /** The lands the study covers. */
    studyArea: { kind: 'geometry' },
    studyAreaDescription: text(5000),
    /** The community's own project number or code. */
    id: { ...str(100), textField: true },
    links: { ...strList(20, 2000), format: 'url' },
    type: lov(RES_PROJECT_TYPES, { facet: true }),
  },
  defaultHeaders: ['type', 'start', 'end'],
  keyFacts: ['type', 'start', 'end', 'id'],
  facets: ['type', 'start', '_c.ts'],
  access: RESEARCH_ACCESS,
});

/** An interview or other research activity of a project: who was asked, by whom, about what. */
export const ResearchActivity = defineItemType({
  name: 'ResearchActivity',
  label: '{title}',
  defaultIcon: 'record_voice_over',
  properties: {
    title: { ...str(300), textField: true, required: true, notBlank: true },
    type: lov(RES_ACTIVITY_TYPES, { facet: true }),
    project: { ...rel(['ResearchProject']), facet: true },
    start: { kind: 'dateTime' },
    end: { kind: 'dateTime', notBefore: 'start' },
    location: { ...str(500), textField: true },
    highlights: text(),
    /** The knowledge holders interviewed, in order: their place is their respondent index (01, 02, …). */
    respondents: { ...rel(['CommunityMember'], true, 50), facet: true },
    topics: { ...rel(['ResearchTopic'], true, 100), facet: true },
    interviewers: { ...rel(['User', 'Contact'], true, 20), facet: true },
    /** Who coded the interview into data points. */
    dataEntry: rel(['User'], true, 20),
    notes: text(),
  },
  defaultHeaders: ['project', 'start', 'respondents', 'interviewers'],
  keyFacts: ['project', 'type', 'start', 'end', 'location'],
  facets: ['project', 'type', 'respondents', 'interviewers', 'topics', 'start'],
  access: RESEARCH_ACCESS,
});

/**
 * A data point coded from an interview: a place (spatial), what it is (value category and
 * code), when (seasons, time frame) and who said it (respondents). Its site code, when left
 * empty, is made by the server from the value code, the sequence and the respondents' indexes
 * in the activity (site-code.ts).
 */
export const ResearchData = defineItemType({
  name: 'ResearchData',
  label: '{label|siteCode}',
  defaultIcon: 'pin_drop',
  properties: {
    label: { ...str(300), textField: true },
    siteCode: { ...str(100), textField: true },
    valueCategory: lov(RES_VALUE_CATEGORIES, { facet: true }),
    valueCode: lov(RES_VALUE_CODES, { facet: true }),
    activity: { ...rel(['ResearchActivity']), facet: true },
    project: { ...rel(['ResearchProject']), facet: true },
    description: text(),
    /** A more accurate location is known than the one mapped (kept by the community, not here). */
    moreAccurate: { kind: 'boolean' },
    mapAccuracy: { kind: 'enum', values: MAP_ACCURACIES, facet: true },
    respondents: { ...rel(['CommunityMember'], true, 50), facet: true },
    relevantArchives: rel(['ArchiveEntry'], true, 50),
    timeCode: lov(RES_TIME_CODES, { facet: true }),
    spatial: { kind: 'geometry' },
    species: { ...rel(['ResearchSpecies'], true, 50), facet: true },
    topics: { ...rel(['ResearchTopic'], true, 50), facet: true },
    timeFrameStart: imprecise,
    timeFrameEnd: { ...imprecise, notBefore: 'timeFrameStart' },
    seasons: { kind: 'enum', values: SEASONS, list: true, maxItems: SEASONS.length, facet: true },
    timeFrameNotes: text(5000),
    notes: text(),
    /** The place or the data carries names in the community's language. */
    indigenousNames: { kind: 'boolean', facet: true },
    /** Why an older record could not be brought to this shape (set by the server only). */
    upgradeError: { ...str(2000), write: 'system' },
  },
  defaultHeaders: ['siteCode', 'valueCode', 'activity', 'mapAccuracy', 'seasons'],
  keyFacts: ['siteCode', 'valueCategory', 'valueCode', 'project', 'activity', 'mapAccuracy'],
  facets: [
    'project',
    'activity',
    'valueCategory',
    'valueCode',
    'mapAccuracy',
    'seasons',
    'species',
    'topics',
    'respondents',
    'indigenousNames',
  ],
  access: RESEARCH_ACCESS,
  // Map markers sized by accuracy (spec §9): the metres each level means, as a radius of doubt.
  map: { geometry: 'spatial', accuracy: 'mapAccuracy', accuracyMetres: RESEARCH_ACCURACY_METRES },
  indexes: [{ name: 'items_researchdata_activity', keys: ['activity'] }],
});

/** One parent of a community member, and how (GEDCOM FAMC with its PEDI). */
export interface ParentLink {
  member: string;
  type: FamilyRelationType;
}

/** One partner of a community member (a GEDCOM FAM's HUSB/WIFE), and how it ended. */
export interface PartnerLink {
  member: string;
  type: PartnerType;
  endType?: MaritalEndType;
  start?: string;
  end?: string;
}

const languageFields = (name: string): Record<string, PropertyDef> => ({
  [name]: lov(CM_LANGUAGES, { list: true, maxItems: 20, facet: true }),
  [`${name}Other`]: str(300),
});

/**
 * A person of the community, living or not: the genealogy's people. Parents and partners are
 * links to other members with their kind (a child may have biological and adoptive parents
 * both). A living person's record is PROTECTED; the server refuses to open it wider while it
 * holds a birth date or place, unless `shareBirthFacts` says the person agreed (docs/research.md
 * "Living people").
 */
export const CommunityMember = defineItemType({
  name: 'CommunityMember',
  label: '{fullName}',
  defaultIcon: 'person_pin',
  properties: {
    firstName: { ...str(200), textField: true },
    middleName: { ...str(200), textField: true },
    lastName: { ...str(200), textField: true },
    lastNameAtBirth: { ...str(200), textField: true },
    nickName: { ...str(200), textField: true },
    /** Made by the server from the names when left empty. */
    fullName: { ...str(600), textField: true },
    indigenousName: { ...str(300), textField: true },
    nameNotes: { ...text(5000), ...familyFact },
    /** Other identifiers: band or treaty numbers, a GEDCOM REFN. */
    identifiers: strList(20, 200),
    status: lov(CM_STATUSES, { facet: true }),
    // A living person's birth facts (living.ts): once removed, no longer read in the history.
    birthDate: { ...imprecise, history: 'current-only' },
    birthDateQualifier: qualifier,
    birthDateTo: { ...imprecise, history: 'current-only' },
    birthPlace: { ...str(500), textField: true, history: 'current-only' },
    deathDate: imprecise,
    deathDateQualifier: qualifier,
    deathDateTo: imprecise,
    deathPlace: { ...str(500), textField: true },
    deceased: { kind: 'boolean', facet: true },
    communityMembership: { ...rel(['Organization'], true, 20), facet: true },
    culturalActivities: strList(50, 300),
    genderIdentity: { ...str(100), ...familyFact },
    contact: rel(['Contact']),
    homeAddress: { ...text(2000), ...familyFact },
    mailingDifferent: { kind: 'boolean' },
    mailingAddress: { ...text(2000), ...familyFact },
    maritalStatus: { kind: 'enum', values: MARITAL_STATUSES, facet: true, ...familyFact },
    /** [{ member, type }]: a ParentLink each (json so each link carries its kind). */
    parents: { kind: 'json', ...familyFact },
    /** [{ member, type, endType, start, end }]: a PartnerLink each. */
    partners: { kind: 'json', ...familyFact },
    registrationNumber: { ...str(100), textField: true },
    residenceOnReserve: { kind: 'enum', values: RESIDENCE_ON_RESERVE, facet: true },
    communitiesOfResidence: strList(20, 300),
    ...languageFields('firstLanguages'),
    ...languageFields('homeLanguages'),
    ...languageFields('spokenLanguages'),
    ...languageFields('understoodLanguages'),
    numChildren: { kind: 'number', numberKind: 'NATURAL', ...familyFact },
    familyNotes: { ...text(), ...familyFact },
    followUpNotes: { ...text(), ...familyFact },
    /** The person (or their family) agreed that their birth facts may be read more widely. */
    shareBirthFacts: { kind: 'boolean' },
    /** The GEDCOM record this member came from (its file's xref), so a re-import updates it. */
    gedcomId: { ...str(200), write: 'system' },
  },
  defaultHeaders: ['fullName', 'birthDate', 'deceased', 'status'],
  keyFacts: ['indigenousName', 'status', 'birthDate', 'deathDate', 'communityMembership'],
  facets: [
    'status',
    'deceased',
    'communityMembership',
    'maritalStatus',
    'residenceOnReserve',
    'firstLanguages',
  ],
  access: RESEARCH_ACCESS,
  indexes: [{ name: 'items_communitymember_gedcom', keys: ['gedcomId'] }],
});

export const ResearchSpecies = defineItemType({
  name: 'ResearchSpecies',
  label: '{commonName}',
  defaultIcon: 'forest',
  properties: {
    commonName: { ...str(300), textField: true, required: true, notBlank: true },
    type: { kind: 'enum', values: SPECIES_TYPES, facet: true },
    family: { ...str(200), textField: true },
    scientificName: { ...str(300), textField: true },
    otherNames: { ...strList(30, 300), textField: true },
    habitat: text(5000),
    conservationStatus: { kind: 'enum', values: CONSERVATION_STATUSES, facet: true },
    origin: { kind: 'enum', values: SPECIES_ORIGINS, facet: true },
    uses: { kind: 'enum', values: SPECIES_USES, list: true, maxItems: SPECIES_USES.length, facet: true },
    partsUsed: strList(30, 200),
    useWarning: text(5000),
    useDescription: text(),
    topics: { ...rel(['ResearchTopic'], true, 50), facet: true },
    publicNotes: text(),
    privateNotes: text(),
    references: text(),
  },
  defaultHeaders: ['commonName', 'scientificName', 'type', 'uses'],
  keyFacts: ['scientificName', 'type', 'family', 'conservationStatus', 'origin', 'uses'],
  facets: ['type', 'uses', 'conservationStatus', 'origin', 'topics'],
  access: RESEARCH_ACCESS,
});

export const ResearchTopic = defineItemType({
  name: 'ResearchTopic',
  label: '{title}',
  defaultIcon: 'topic',
  properties: {
    title: { ...str(300), textField: true, required: true, notBlank: true },
    description: text(),
  },
  defaultHeaders: ['title'],
  keyFacts: [],
  access: RESEARCH_ACCESS,
});

export const researchTypes = [
  ResearchProject,
  ResearchActivity,
  ResearchData,
  CommunityMember,
  ResearchSpecies,
  ResearchTopic,
] as const;
