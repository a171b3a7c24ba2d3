import { lazy } from 'react';
import type { ItemSection } from '../../../../client/module-api';

/** The engine's own properties: the panel shows them, the generic form leaves them out. */
export const WORKFLOW_OMIT = ['workflow', '_wf', '_wf.state', '_wf.$assigned', '_wf.$assignedDue'] as const;

/**
 * The workflow panel: on every item whose type declares `workflow`, just below the record's
 * header and above its fields, its own chunk.
 */
export const workflowSection: ItemSection = {
  id: 'workflow',
  order: 0,
  belowHeader: true,
  omit: WORKFLOW_OMIT,
  applies: (_item, type) => !!type.workflow,
  component: lazy(() => import('./WorkflowPanel').then((m) => ({ default: m.WorkflowPanel }))),
};
