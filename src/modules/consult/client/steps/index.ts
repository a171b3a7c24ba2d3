import { lazy } from 'react';
import type { ClientModule } from '../../../../client/module-api';

// The three letter kinds share one panel (client/letters), one chunk.
const LetterPanel = lazy(() =>
  import('../letters/LetterStepPanel').then((m) => ({ default: m.LetterStepPanel })),
);
const letterPanels = {
  RWF_LETTER_PROPOSE: LetterPanel,
  RWF_LETTER_APPROVE: LetterPanel,
  RWF_LETTER_SEND: LetterPanel,
};

// The panels of the response workflow's step kinds (manifest `stepKinds`), shown by the
// workflow panel under an ACTIVE step of the kind. RWF_SIMPLE has none: the generic actions
// (Complete, Skip) are all it needs. Each panel is its own chunk.

export const stepPanels: NonNullable<ClientModule['stepPanels']> = {
  RWF_ASSIGN: lazy(() => import('./AssignStepPanel').then((m) => ({ default: m.AssignStepPanel }))),
  RWF_OUTCOME: lazy(() => import('./OutcomeStepPanel').then((m) => ({ default: m.OutcomeStepPanel }))),
  RWF_THREAD: lazy(() => import('./ThreadStepPanel').then((m) => ({ default: m.ThreadStepPanel }))),
  RWF_MEETING: lazy(() => import('./MeetingStepPanel').then((m) => ({ default: m.MeetingStepPanel }))),
  RWF_RESEARCH: lazy(() => import('./ResearchStepPanel').then((m) => ({ default: m.ResearchStepPanel }))),
  RWF_SNAPSHOT: lazy(() => import('./SnapshotStepPanel').then((m) => ({ default: m.SnapshotStepPanel }))),
  ...letterPanels,
};
