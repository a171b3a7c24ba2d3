import { defineItemType } from '../../kernel/item-type';
import { PROTOCOL_TYPE } from '../../protocol/constants';
import { IN_COMMUNITIES } from './community-places';

/**
 * A cultural protocol (as Mukurtu has them; docs/access-model.md "Cultural protocols"): a named
 * group of an organisation's members, such as "Elders" or "Women's knowledge". Any item of the
 * organisation may be restricted to one or more of them (`$protocols`), on top of its level.
 * Its orgAdmins make them and keep their members (server/protocols.ts); the community's members
 * see which groups exist and who is in them (COMMUNITY), since they are asked to respect them.
 */
export const Protocol = defineItemType({
  name: PROTOCOL_TYPE,
  label: '{name}',
  defaultIcon: 'diversity_3',
  properties: {
    name: { kind: 'string', maxLength: 200, textField: true, required: true, notBlank: true },
    description: { kind: 'text', maxLength: 2000, textField: true },
    members: { kind: 'relation', types: ['User'], list: true, maxItems: 2000 },
  },
  defaultHeaders: ['name', 'members', '_c.ts'],
  // Cultural protocols are a community's (docs/access-model.md "Cultural protocols").
  access: { create: ['orgAdmin'], defaultLevel: 'COMMUNITY', createIn: IN_COMMUNITIES },
});
