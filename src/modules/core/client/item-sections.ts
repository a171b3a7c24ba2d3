import { hasAttachmentsSection, USER_TOGGLES, type ItemSection } from '../../../client/module-api';
import { AttachmentsItemSection } from './AttachmentsItemSection';
import { ProfilePanel } from './ProfilePanel';

// Core's item sections (issue 12 §4): the profile panel above one's own User item, and the
// Attachments below any item whose type holds files. They are part of core's half, which loads
// on demand (with the first item cell, or on sign-in), never at start.

export const itemSections: readonly ItemSection[] = [
  {
    // One's own User item is the profile page (spec core §2: the profile link is /i-{userid}).
    id: 'profile',
    order: -10,
    applies: (item, _type, user) => !!user && item.$id === user.$id,
    // The display toggles are the panel's switches, not form fields.
    omit: USER_TOGGLES,
    component: ProfilePanel,
  },
  {
    id: 'attachments',
    order: 10,
    applies: (item, type) => hasAttachmentsSection(type) && !!item.$id,
    component: AttachmentsItemSection,
  },
];
