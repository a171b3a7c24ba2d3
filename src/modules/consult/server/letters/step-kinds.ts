import { AppError, SYSTEM, type StepContext, type StepKindHandler } from '../../../../server/module-api';
import { approverOf, currentLetter } from './acts';
import { unfilled } from '../../letter-fill';

// The letter step kinds (docs/consult-letters.md "Steps"): propose, approve by the chosen
// approver, send. Each checks the response's current letter in the step move's transaction.

function required(path: string, why: string): never {
  throw new AppError('invalidInput', why, { fields: [{ path, key: 'errors.required' }] });
}

async function letterOf(ctx: StepContext) {
  const letter = await currentLetter(ctx.tx, ctx.item.id);
  if (!letter) required('letter', 'propose a letter first');
  return letter;
}

const actor = (ctx: StepContext) => ({
  actor: ctx.principal.userId,
  realActor: ctx.principal.masqueradeFrom,
});

export const letterStepKinds: Record<string, StepKindHandler> = {
  /** Completes with a drafted letter whose placeholders were all filled; it goes to the approver. */
  RWF_LETTER_PROPOSE: {
    async canComplete(ctx) {
      const letter = await letterOf(ctx);
      if (letter.data.state !== 'DRAFT' && letter.data.state !== 'PROPOSED')
        required('letter', 'the letter is already approved');
      const gaps = unfilled(String(letter.data.body ?? ''));
      if (gaps.length)
        throw new AppError('invalidInput', `fill ${gaps.join(', ')}`, {
          fields: [{ path: 'body', key: 'errors.required', params: { missing: gaps.join(', ') } }],
        });
    },
    async onComplete(ctx) {
      const letter = await letterOf(ctx);
      if (letter.data.state !== 'PROPOSED')
        await ctx.services.items.patchIn(ctx.tx, SYSTEM, letter.id, { state: 'PROPOSED' }, actor(ctx));
    },
  },
  /**
   * The chosen approver's decision: only the person the step is assigned to completes it (not
   * an editor, not an admin: forcing is the way round a missing approver), and only a letter
   * waiting for them. Completing approves it; sending it back is rwfLetterReturn.
   */
  RWF_LETTER_APPROVE: {
    async canComplete(ctx) {
      const approver = typeof ctx.step.assignedTo === 'string' ? ctx.step.assignedTo : null;
      if (!approver) required('assignedTo', 'choose the approver first');
      if (ctx.principal.userId !== approver || approverOf(ctx.item) !== approver)
        throw new AppError('notAllowed', 'only the chosen approver approves the letter');
      const letter = await letterOf(ctx);
      if (letter.data.state !== 'PROPOSED') required('letter', 'the letter is not waiting for approval');
    },
    async onComplete(ctx) {
      const letter = await letterOf(ctx);
      await ctx.services.items.patchIn(
        ctx.tx,
        SYSTEM,
        letter.id,
        { state: 'APPROVED', approvedBy: ctx.principal.userId, approvedAt: new Date().toISOString() },
        actor(ctx),
      );
    },
  },
  /** Completes once the approved letter was sent (rwfLetterSend). May be added ad hoc (spec §4). */
  RWF_LETTER_SEND: {
    adHoc: true,
    async canComplete(ctx) {
      const letter = await letterOf(ctx);
      if (letter.data.state !== 'SENT') required('letter', 'send the letter first');
    },
  },
};
