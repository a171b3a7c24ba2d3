import { actsOf, type ServerModule } from '../../../server/module-api';
import { consultActs } from '../contract';
import { auditActs } from '../contract-audit';
import { deskActs } from '../contract-desk';
import { feedActs } from '../contract-feed';
import { cnsDeskChart, stampResponded } from './desk-chart';
import { cnsCostChart } from './costs/cost-chart';
import { letterActs } from '../contract-letters';
import { researchActs } from '../contract-research';
import { costActs } from '../contract-costs';
import { rwfInvoicePreview, rwfInvoiceSend } from './costs/invoice';
import { fileActs } from '../contract-file';
import { cnsFileTimeline } from './file-timeline';
import { researchHooks, rwfResearchSave } from './research';
import { cnsAudit } from './audit';
import { cnsIntakeCheck } from './intake-check';
import { cnsIntakeLink } from './intake-link';
import { auditCsvRoute } from './audit-csv';
import { submissionPdfRoute } from './submission-pdf-route';
import { calFeedRenew, calFeedRevoke, calFeedStatus, feedRoutes } from './feed';
import { seedConsultDemo } from './demo';
import {
  cnsClose,
  cnsDistribute,
  cnsMarkIncomplete,
  cnsReview,
  cnsSubmit,
  cnsWithdraw,
} from './lifecycle-acts';
import { MEETING_SWEEP_CRON, MEETING_SWEEP_JOB, meetingBeforeWrite, sweepMeetingStates } from './meetings';
import { autoResponded, mirrorAttachment, mirrorCommunityName, mirrorConsultation } from './mirror';
import { consultationBeforeWrite, followerOfConsultationBeforeWrite } from './rules';
import { consultStepKinds } from './step-kinds';
import {
  entryLivesWithResponse,
  moveEntriesWithResponse,
  rateBeforeWrite,
  timeEntryBeforeWrite,
} from './costs-rules';
import {
  rwfLetterPreview,
  rwfLetterPropose,
  rwfLetterReturn,
  rwfLetterSave,
  rwfLetterSend,
} from './letters/acts';
import { seedCommunityDefaults } from './response-defaults';
import { recordConcernCreated, recordSectionUpdated } from './response-events';
import { letterStepKinds } from './letters/step-kinds';
import {
  cnsAssign,
  cnsCreateOrganization,
  cnsSetRole,
  cnsUnassign,
  rwfRecordOffline,
  rwfSendResponse,
} from './work-acts';

/** The consultation module's server half (docs/consultation.md). */
export const server: ServerModule = {
  id: 'consult',
  acts: actsOf(
    {
      ...consultActs,
      ...feedActs,
      ...deskActs,
      ...letterActs,
      ...auditActs,
      ...researchActs,
      ...fileActs,
      ...costActs,
    },
    {
      cnsSubmit,
      cnsReview,
      cnsMarkIncomplete,
      cnsDistribute,
      cnsWithdraw,
      cnsClose,
      cnsAssign,
      cnsUnassign,
      cnsSetRole,
      rwfSendResponse,
      rwfRecordOffline,
      cnsCreateOrganization,
      calFeedStatus,
      calFeedRenew,
      calFeedRevoke,
      cnsDeskChart,
      cnsCostChart,
      rwfLetterPropose,
      rwfLetterSave,
      rwfLetterReturn,
      rwfLetterPreview,
      rwfLetterSend,
      cnsAudit,
      rwfResearchSave,
      cnsIntakeCheck,
      cnsIntakeLink,
      cnsFileTimeline,
      rwfInvoicePreview,
      rwfInvoiceSend,
    },
  ),
  async routes(app, services) {
    await feedRoutes(app, services);
    auditCsvRoute(app, services);
    submissionPdfRoute(app, services);
  },
  stepKinds: { ...consultStepKinds, ...letterStepKinds },
  hooks: {
    Consultation: {
      beforeWrite: consultationBeforeWrite,
      // Who may start one is the type's declaration (TypeAccess.createIn), checked with the owner.
      afterWrite: mirrorConsultation,
    },
    ConsultResponse: {
      beforeWrite: stampResponded,
      async afterWrite(tx, e) {
        await autoResponded(tx, e);
        await moveEntriesWithResponse(tx, e);
      },
      ...researchHooks.ConsultResponse,
    },
    ConsultCommunityTerritory: { beforeWrite: followerOfConsultationBeforeWrite },
    ConsultProjectFeature: { beforeWrite: followerOfConsultationBeforeWrite },
    Attachment: { afterWrite: mirrorAttachment },
    // A community renamed: its responses' labels say the new name. A new community gets its
    // default response workflow, states and letter template.
    Organization: {
      async afterWrite(tx, e) {
        await mirrorCommunityName(tx, e);
        await seedCommunityDefaults(tx, e);
      },
    },
    // Written parts of a response are recorded on it (RWF_SECTION_UPDATED, RWF_CONCERN_CREATED).
    ConsultResponseSection: { afterWrite: recordSectionUpdated },
    ConsultResponseConcern: { afterWrite: recordConcernCreated },
    Meeting: { beforeWrite: meetingBeforeWrite },
    // Time and expenses (docs/consultation.md): hours in range, the writer as the person, each in
    // its response's community; rates changed by the community's orgAdmins only.
    ConsultTimeEntry: { beforeWrite: timeEntryBeforeWrite, afterWrite: entryLivesWithResponse },
    ConsultExpense: { afterWrite: entryLivesWithResponse },
    ConsultRate: { beforeWrite: rateBeforeWrite },
  },
  async start(services) {
    await services.jobs.register(MEETING_SWEEP_JOB, async () => {
      await sweepMeetingStates(services, new Date());
    });
    await services.jobs.schedule(MEETING_SWEEP_JOB, MEETING_SWEEP_CRON);
  },
  seedDemo: seedConsultDemo,
};
