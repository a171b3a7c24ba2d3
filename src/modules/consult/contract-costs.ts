import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';

// The invoice for a response's review costs (issue 37 Deliver 8; docs/consultation.md "The
// invoice"): the community's logged time at its rates and its expenses at cost, as a PDF to the
// proponent. Previewed first; sent as a CONSULT_INVOICE thread the proponent reads.

const Response = z.string().regex(/^ConsultResponse-[1-9]\d*$/);

const Recipient = z.strictObject({
  kind: z.enum(['organisation', 'person']),
  name: z.string(),
  email: z.string().nullable(),
  organisation: z.string().nullable(),
});

export const costActs = defineActs({
  /** The invoice as it would be sent (base64 PDF), its total in cents and who it would go to. */
  rwfInvoicePreview: {
    body: z.strictObject({ response: Response }),
    reply: z.strictObject({
      pdf: z.string(),
      total: z.number().int(),
      recipients: z.array(Recipient),
      others: z.number().int(),
    }),
  },
  /** Sends the invoice to the proponent: a CONSULT_INVOICE thread with the PDF. */
  rwfInvoiceSend: {
    body: z.strictObject({ response: Response }),
    reply: z.strictObject({
      thread: z.string(),
      message: z.string(),
      pdf: z.string(),
      total: z.number().int(),
    }),
  },
});
export type CostActs = typeof costActs;
