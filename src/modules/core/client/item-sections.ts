import { lazy } from 'react';
import { hasAttachmentsSection, USER_TOGGLES, type ItemSection } from '../../../client/module-api';
import { AttachmentsItemSection } from './AttachmentsItemSection';
import { ProfilePanel } from './ProfilePanel';
import { hasConversations } from './record/conversations-model';

// The record's own sections, each its own chunk, loaded when a record shows them.
const ThreadRecordSection = lazy(() =>
  import('./record/ThreadRecordSection').then((m) => ({ default: m.ThreadRecordSection })),
);
const RelatedSection = lazy(() =>
  import('./record/RelatedSection').then((m) => ({ default: m.RelatedSection })),
);
const ConversationsSection = lazy(() =>
  import('./record/ConversationsSection').then((m) => ({ default: m.ConversationsSection })),
);
const TimelineSection = lazy(() =>
  import('./record/TimelineSection').then((m) => ({ default: m.TimelineSection })),
);

// Core's item sections (issue 12 §4): the profile panel above one's own User item, and the
// Attachments below any item whose type holds files; on every record: what points at it
// (Related), the conversations about it and its recent history; a Thread's messages and reply
// box. They are part of core's half, which loads on demand (with the first item cell, or on
// sign-in), never at start. Orders: the fields are 0; a module's panel may sit between these.

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
    // A Thread opened as an item is its conversation; its pane's switch edits `resolved`.
    id: 'thread-messages',
    order: 1,
    omit: ['resolved'],
    applies: (item) => item._t === 'Thread' && !!item.$id,
    component: ThreadRecordSection,
  },
  {
    id: 'attachments',
    order: 10,
    applies: (item, type) => hasAttachmentsSection(type) && !!item.$id,
    component: AttachmentsItemSection,
  },
  {
    id: 'related',
    order: 20,
    applies: (item) => !!item.$id,
    component: RelatedSection,
  },
  {
    id: 'conversations',
    order: 30,
    // Signed out, nobody starts a conversation and the public ones are on the conversations screen.
    applies: (item, _type, user) => !!item.$id && !!user && hasConversations(item._t),
    component: ConversationsSection,
  },
  {
    id: 'history',
    order: 90,
    // The history is read by those who may read the item's timeline (signed in).
    applies: (item, _type, user) => !!item.$id && !!user,
    component: TimelineSection,
  },
];
