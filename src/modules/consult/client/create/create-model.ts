import type { ItemType } from '../../../../kernel/item-type';
import { toFieldErrors, validatorFor } from '../../../../kernel/validator';
import { ORGANIZATION_TYPES } from '../../../core/types';

// The guided create form of a consultation (pure parts): its steps, the fields of each, and the
// checks a step must pass before the next (the type's own validator, so the same rules as the
// server, plus the organisation and contact rules of spec capability-modules §5).

export const CREATE_STEPS = [
  'project',
  'proponent',
  'supporting',
  'dates',
  'details',
  'area',
  'community',
  'check',
  'files',
] as const;
export type CreateStep = (typeof CREATE_STEPS)[number];

/** The generic fields each step draws (the pickers and the area are the form's own). */
export const STEP_FIELDS: Readonly<Record<CreateStep, readonly string[]>> = {
  project: ['projectName', 'identifiers', 'region', 'stream', 'projectType'],
  proponent: [],
  supporting: [],
  dates: ['requestedResponseDate', 'projectStartDt', 'projectEndDt'],
  details: ['projectDescription', 'locationDescription', 'accessRequirements', 'projectArea', 'areaOfNewCut'],
  area: [],
  community: [],
  check: [],
  files: [],
};

/** The relation fields the form picks itself, with the step each is on. */
export const PICKED: Readonly<Record<string, CreateStep>> = {
  primaryOrg: 'proponent',
  primaryContacts: 'proponent',
  supOrgs: 'supporting',
  supContacts: 'supporting',
  submittedTo: 'community',
  rel: 'check',
};

export type OrgKind = (typeof ORGANIZATION_TYPES)[number];
const NOT_COMMUNITY = ORGANIZATION_TYPES.filter((k) => k !== 'COMMUNITY');

/**
 * The organisation kinds (spec core §3 Organization `type`) each picker offers: the proponent and
 * the supporting organisations (regulators, consultants, other companies) are anything but a
 * community; the referral goes to a community. The first is what a new one is recorded as.
 */
export const ORG_KINDS: Readonly<Record<'primaryOrg' | 'supOrgs' | 'submittedTo', readonly OrgKind[]>> = {
  primaryOrg: ['INDUSTRY', ...NOT_COMMUNITY.filter((k) => k !== 'INDUSTRY')],
  supOrgs: ['GOVERNMENT', ...NOT_COMMUNITY.filter((k) => k !== 'GOVERNMENT')],
  submittedTo: ['COMMUNITY'],
};

export interface Picks {
  primaryOrg: string[];
  primaryContacts: string[];
  supOrgs: string[];
  supContacts: string[];
  submittedTo: string[];
  /** Referrals the intake check found, linked as related (Consultation.rel). */
  rel: string[];
}

/** The step a field is on (a server error names a field: the form goes back to its step). */
export function stepOf(field: string): CreateStep | null {
  if (PICKED[field]) return PICKED[field]!;
  for (const s of CREATE_STEPS) if (STEP_FIELDS[s].includes(field)) return s;
  return null;
}

/**
 * Spec §5 for an organisation and its contacts: the organisation is required (errors.noOrg)
 * unless the pair is optional, when contacts without an organisation say errors.chooseOrg;
 * required contacts need at least one. (Each contact's membership of the organisation the
 * picker ensures, and the server checks again: errors.notInOrg.)
 */
export function orgPairErrors(
  org: readonly string[],
  contacts: readonly string[],
  opts: { optional: boolean; orgKey: string; contactsKey: string; contactsOptional?: boolean },
): Record<string, string> {
  if (!org.length) {
    if (!opts.optional) return { [opts.orgKey]: 'errors.noOrg' };
    return contacts.length ? { [opts.orgKey]: 'errors.chooseOrg' } : {};
  }
  if (!opts.optional && !opts.contactsOptional && !contacts.length)
    return { [opts.contactsKey]: 'errors.required' };
  return {};
}

/** The consultation's wire data from the generic fields and the picks. */
export function consultationData(fields: Record<string, unknown>, picks: Picks): Record<string, unknown> {
  const data: Record<string, unknown> = { ...fields };
  if (picks.primaryOrg[0]) data.primaryOrg = picks.primaryOrg[0];
  if (picks.primaryContacts.length) data.primaryContacts = [...picks.primaryContacts];
  if (picks.supOrgs.length) data.supOrgs = [...picks.supOrgs];
  if (picks.supContacts.length) data.supContacts = [...picks.supContacts];
  if (picks.submittedTo[0]) data.submittedTo = picks.submittedTo[0];
  return data;
}

/**
 * What keeps a step from being left: the type's validator over everything entered so far, kept
 * to this step's fields (a required field of a later step does not block an earlier one), and
 * the organisation rules of the steps that pick them. Keys are i18n keys by field. The proponent's
 * contacts are required only when its organisation has a contact the user may see
 * (`contactsOptional` otherwise): a rule nobody can meet would dead-end the form.
 */
export function stepErrors(
  type: ItemType,
  step: CreateStep,
  data: Record<string, unknown>,
  picks: Picks,
  admin: boolean,
  opts: { contactsOptional?: boolean } = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  const own = new Set([...STEP_FIELDS[step], ...Object.keys(PICKED).filter((k) => PICKED[k] === step)]);
  const res = validatorFor(type, { admin }).safeParse(data);
  if (!res.success)
    for (const e of toFieldErrors(res.error)) {
      const top = e.path.split('.')[0] ?? e.path;
      if (own.has(top) && !out[top]) out[top] = e.key;
    }
  if (step === 'proponent')
    Object.assign(
      out,
      orgPairErrors(picks.primaryOrg, picks.primaryContacts, {
        optional: false,
        orgKey: 'primaryOrg',
        contactsKey: 'primaryContacts',
        contactsOptional: opts.contactsOptional === true,
      }),
    );
  if (step === 'supporting')
    Object.assign(
      out,
      orgPairErrors(picks.supOrgs, picks.supContacts, {
        optional: true,
        orgKey: 'supOrgs',
        contactsKey: 'supContacts',
      }),
    );
  return out;
}
