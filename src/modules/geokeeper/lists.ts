import { CATEGORIES, GKF_STATES } from './types';

// The GeoKeeper lists' starting values, which an organisation seeds once and keeps as its own
// (the demo seeds them for Riverbend). GKF_STATES follow the fieldwork steps (spec §4: GKF_CONFIRM,
// GKF_WORK_ITEMS, GKF_REPORT, GKF_INVOICE), each with its super-state for the workflow engine.

export const DEFAULT_GEOKEEPER_LISTS: Readonly<
  Record<string, readonly (readonly [string, string] | readonly [string, string, string])[]>
> = {
  [CATEGORIES]: [
    ['WILDLIFE', 'Wildlife'],
    ['WATER', 'Water'],
    ['VEGETATION', 'Plants and vegetation'],
    ['HARVEST', 'Harvest'],
    ['CULTURAL_SITE', 'Cultural or sacred site'],
    ['DISTURBANCE', 'Land disturbance'],
    ['COMPLIANCE', 'Compliance with conditions'],
    ['OTHER', 'Other'],
  ],
  [GKF_STATES]: [
    ['NEW', 'New', 'INIT'],
    ['CONFIRMING', 'Confirming with the external party', 'IN_PROGRESS'],
    ['COLLECTING', 'Collecting field data', 'IN_PROGRESS'],
    ['REPORTING', 'Reporting', 'IN_PROGRESS'],
    ['INVOICING', 'Invoicing', 'IN_PROGRESS'],
    ['DONE', 'Done', 'DONE'],
    ['CANCELLED', 'Cancelled', 'DONE'],
  ],
};
