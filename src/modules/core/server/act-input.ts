import { AppError } from '../../../protocol/errors';
import type { ActInput } from '../../../kernel/act-contract';
import { type ActCall, type Principal } from '../../../server/module-api';
import type { CoreActs } from '../contract';

// Shared by the core acts: the call type of each act (its body already parsed with the act's
// contract by dispatch, so handlers do not parse again) and the signed-in check.

/** The call of core act K: `body` is the body as contract.ts parsed it. */
export type CoreCall<K extends keyof CoreActs> = ActCall<ActInput<CoreActs[K]>>;

export function signedIn(p: Principal): asserts p is Principal & { userId: string } {
  if (!p.userId) throw new AppError('notAllowed', 'sign in first');
}
