import { actsOf, type ServerModule } from '../../../server/module-api';
import { consultActs } from '../contract';
import { auditActs } from '../contract-audit';
import { deskActs } from '../contract-desk';
import { feedActs } from '../contract-feed';
import { cnsDeskChart, stampResponded } from './desk-chart';
import { letterActs } from '../contract-letters';
import { cnsAudit } from './audit';
import { cnsIntakeCheck } from './intake-check';
import { auditCsvRoute } from './audit-csv';
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
import { rwfLetterPropose, rwfLetterReturn, rwfLetterSave, rwfLetterSend } from './letters/acts';
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
    { ...consultActs, ...feedActs, ...deskActs, ...letterActs, ...auditActs },
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
      rwfLetterPropose,
      rwfLetterSave,
      rwfLetterReturn,
      rwfLetterSend,
      cnsAudit,
      cnsIntakeCheck,
    },
  ),
  async routes(app, services) {
    await feedRoutes(app, services);
    auditCsvRoute(app, services);
  },
  stepKinds: { ...consultStepKinds, ...letterStepKinds },
  hooks: {
    Consultation: {
      beforeWrite: consultationBeforeWrite,
      // Who may start one is the type's declaration (TypeAccess.createIn), checked with the owner.
      afterWrite: mirrorConsultation,
    },
    ConsultResponse: { beforeWrite: stampResponded, afterWrite: autoResponded },
    ConsultCommunityTerritory: { beforeWrite: followerOfConsultationBeforeWrite },
    ConsultProjectFeature: { beforeWrite: followerOfConsultationBeforeWrite },
    Attachment: { afterWrite: mirrorAttachment },
    // A community renamed: its responses' labels say the new name.
    Organization: { afterWrite: mirrorCommunityName },
    Meeting: { beforeWrite: meetingBeforeWrite },
  },
  async start(services) {
    await services.jobs.register(MEETING_SWEEP_JOB, async () => {
      await sweepMeetingStates(services, new Date());
    });
    await services.jobs.schedule(MEETING_SWEEP_JOB, MEETING_SWEEP_CRON);
  },
  seedDemo: seedConsultDemo,
};
