import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { checkGeometry, type Geometry } from '../../kernel/geometry';
import { ORGANIZATION_TYPES } from '../core/types';
import { CONSULT_ROLES, CONSULTATION_STATES, RESPONSE_STATES } from './types';

// The consultation acts (docs/consultation.md). Each checks who may, moves along the one table
// (lifecycle.ts) and writes through the item service in one transaction with its event
// (CNS_*). A move the table does not hold is refused with `cnsTransition` and changes nothing.

const id = (type: string) => z.string().regex(new RegExp(`^${type}-[1-9][0-9]*$`), `a ${type} id`);
const ConsultationId = id('Consultation');
const ResponseId = id('ConsultResponse');
const OrgId = id('Organization');
const UserId = id('User');

/** A referral the intake check names: its label and state, as the caller may read it. */
const Referral = z.strictObject({ $id: z.string(), label: z.string(), state: z.string().nullable() });
const AreaPart = z.custom<Geometry>((g) => checkGeometry(g) === null, 'a GeoJSON geometry');
/** The most referrals each list of the intake check names (the total says how many more). */
export const INTAKE_CHECK_MAX = 20;

const StateReply = z.strictObject({ $id: z.string(), state: z.enum(CONSULTATION_STATES) });
const ByConsultation = z.strictObject({ consultation: ConsultationId });

export const consultActs = defineActs({
  /** DRAFT|INCOMPLETE → SUBMITTED: the owner becomes `submittedTo`; the proponent keeps a PROPONENT grant. */
  cnsSubmit: { body: ByConsultation, reply: StateReply },
  /** SUBMITTED → REVIEW (community staff). */
  cnsReview: { body: ByConsultation, reply: StateReply },
  /** SUBMITTED|REVIEW → INCOMPLETE, opening a CONSULT_INCOMPLETE thread to the proponent. */
  cnsMarkIncomplete: {
    body: z.strictObject({ consultation: ConsultationId, message: z.string().trim().min(1).max(20_000) }),
    reply: StateReply.extend({ thread: z.string() }),
  },
  /** SUBMITTED|REVIEW → CONSULTING: one ConsultResponse per community (CNS_DISTRIBUTED). */
  cnsDistribute: {
    body: z.strictObject({ consultation: ConsultationId, communities: z.array(OrgId).min(1).max(200) }),
    reply: StateReply.extend({ responses: z.array(z.string()) }),
  },
  /** Any state before CLOSED → WITHDRAWN; open responses stop (CNS_WITHDRAWN). */
  cnsWithdraw: {
    body: z.strictObject({ consultation: ConsultationId, reason: z.string().trim().max(2000).optional() }),
    reply: StateReply,
  },
  /** CONSULTING|RESPONDED → CLOSED (CNS_CLOSED). */
  cnsClose: { body: ByConsultation, reply: StateReply },
  /** Adds a community person to a Consultation's or ConsultResponse's `internalContacts` (CNS_ASSIGNED). */
  cnsAssign: {
    body: z.strictObject({ item: z.union([ConsultationId, ResponseId]), user: UserId }),
    reply: z.strictObject({ $id: z.string(), internalContacts: z.array(z.string()) }),
  },
  /** Removes them (CNS_UNASSIGNED). */
  cnsUnassign: {
    body: z.strictObject({ item: z.union([ConsultationId, ResponseId]), user: UserId }),
    reply: z.strictObject({ $id: z.string(), internalContacts: z.array(z.string()) }),
  },
  /** Gives an organisation a role on the consultation (a grant), changes it, or removes it (null). */
  cnsSetRole: {
    body: z.strictObject({
      consultation: ConsultationId,
      org: OrgId,
      role: z.enum(CONSULT_ROLES).nullable(),
    }),
    reply: z.strictObject({ $id: z.string(), roles: z.record(z.string(), z.enum(CONSULT_ROLES)) }),
  },
  /** Sends the community's response, acknowledgement or contract to the proponent as a thread. */
  rwfSendResponse: {
    body: z.strictObject({
      response: ResponseId,
      purpose: z.enum(['CONSULT_RESPONSE', 'CONSULT_ACK', 'RESPONSE_CONTRACT']),
      subject: z.string().trim().min(1).max(300),
      message: z.string().trim().min(1).max(100_000),
      attachments: z.array(id('Attachment')).max(100),
      /** The consultation's REGULATOR organisations read the thread too (never unless asked). */
      copyRegulators: z.boolean().optional(),
    }),
    reply: z.strictObject({ thread: z.string(), message: z.string() }),
  },
  /** Records that the community answered outside the platform (state OFFLINE). */
  rwfRecordOffline: {
    body: z.strictObject({ response: ResponseId, outcome: z.string().min(1).max(200) }),
    reply: z.strictObject({ $id: z.string(), state: z.enum(RESPONSE_STATES) }),
  },
  /** Community staff record a proponent, regulator or consultant organisation (PUBLIC, owns itself). */
  cnsCreateOrganization: {
    body: z.strictObject({
      displayName: z.string().trim().min(1).max(200),
      type: z.enum(ORGANIZATION_TYPES),
      website: z.string().max(500).optional(),
      legalName: z.string().max(300).optional(),
      industry: z.string().max(200).optional(),
    }),
    reply: z.strictObject({ $id: z.string() }),
  },
  /**
   * Before a referral is logged (docs/consultation-screens.md "The intake check"): the readable
   * referrals whose project areas meet the drawn area, those with one of the same identifiers
   * (file numbers), and, for the community's staff only, how many of the community's places the
   * caller may read lie in the area (null for anyone else). What the caller may not read is
   * neither named nor counted.
   */
  cnsIntakeCheck: {
    body: z.strictObject({
      geometries: z.array(AreaPart).max(200),
      identifiers: z.array(z.string().trim().min(1).max(200)).max(20),
      /** The community the referral goes to (submittedTo): whose places are counted. */
      community: OrgId.optional(),
      /** The referral itself, once saved, left out of its own matches. */
      exclude: ConsultationId.optional(),
    }),
    reply: z.strictObject({
      overlapping: z.array(Referral),
      overlappingTotal: z.number().int(),
      sameNumber: z.array(Referral.extend({ matched: z.array(z.string()) })),
      places: z.number().int().nullable(),
    }),
  },
  /**
   * The intake's "Link as related", once the referral and its areas are saved: the check is run
   * again for it as the caller, and only the referrals it names are linked (`rel`, the system's
   * to write); the rest are dropped and counted.
   */
  cnsIntakeLink: {
    body: z.strictObject({ consultation: ConsultationId, rel: z.array(ConsultationId).max(50) }),
    reply: z.strictObject({ $id: z.string(), rel: z.array(z.string()), dropped: z.number().int() }),
  },
});
export type ConsultActs = typeof consultActs;
