import type { FastifyInstance } from 'fastify';
import { AppError, contentDisposition, sanitizeName, type Services } from '../../../server/module-api';
import { SUBMISSION_PDF_PATH, submissionPdfName } from '../submission';
import { isRefusal, refuse, routePrincipal } from './route-refusal';
import { submissionFacts } from './submission-facts';
import { submissionPdf } from './submission-pdf';

// GET /api/consult/submission.pdf?consultation=<id>: the referral's PDF (submission-pdf.ts), for
// whoever may read the consultation, with what they may read in it. The token cookie goes with a
// plain link (the record's button), a bearer token with a fetch. A reader who may not read it is
// answered as the item service answers (refusedRead): a member of the community holding it hears
// notAllowed; anyone else, signed out too, exactly what an id never used gets.

export function submissionPdfRoute(app: FastifyInstance, s: Services): void {
  app.get<{ Querystring: { consultation?: string } }>(SUBMISSION_PDF_PATH, async (req, reply) => {
    const p = await routePrincipal(s, req, reply);
    if (!p) return reply;
    const id = typeof req.query.consultation === 'string' ? req.query.consultation : '';
    try {
      const facts = await submissionFacts(s, p, id);
      const pdf = await submissionPdf(facts, s.config.siteName, new Date());
      const name = sanitizeName(submissionPdfName(facts.project, facts.fileNumbers));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    } catch (e) {
      if (isRefusal(e)) return refuse(reply, e);
      req.log.error({ err: e }, 'submission pdf failed');
      return reply.code(500).send(new AppError('generalFailure', 'the PDF could not be made').toBody());
    }
  });
}
