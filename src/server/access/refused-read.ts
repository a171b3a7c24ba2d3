import { AppError } from '../../protocol/errors';
import type { ItemRow } from '../items/rows';
import type { Principal } from './principal';

/**
 * What a person is told of an item they may not read (docs/access-model.md "What an outsider is
 * told"). A member of the organisation that holds it hears that it is not theirs to open
 * (notAllowed), so they know to ask an Elder or the lands manager. Anyone else is answered
 * exactly as for an id that was never used: ids are numbered in order, so two answers would let
 * an outsider count a community's responses, members and words.
 */
export function refusedRead(p: Principal, row: Pick<ItemRow, 'id' | 'owner'>): AppError {
  if (row.owner && p.orgs.has(row.owner)) return new AppError('notAllowed', `read ${row.id}`);
  return notFoundError(row.id);
}

export const notFoundError = (id: string) => new AppError('notFound', `${id} not found`);
