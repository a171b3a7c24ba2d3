import { defineItemType } from '../../kernel/item-type';
import { IN_COMMUNITIES } from '../core/community-places';

// Time, expenses and the community's rates (issue 37 Deliver 8; docs/consultation.md "Time and
// expenses"). A time entry and an expense follow their response, exactly as its sections do, so
// nobody reads one who cannot read the response: never the proponent. Money is whole cents
// (integers) everywhere; the sums are costs-money.ts.

/** The lists the cost types draw from; every community is given defaults (response-defaults.ts). */
export const COST_LOV_LISTS = ['CNS_COST_ROLES', 'CNS_EXPENSE_KINDS'] as const;

/** The most hours one entry may hold: one day's. */
export const MAX_ENTRY_HOURS = 24;

/** Staff time spent on a response, per role and (if they like) per workflow step. */
export const ConsultTimeEntry = defineItemType({
  name: 'ConsultTimeEntry',
  // Labels are plain text from the item's own fields (no list labels): the date and the hours.
  label: '{date} · {hours} h',
  defaultIcon: 'schedule',
  // Bookkeeping, not knowledge: no Traditional Knowledge labels on a time entry, an expense or a rate.
  itemProperties: false,
  properties: {
    response: { kind: 'relation', types: ['ConsultResponse'], required: true },
    date: { kind: 'date', required: true, facet: true },
    /** More than 0, at most MAX_ENTRY_HOURS (server/costs-rules.ts). */
    hours: { kind: 'number', numberKind: 'FLOAT', required: true },
    role: { kind: 'lov', lov: 'CNS_COST_ROLES', required: true, facet: true },
    /** The workflow step's name (its label when the time was logged): free text, as steps change. */
    step: { kind: 'string', maxLength: 300 },
    /** Who spent the time; the writer when left out. */
    person: { kind: 'relation', types: ['User'], facet: true },
    description: { kind: 'text', maxLength: 2000, textField: true },
  },
  defaultHeaders: ['date', 'person', 'role', 'hours', 'description'],
  // A response's entries (its section, the invoice) by the response; the desk's cost charts by
  // the community and the date (an entry lives with its response's owner: costs-rules.ts).
  indexes: [
    { name: 'items_consulttimeentry_response', keys: ['response'] },
    { name: 'items_consulttimeentry_owner_date', keys: ['owner', 'date'] },
  ],
  // Whoever may read the response (its community's staff, never the proponent) logs their own
  // time on it: a researcher need not be able to edit the response. Changing an entry follows the
  // response's update right.
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'response', createUnderParent: 'read' },
});

/** Money spent on a response (travel, honoraria…), with its receipts as attachments. */
export const ConsultExpense = defineItemType({
  name: 'ConsultExpense',
  attachments: true,
  label: '{description}',
  defaultIcon: 'receipt_long',
  itemProperties: false,
  properties: {
    response: { kind: 'relation', types: ['ConsultResponse'], required: true },
    date: { kind: 'date', required: true, facet: true },
    /** Whole cents, more than 0 (the validator's NATURAL: an integer above 0); typed as money. */
    amount: { kind: 'number', numberKind: 'NATURAL', money: true, required: true },
    kind: { kind: 'lov', lov: 'CNS_EXPENSE_KINDS', required: true, facet: true },
    /** What was spent on: the expense's name on its record and on the invoice. */
    description: { kind: 'string', maxLength: 500, textField: true, required: true, notBlank: true },
  },
  defaultHeaders: ['date', 'kind', 'amount', 'description'],
  indexes: [
    { name: 'items_consultexpense_response', keys: ['response'] },
    { name: 'items_consultexpense_owner_date', keys: ['owner', 'date'] },
  ],
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'response', createUnderParent: 'read' },
});

/**
 * The community's hourly rate for one cost role, in whole cents. Expenses are billed at cost
 * (what was spent), so they have no rate. Made by the community's orgAdmins, read by its staff;
 * one rate per role (server/costs-rules.ts).
 */
export const ConsultRate = defineItemType({
  name: 'ConsultRate',
  label: '{name}',
  defaultIcon: 'payments',
  itemProperties: false,
  properties: {
    /** How the rate is called on lists and the invoice ("Elder, standard rate"). */
    name: { kind: 'string', maxLength: 200, textField: true, required: true, notBlank: true },
    role: { kind: 'lov', lov: 'CNS_COST_ROLES', required: true, facet: true },
    /** Whole cents; typed and shown as money ("95.00"). */
    centsPerHour: { kind: 'number', numberKind: 'NATURAL', money: true, required: true },
  },
  defaultHeaders: ['name', 'role', 'centsPerHour', '_c.ts'],
  access: { create: ['orgAdmin'], defaultLevel: 'PROTECTED', createIn: IN_COMMUNITIES },
});

export const costTypes = [ConsultTimeEntry, ConsultExpense, ConsultRate] as const;
