import { defineItemType } from '../../kernel/item-type';

/**
 * A system alert (spec core §3: id, title, message, modal flag). Admins write them in
 * admin.sysalerts; every signed-in user reads them (docs/access-model.md), and active ones show
 * as a dialog (modal) or a side card. Deactivating keeps the alert for the record.
 */
export const SystemAlert = defineItemType({
  name: 'SystemAlert',
  label: '{title}',
  defaultIcon: 'campaign',
  properties: {
    title: { kind: 'string', maxLength: 200, required: true, notBlank: true, textField: true },
    message: { kind: 'text', maxLength: 4000, required: true, notBlank: true, textField: true },
    modal: { kind: 'boolean' },
    active: { kind: 'boolean', facet: true },
  },
  defaultHeaders: ['title', 'active', 'modal', '_c.ts'],
  facets: ['active'],
  excludeGeneralSearch: true,
  access: { create: 'admin', defaultLevel: 'PRIVATE', read: 'signedIn' },
});
