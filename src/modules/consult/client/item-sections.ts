import { lazy } from 'react';
import type { ItemSection } from '../../../client/module-api';
import { isOutsideReader } from './outside/from-community-model';

// The consultation record's own sections: above the form, its summary (state, due date, who)
// with the lifecycle moves the user may make; below the area's map, what else lies in the area
// (other referrals, the community's places); then the communities' responses (for
// community staff: the search is the policy's, so a proponent finds none and sees nothing), then
// the referral's file (one timeline of everything about it, as the reader may read it).
// Its files, conversations and history are core's sections (Attachments, Conversations,
// History), which show on every Consultation as on any item whose type holds files.

const ConsultationSummary = lazy(() =>
  import('./record/ConsultationSummary').then((m) => ({ default: m.ConsultationSummary })),
);
const ConsultationResponses = lazy(() =>
  import('./record/ConsultationResponses').then((m) => ({ default: m.ConsultationResponses })),
);

const AreaCheckSection = lazy(() =>
  import('./record/AreaCheckSection').then((m) => ({ default: m.AreaCheckSection })),
);

const FromCommunitySection = lazy(() =>
  import('./outside/FromCommunitySection').then((m) => ({ default: m.FromCommunitySection })),
);

const FileTimeline = lazy(() => import('./file/FileTimeline').then((m) => ({ default: m.FileTimeline })));

export const consultItemSections: readonly ItemSection[] = [
  {
    id: 'consult.summary',
    order: -5,
    applies: (item) => item._t === 'Consultation' && !!item.$id,
    component: ConsultationSummary,
  },
  {
    // What else lies in the area: right below spatial's mini-map of it (spatial.area, 5).
    id: 'consult.areaCheck',
    order: 6,
    applies: (item) => item._t === 'Consultation' && !!item.$id,
    component: AreaCheckSection,
  },
  {
    id: 'consult.responses',
    // After Attachments (10), before Related (20).
    order: 15,
    applies: (item) => item._t === 'Consultation' && !!item.$id,
    component: ConsultationResponses,
  },
  {
    // For its outside readers (a proponent, a regulator): what the community sent them, right
    // below the summary and the area; the community's own staff have the file instead.
    id: 'consult.outside',
    order: 7,
    applies: (item, _type, user) =>
      item._t === 'Consultation' &&
      !!item.$id &&
      !!user &&
      isOutsideReader(
        item,
        (user.memberships ?? []).map((m) => m.org),
      ),
    component: FromCommunitySection,
  },
  {
    // The referral's file: everything about it in one timeline, right below its responses.
    id: 'consult.file',
    order: 16,
    applies: (item) => item._t === 'Consultation' && !!item.$id,
    component: FileTimeline,
  },
];
