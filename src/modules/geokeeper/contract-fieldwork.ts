import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';

// The fieldwork job acts (docs/geokeeper.md "Fieldwork jobs"): the threads a job sends to its
// external party (CONFIRM_FIELDWORK, FIELDWORK_REPORT with the report, FIELDWORK_INVOICE), and the
// start of a job from a consultation response's RWF_FIELDWORK step.

const Id = (type: string) => z.string().regex(new RegExp(`^${type}-[1-9][0-9]*$`), `a ${type} id`);

/** The purposes a fieldwork job's threads to its external party carry (core's Thread purposes). */
export const FIELDWORK_PURPOSES = ['CONFIRM_FIELDWORK', 'FIELDWORK_REPORT', 'FIELDWORK_INVOICE'] as const;
export type FieldworkPurpose = (typeof FIELDWORK_PURPOSES)[number];

export const fieldworkActs = defineActs({
  /**
   * Sends a thread to the job's external party: the thread (owned by the community, about the
   * job) is read by the external party's organisation, and its first message carries copies of
   * the chosen files of the job (a report needs one).
   */
  gkfSendThread: {
    body: z.strictObject({
      job: Id('GeoKeeperFieldwork'),
      purpose: z.enum(FIELDWORK_PURPOSES),
      subject: z.string().trim().min(1).max(300),
      message: z.string().trim().min(1).max(100_000),
      /** Attachments of the job, copied onto the message. */
      attachments: z.array(Id('Attachment')).max(50).default([]),
    }),
    reply: z.strictObject({ thread: z.string(), message: z.string() }),
  },
  /**
   * Starts a fieldwork job from an ACTIVE RWF_FIELDWORK step of a consultation response: for the
   * consultation's proponent, owned by the community, running the community's default fieldwork
   * workflow. The step completes when the job reaches DONE.
   */
  gkfStartFromResponse: {
    body: z.strictObject({
      response: Id('ConsultResponse'),
      step: z.string().min(1).max(100),
      label: z.string().trim().min(1).max(300),
      program: Id('GeoKeeperProgram').optional(),
      description: z.string().max(20_000).optional(),
    }),
    reply: z.strictObject({ job: z.string() }),
  },
});
