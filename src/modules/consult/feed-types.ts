import { defineItemType } from '../../kernel/item-type';

/**
 * A person's calendar feed (issue 16 "Calendar feeds"): the hash of the secret in its link, never
 * the secret itself. A personal item of its owner (no organisation, PRIVATE): only they (and
 * admins) read it, and the feed route finds it by the hash. One per person; renewing replaces the
 * secret, turning the feed off deletes the item. What the feed holds is decided at every fetch.
 */
export const CalendarFeed = defineItemType({
  name: 'CalendarFeed',
  label: '{name}',
  defaultIcon: 'event',
  silent: true,
  excludeGeneralSearch: true,
  history: false,
  notifyPrefs: false,
  properties: {
    name: { kind: 'string', maxLength: 100, write: 'system' },
    tokenHash: { kind: 'string', maxLength: 100, write: 'system' },
    renewed: { kind: 'dateTime', write: 'system' },
  },
  access: { create: 'signedIn', defaultLevel: 'PRIVATE' },
  indexes: [{ name: 'items_calendarfeed_token', keys: ['tokenHash'] }],
});
