import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { workflowProperties } from '../workflow/types';

// Belongings (spec capability-modules §2–§3 "Belonging"; docs/belongings.md): the things made and
// used by a community's people that now sit in museums and other institutions, and the work of
// bringing them home. The spec names $access, collections, institution, repatriationStatus, types
// and the needs-attention fields; what a repatriation worker needs beyond those ("not shown") is
// ours and listed in docs/belongings.md.

/** The spec's statuses, in the order the repatriation board shows its columns. */
export const REPATRIATION_STATUSES = [
  'IN_PROGRESS',
  'IN_TRANSIT',
  'REPATRIATED',
  'DENIED',
  'LONG_TERM_LOAN',
  'SHORT_TERM_LOAN',
] as const;
export type RepatriationStatus = (typeof REPATRIATION_STATUSES)[number];

/** The owning organisation's list of belonging types (spec: "types"). */
export const BELONGING_TYPES = 'BELONGING_TYPES';
/** The list the repatriation workflow's `_wf.state` takes (the engine needs one per type). */
export const BELONGING_WF_STATES = 'BEL_WF_STATES';
/**
 * The grantor of the read grants belShareHistory makes to a belonging's institution, so they are
 * told apart from any other grant on it (the server writes it, the history section reads it).
 */
export const INSTITUTION_GRANTOR = 'belongings:institution';
export const BELONGINGS_LOV_LISTS = [BELONGING_TYPES, BELONGING_WF_STATES] as const;

const str = (maxLength = 500): PropertyDef => ({ kind: 'string', maxLength });
const text = (maxLength = 20_000): PropertyDef => ({ kind: 'text', maxLength, textField: true });

/**
 * A belonging held by an institution (a museum is an Organization of type MUSEUM). Its images are
 * its attachments; the first is its card's thumbnail. Repatriation is a workflow on it (the engine's `_wf`): its steps' `sets` move
 * `repatriationStatus`, and its events are the history the record shows and the institution may
 * be shown (belShareHistory). Internal notes are BelongingNote items, never a field here: every
 * field's changes are in the history that is shared.
 */
export const Belonging = defineItemType({
  name: 'Belonging',
  attachments: true,
  label: '{title}',
  defaultIcon: 'diamond',
  workflow: { stateList: BELONGING_WF_STATES, capability: 'Belongings' },
  properties: {
    title: { ...str(300), textField: true, required: true, notBlank: true },
    description: text(),
    /** The community, nation or family the belonging comes from, in the community's words. */
    culturalAffiliation: { ...str(500), textField: true },
    maker: { ...str(300), textField: true },
    /** Free text: "about 1880", "before 1900". */
    dateMade: str(100),
    materials: { kind: 'string', list: true, maxItems: 20, maxLength: 100, textField: true },
    /** The holder's catalogue or accession number. */
    accessionNumber: { ...str(100), textField: true },
    /** Where the holder keeps it: a gallery, a store, a shelf. */
    institutionLocation: str(500),
    institution: { kind: 'relation', types: ['Organization'], facet: true },
    collections: { kind: 'relation', types: ['Collection'], list: true, maxItems: 50, facet: true },
    repatriationStatus: { kind: 'enum', values: REPATRIATION_STATUSES, facet: true },
    types: { kind: 'lov', lov: BELONGING_TYPES, list: true, maxItems: 10, facet: true },
    needsAttention: { kind: 'boolean', facet: true },
    needsAttentionComment: text(5000),
    rel: { kind: 'relation', types: ['*'], list: true, maxItems: 50 },
    /** Whether one of its files is a photograph (the system's, from its files: server/hooks.ts). */
    hasImage: { kind: 'boolean', write: 'system' },
    ...workflowProperties(BELONGING_WF_STATES),
  },
  // The catalogue's cards show the belonging's first photograph when it has one.
  cardImage: { property: 'hasImage' },
  defaultHeaders: ['institution', 'repatriationStatus', 'types', 'accessionNumber'],
  keyFacts: ['institution', 'repatriationStatus', 'types', 'culturalAffiliation', 'accessionNumber'],
  facets: [
    'repatriationStatus',
    'types',
    'institution',
    'collections',
    'needsAttention',
    '_wf.$assigned',
    '_c.ts',
  ],
  // The community's staff catalogue them; a community decides per belonging who reads it.
  access: { create: ['staff'], defaultLevel: 'COMMUNITY' },
  indexes: [
    // searchBelongingOrgs groups the readable belongings by institution.
    { name: 'items_belonging_institution', keys: ['institution'] },
    { name: 'items_belonging_access', keys: ['access', 'owner'] },
  ],
});

/**
 * The community's own notes on a belonging (negotiation tactics, what an elder said): an item of
 * its own, PROTECTED, that does not follow the belonging, so sharing the belonging and its
 * history with the institution never shows them.
 */
export const BelongingNote = defineItemType({
  name: 'BelongingNote',
  label: '{subject}',
  defaultIcon: 'sticky_note_2',
  properties: {
    belonging: { kind: 'relation', types: ['Belonging'], required: true, facet: true },
    subject: { ...str(300), textField: true, required: true, notBlank: true },
    body: text(),
  },
  defaultHeaders: ['belonging', '_c.ts'],
  keyFacts: ['belonging'],
  access: { create: ['staff'], defaultLevel: 'PROTECTED' },
});

export const belongingsTypes = [Belonging, BelongingNote] as const;
