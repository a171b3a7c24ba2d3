import { lazy } from 'react';
import type { ItemSection } from '../../../../client/module-api';
import { ASSIGNED_FIELD, RESPONSE } from './response-fields';

// A community's response record (ConsultResponse): its head (facts, assigned staff, send or
// record the response) above the workflow panel and the form, its sections and concerns below
// the form. Each is its own chunk, loaded when a response is opened.

const ResponseSummarySection = lazy(() =>
  import('./ResponseSummarySection').then((m) => ({ default: m.ResponseSummarySection })),
);
const TimeExpensesSection = lazy(() =>
  import('./TimeExpensesSection').then((m) => ({ default: m.TimeExpensesSection })),
);
const ResponsePartsSection = lazy(() =>
  import('./ResponsePartsSection').then((m) => ({ default: m.ResponsePartsSection })),
);

export const responseSections: readonly ItemSection[] = [
  {
    id: 'consult-response-summary',
    // Above the workflow panel (which sits just above the form).
    order: -30,
    // Shown (and the assignees edited) here: the form does not repeat them.
    omit: ['consultation', 'community', 'primaryOrg', ASSIGNED_FIELD],
    applies: (item) => item._t === RESPONSE && !!item.$id,
    component: ResponseSummarySection,
  },
  {
    id: 'consult-response-parts',
    // Below the form, above core's Attachments (10): the letter files are chosen from those.
    order: 5,
    applies: (item) => item._t === RESPONSE && !!item.$id,
    component: ResponsePartsSection,
  },
  {
    // The response's time and expenses, with days on file and to respond: below its parts.
    id: 'consult-response-costs',
    order: 6,
    applies: (item) => item._t === RESPONSE && !!item.$id,
    component: TimeExpensesSection,
  },
];
