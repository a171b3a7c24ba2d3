import { useTranslation } from 'react-i18next';
import type { Item } from '../../../../client/module-api';
import { hasSubmission, submissionPdfHref, submissionPdfName } from '../../submission';
import { DownloadLink } from '../common/DownloadLink';

/**
 * "Download the submission (PDF)": the referral as it was sent (server/submission-pdf.ts), for a
 * consultation that left its drafts, as much of it as the reader may read.
 */
export function SubmissionPdfLink({ item }: { item: Item }) {
  const { t } = useTranslation();
  if (!item.$id || !hasSubmission(item.submitted)) return null;
  return (
    <DownloadLink
      href={submissionPdfHref(item.$id)}
      download={submissionPdfName(item.projectName, item.identifiers)}
      hint={t('consult.submissionPdf.hint')}
      testData="consult-submission-pdf"
    >
      {t('consult.submissionPdf.download')}
    </DownloadLink>
  );
}
