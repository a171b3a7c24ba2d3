import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { IN_COMMUNITIES } from '../core/community-places';
import { LABEL_KEYS, LC_PROJECT_KEY, TK_LABELS_KEY } from './labels';

// Local Contexts (docs/local-contexts.md): the labels an item carries, and a community's own
// wording of each label.

/**
 * What every item gets (manifest `itemProperties`, added to each type by the registry): its TK and
 * BC labels and Notices by key, and the id of the Local Contexts project they come from. Plain
 * data: whoever may update the item sets them, and search filters and counts them like any
 * property (the read rule in SQL first). `editor` names the grouped picker of the client half.
 */
export const LOCAL_CONTEXTS_ITEM_PROPERTIES: Readonly<Record<string, PropertyDef>> = {
  [TK_LABELS_KEY]: {
    kind: 'enum',
    list: true,
    values: LABEL_KEYS,
    maxItems: LABEL_KEYS.length,
    facet: true,
    editor: 'localContextsLabels',
  },
  // A Local Contexts Hub project id (a UUID there); kept as text, never fetched.
  [LC_PROJECT_KEY]: { kind: 'string', maxLength: 100 },
};

export const LABEL_TYPE = 'LocalContextsLabel';

/**
 * A community's own wording of one label (as Local Contexts lets a community customise it): its
 * name and text, their translations, and a recording (an audio Attachment) of someone reading
 * it. Owned by the organisation; its editors and orgAdmins keep it (create: editor; update is
 * editor or orgAdmin of the owner, as for every item). PUBLIC by default: a label explains items
 * to whoever may see them, visitors too; a community that keeps its wording for its members sets
 * it COMMUNITY, and others then see the default Local Contexts wording.
 */
export const LocalContextsLabel = defineItemType({
  name: LABEL_TYPE,
  label: '{customName}',
  defaultIcon: 'list',
  attachments: true,
  properties: {
    labelKey: { kind: 'enum', values: LABEL_KEYS, required: true, facet: true },
    customName: { kind: 'string', maxLength: 200, textField: true },
    customText: { kind: 'text', maxLength: 5000, textField: true },
    /** The text in the community's languages: language code → text. */
    translations: { kind: 'json', translations: true },
  },
  defaultHeaders: ['labelKey', 'customName', '_c.ts'],
  keyFacts: ['labelKey'],
  facets: ['labelKey', '_c.ts'],
  // A community's own wording of its labels (docs/local-contexts.md).
  access: { create: ['editor'], defaultLevel: 'PUBLIC', createIn: IN_COMMUNITIES },
});

export const localContextsTypes = [LocalContextsLabel] as const;
