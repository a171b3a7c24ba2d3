import { AppError, setGrantIn, type ActHandler } from '../../../server/module-api';
import type { belongingsActs } from '../contract';
import { INSTITUTION_GRANTOR } from '../types';

// belShareHistory (docs/belongings.md "Sharing the history with the institution"): a read grant
// on the belonging to its institution, so the museum's people read the belonging, its images
// and its history (the events of its repatriation workflow) — and nothing else of the
// community's: internal notes are BelongingNote items of their own, which the grant does not
// reach. A protocol on the belonging still closes it to them (a grant never opens a protocol).

export const belShareHistory: ActHandler<(typeof belongingsActs)['belShareHistory']> = async ({
  services,
  principal: p,
  body,
}) => {
  const { items } = services;
  return items.transaction(async (tx) => {
    const row = await items.readableRowIn(tx, p, body.belonging, { type: 'Belonging', lock: true });
    // Sharing decides who may read it: those who may change its level, as for any grant of it.
    if (!items.policy.canSetLevel(p, row)) throw new AppError('notAllowed', `share ${body.belonging}`);
    const institution = typeof row.data.institution === 'string' ? row.data.institution : null;
    if (!institution)
      throw new AppError('invalidInput', 'the belonging names no institution', {
        fields: [{ path: 'institution', key: 'errors.required' }],
      });
    await setGrantIn(tx, items, row.id, institution, body.share ? ['read'] : null, {
      grantedBy: INSTITUTION_GRANTOR,
      actor: p.userId,
      realActor: p.masqueradeFrom,
    });
    return { $id: row.id, institution, shared: body.share };
  });
};
