import { compose, sanitizeName, siteLink, type Principal, type Services } from '../../../server/module-api';
import { submissionPdfHref, submissionPdfName } from '../submission';
import { isConsultStaff } from './rules';
import { submissionFacts } from './submission-facts';
import { longDate, submissionPdf } from './submission-pdf';

// The proponent's receipt (issue 38, Deliver 1): whoever submits a referral from outside the
// community is mailed an acknowledgement with the community's name, the file numbers, the date
// asked for and a link, through the node's mailer (SMTP, or the outbox). Community staff who log
// a referral themselves are not mailed: the referral is already on their desk. The PDF of what
// they submitted goes with it (submission-pdf.ts, read as the submitter, as the download is),
// made after the reply, and the link to download it again; a PDF that cannot be made leaves the
// receipt without it rather than unsent.

/** Mails the submitter their receipt, after the submission committed; never holds up the reply. */
export async function sendSubmissionReceipt(
  services: Services,
  p: Principal,
  consultation: string,
): Promise<boolean> {
  const { items, config, mailer } = services;
  if (!p.userId) return false;
  // Read as the submitter: the receipt says only what they may read themselves.
  const c = await items.readableRow(p, consultation).catch(() => null);
  const community = typeof c?.data.submittedTo === 'string' ? c.data.submittedTo : null;
  if (!c || !community || (await isConsultStaff(items.db, p, community))) return false;
  const [me, org] = await Promise.all([
    items.readableRow(p, p.userId).catch(() => null),
    items.readableRow(p, community).catch(() => null),
  ]);
  const email = me?.data.email;
  if (typeof email !== 'string' || !email) return false;
  const name = typeof me?.data.name === 'string' ? me.data.name : '';
  const communityName = org ? items.labelOf(org) : 'The community';
  const project = items.labelOf(c);
  const files = Array.isArray(c.data.identifiers) ? (c.data.identifiers as string[]).filter(Boolean) : [];
  const requested = typeof c.data.requestedResponseDate === 'string' ? c.data.requestedResponseDate : null;
  const submitted = typeof c.data.submitted === 'string' ? c.data.submitted : new Date().toISOString();
  const mail = (attached: boolean) =>
    compose(email, `${communityName} received your referral: ${project}`, [
      name ? `Hello ${name},` : 'Hello,',
      `${communityName} received your referral “${project}” on ${longDate(submitted)}.`,
      [
        `File number${files.length === 1 ? '' : 's'}: ${files.length ? files.join(', ') : 'none given'}`,
        `Response requested by: ${requested ? longDate(requested) : 'no date given'}`,
      ].join('\n'),
      'Follow it, and answer the community if they ask for anything more, here:',
      siteLink(config, `/i-${c.id}`),
      attached
        ? 'A PDF of what you submitted is attached. You can download it again here:'
        : 'A PDF of what you submitted can be downloaded here:',
      siteLink(config, submissionPdfHref(c.id)),
      `${config.siteName}`,
    ]);
  mailer.sendLater(
    submissionFacts(services, p, c.id)
      .then(async (facts) => ({
        ...mail(true),
        attachments: [
          {
            filename: sanitizeName(submissionPdfName(facts.project, facts.fileNumbers)),
            content: await submissionPdf(facts, config.siteName, new Date()),
            contentType: 'application/pdf',
          },
        ],
      }))
      .catch(() => mail(false)),
  );
  return true;
}
