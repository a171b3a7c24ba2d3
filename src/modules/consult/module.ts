import { defineModule } from '../../kernel/module';
import { consultActs } from './contract';
import { deskActs } from './contract-desk';
import { auditActs } from './contract-audit';
import { feedActs } from './contract-feed';
import { CalendarFeed } from './feed-types';
import { letterActs } from './contract-letters';
import { researchActs } from './contract-research';
import { costActs } from './contract-costs';
import { fileActs } from './contract-file';
import { LETTER_BODY_EDITOR, LETTER_CAPABILITY, letterTypes } from './letter-types';
import { CONSULT_LOV_LISTS, consultTypes } from './types';
import { COST_LOV_LISTS, costTypes } from './types-costs';
import { consultCards, consultDashboards } from './dashboards';
import { CONSULT_DOCS, consultNav, consultTitles, consultViews } from './views';

/**
 * Consultation and response (spec capability-modules §2–§4 "Consultation"): a proponent's
 * referral, its review, distribution to the communities it concerns, and each community's
 * response worked through the workflow engine.
 *
 * Capabilities (spec §6): `Consult` (the consultation screens: proponents, regulators and
 * community staff alike), `ConsultRespond` (a community's response work: responses, their
 * workflow, the overdue and "mine" lists), `ConsultDrafts` (creating and submitting drafts:
 * proponents), `ResponseLetter` (response letters: templates and the letter steps,
 * docs/consult-letters.md). `Consult` is the deployment's key capability for the group.
 */
export const consultModule = defineModule({
  id: 'consult',
  requires: ['core', 'workflow'],
  types: [...consultTypes, CalendarFeed, ...letterTypes, ...costTypes],
  server: true,
  client: true,
  acts: {
    ...consultActs,
    ...feedActs,
    ...deskActs,
    ...letterActs,
    ...auditActs,
    ...researchActs,
    ...costActs,
    ...fileActs,
  },
  capabilities: ['Consult', 'ConsultRespond', 'ConsultDrafts', LETTER_CAPABILITY],
  lovLists: [...CONSULT_LOV_LISTS, ...COST_LOV_LISTS],
  // The letter template's text editor (placeholder picker and live preview).
  fieldEditorKinds: [LETTER_BODY_EDITOR],
  stepKinds: [
    'RWF_ASSIGN',
    'RWF_SIMPLE',
    'RWF_RESEARCH',
    'RWF_SNAPSHOT',
    'RWF_OUTCOME',
    'RWF_THREAD',
    'RWF_MEETING',
    'RWF_LETTER_PROPOSE',
    'RWF_LETTER_APPROVE',
    'RWF_LETTER_SEND',
  ],
  views: consultViews,
  nav: consultNav,
  titles: consultTitles,
  // Help pages for each audience (client/docs/*.md), listed in the help menu.
  docs: CONSULT_DOCS,
  dashboards: consultDashboards,
  dashboardCards: consultCards,
});
