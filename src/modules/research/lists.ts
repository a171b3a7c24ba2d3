import {
  CM_LANGUAGES,
  CM_STATUSES,
  RES_ACTIVITY_TYPES,
  RES_PROJECT_TYPES,
  RES_TIME_CODES,
  RES_VALUE_CATEGORIES,
  RES_VALUE_CODES,
} from './types';

// The research lists' starting values (spec capability-modules §5 "research lists"), which an
// organisation seeds once and then keeps as its own (the demo seeds them for Riverbend). The
// value codes' keys are the data-code abbreviations a site code starts with (site-code.ts), the
// ones land-use and occupancy studies commonly use; a community adds its own.

export const DEFAULT_RESEARCH_LISTS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  [RES_PROJECT_TYPES]: [
    ['TLUS', 'Traditional land use study'],
    ['TUOS', 'Traditional use and occupancy study'],
    ['TEK', 'Traditional ecological knowledge study'],
    ['ORAL_HISTORY', 'Oral history project'],
    ['GENEALOGY', 'Genealogy project'],
    ['HARVEST', 'Harvest study'],
  ],
  [RES_ACTIVITY_TYPES]: [
    ['INTERVIEW', 'Interview'],
    ['SITE_VISIT', 'Site visit'],
    ['WORKSHOP', 'Workshop'],
    ['MAPPING', 'Mapping session'],
  ],
  [RES_VALUE_CATEGORIES]: [
    ['HARVESTING', 'Harvesting'],
    ['HABITATION', 'Habitation'],
    ['TRANSPORTATION', 'Travel and transportation'],
    ['CULTURAL', 'Cultural and spiritual'],
    ['ENVIRONMENTAL', 'Environmental knowledge'],
    ['PLACE_NAMES', 'Place names'],
  ],
  [RES_VALUE_CODES]: [
    ['HU', 'Hunting'],
    ['FI', 'Fishing'],
    ['TR', 'Trapping'],
    ['GA', 'Gathering'],
    ['BE', 'Berry picking'],
    ['ME', 'Medicine gathering'],
    ['CA', 'Camp or cabin'],
    ['HS', 'Habitation site'],
    ['TL', 'Travel route'],
    ['WR', 'Water route'],
    ['CS', 'Cultural or spiritual site'],
    ['BU', 'Burial'],
    ['GS', 'Gathering place'],
    ['NA', 'Named place'],
    ['HA', 'Habitat'],
    ['EK', 'Ecological knowledge'],
  ],
  [RES_TIME_CODES]: [
    ['PRE1900', 'Before 1900'],
    ['1900_1950', '1900 to 1950'],
    ['1950_1980', '1950 to 1980'],
    ['1980_2000', '1980 to 2000'],
    ['SINCE2000', 'Since 2000'],
    ['ONGOING', 'Still in use'],
  ],
  [CM_STATUSES]: [
    ['REGISTERED', 'Registered member'],
    ['NON_REGISTERED', 'Non-registered member'],
    ['DESCENDANT', 'Descendant'],
    ['APPLICANT', 'Applicant'],
    ['UNKNOWN', 'Unknown'],
  ],
  [CM_LANGUAGES]: [
    ['COMMUNITY', 'Community language'],
    ['ENGLISH', 'English'],
    ['FRENCH', 'French'],
    ['CREE', 'Cree'],
    ['DENE', 'Dene'],
    ['MICHIF', 'Michif'],
    ['OTHER', 'Other'],
  ],
};
