import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ActReplyDrift, defineAct, defineActs } from '../kernel/act-contract';
import type { AsyncAction } from './tasks/async-action';
import { actsOf, asyncActionsOf, replyCheckFromEnv, runAct } from './acts';
import type { ActCall, RegisteredAct } from './services';

const Echo = defineAct({
  name: 'echo',
  body: z.strictObject({ title: z.string().trim().min(1).max(5), tags: z.array(z.string()).max(2) }),
  reply: z.strictObject({ title: z.string(), n: z.number() }),
});

// Only the body matters to runAct; the rest of the call is passed through untouched.
const call = (body: unknown): ActCall<unknown> =>
  ({ body, sub: undefined, key: undefined, session: null }) as unknown as ActCall<unknown>;
const act = (reply: unknown): RegisteredAct => ({ contract: Echo, handler: async () => reply });

describe('runAct', () => {
  it('runAct checks the reply when asked, and leaves it alone otherwise', async () => {
    const good = { title: 'ab', tags: ['x'] };
    await expect(runAct(act({ title: 't', n: 'x' }), call(good), true)).rejects.toThrow(ActReplyDrift);
    await expect(runAct(act({ title: 't', n: 'x' }), call(good), false)).resolves.toEqual({
      title: 't',
      n: 'x',
    });
  });

  it('runAct parses the body before the handler, which gets the parsed body', async () => {
    let seen: unknown = 'not called';
    const spy: RegisteredAct = {
      contract: Echo,
      handler: async (c) => {
        seen = c.body;
        return { title: 't', n: 1 };
      },
    };
    await expect(runAct(spy, call({ title: 'x' }), true)).rejects.toMatchObject({ key: 'invalidInput' });
    expect(seen).toBe('not called');
    await runAct(spy, call({ title: ' x ', tags: ['a'] }), true);
    expect(seen).toEqual({ title: 'x', tags: ['a'] });
  });

  it('is on in tests and development, off in production, and can be forced', () => {
    expect(replyCheckFromEnv()).toBe(true); // Vitest sets NODE_ENV=test
    expect(replyCheckFromEnv({ NODE_ENV: 'development' })).toBe(true);
    expect(replyCheckFromEnv({ NODE_ENV: 'production' })).toBe(false);
    expect(replyCheckFromEnv({})).toBe(false);
    expect(replyCheckFromEnv({ NODE_ENV: 'production', CHECK_ACT_REPLIES: '1' })).toBe(true);
    expect(replyCheckFromEnv({ NODE_ENV: 'test', CHECK_ACT_REPLIES: '0' })).toBe(false);
  });
});

describe('actsOf and asyncActionsOf', () => {
  const contracts = defineActs({ a: { body: z.object({}), reply: z.object({}) } });
  it('pairs each contract with its handler', () => {
    const acts = actsOf(contracts, { a: async () => ({}) });
    expect(acts.a?.contract).toBe(contracts.a);
  });

  it('refuses a handler without a contract (a missing one is a type error, and also refused)', () => {
    const extra = { a: async () => ({}), b: async () => ({}) };
    expect(() => actsOf(contracts, extra)).toThrow(/handlers without a contract: b/);
    expect(() => actsOf(contracts, {} as Parameters<typeof actsOf<typeof contracts>>[1])).toThrow(
      /act a has no handler/,
    );
  });

  it('attaches the contract to each async action, and wants async contracts', () => {
    const run: AsyncAction = { run: async () => undefined };
    const asyncContracts = defineActs({ t: { body: z.object({}), reply: z.object({}) } }, { async: true });
    expect(asyncActionsOf(asyncContracts, { t: run }).t?.contract).toBe(asyncContracts.t);
    expect(() => asyncActionsOf(contracts, { a: run })).toThrow(/not an async contract/);
  });
});
