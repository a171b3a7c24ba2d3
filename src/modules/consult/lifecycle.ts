import type { ConsultationState } from './types';

// The one transition table of a consultation (docs/consultation.md): shared code, so the server
// refuses exactly the moves the client does not offer. A move not here is refused with
// `cnsTransition` and changes nothing.

/** Who may make a move: the proponent (update right on the consultation while it is theirs or
 * through the PROPONENT grant), or "staff" (staff or higher of the owning community holding
 * ConsultRespond; site admins too). RESPONDED is reached by the system alone. */
export type Mover = 'proponent' | 'staff' | 'system';

export type ConsultAct =
  'cnsSubmit' | 'cnsReview' | 'cnsMarkIncomplete' | 'cnsDistribute' | 'cnsClose' | 'cnsWithdraw';

export interface Move {
  act: ConsultAct | 'auto';
  from: readonly ConsultationState[];
  to: ConsultationState;
  by: readonly Mover[];
}

const BEFORE_CLOSED: readonly ConsultationState[] = [
  'DRAFT',
  'REVIEW',
  'INCOMPLETE',
  'SUBMITTED',
  'CONSULTING',
  'RESPONDED',
];

export const CONSULT_MOVES: readonly Move[] = [
  // Staff may submit a consultation they recorded on a proponent's behalf (owned by the community).
  { act: 'cnsSubmit', from: ['DRAFT', 'INCOMPLETE'], to: 'SUBMITTED', by: ['proponent', 'staff'] },
  { act: 'cnsReview', from: ['SUBMITTED'], to: 'REVIEW', by: ['staff'] },
  { act: 'cnsMarkIncomplete', from: ['SUBMITTED', 'REVIEW'], to: 'INCOMPLETE', by: ['staff'] },
  { act: 'cnsDistribute', from: ['SUBMITTED', 'REVIEW'], to: 'CONSULTING', by: ['staff'] },
  { act: 'auto', from: ['CONSULTING'], to: 'RESPONDED', by: ['system'] },
  { act: 'cnsClose', from: ['CONSULTING', 'RESPONDED'], to: 'CLOSED', by: ['staff'] },
  { act: 'cnsWithdraw', from: BEFORE_CLOSED, to: 'WITHDRAWN', by: ['proponent', 'staff'] },
];

/** The move an act makes from a state, or undefined when the table has none. */
export function moveFor(act: ConsultAct | 'auto', from: string | undefined): Move | undefined {
  return CONSULT_MOVES.find((m) => m.act === act && (m.from as readonly string[]).includes(from ?? ''));
}

/** The acts a mover may make from a state (what the client offers). */
export function allowedActs(from: string | undefined, movers: readonly Mover[]): ConsultAct[] {
  return CONSULT_MOVES.filter(
    (m) =>
      m.act !== 'auto' &&
      (m.from as readonly string[]).includes(from ?? '') &&
      m.by.some((b) => movers.includes(b)),
  ).map((m) => m.act as ConsultAct);
}

/** States in which the proponent may still edit the consultation (their PROPONENT grant's update). */
export const PROPONENT_EDITABLE: readonly ConsultationState[] = ['DRAFT', 'INCOMPLETE'];
