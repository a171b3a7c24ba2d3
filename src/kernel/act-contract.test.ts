import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../protocol/errors';
import { ActReplyDrift, checkActReply, defineAct, defineActs, parseActBody } from './act-contract';

const Echo = defineAct({
  name: 'echo',
  body: z.strictObject({
    title: z.string().trim().min(1).max(5),
    tags: z.array(z.string()).min(1).max(2),
    count: z.number().int().optional(),
  }),
  reply: z.strictObject({ title: z.string(), n: z.number() }),
});

function invalid(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('defineActs', () => {
  it('names each contract by its key, once', () => {
    const acts = defineActs({ a: { body: z.object({}), reply: z.object({}) } }, { async: true });
    expect(acts.a.name).toBe('a');
    expect(acts.a.async).toBe(true);
    expect(Object.isFrozen(acts)).toBe(true);
  });
});

describe('parseActBody', () => {
  it('returns the parsed body (trimmed, typed)', () => {
    expect(parseActBody(Echo, { title: ' ab ', tags: ['x'] })).toEqual({ title: 'ab', tags: ['x'] });
  });

  it('answers invalidInput with a field per problem, in the protocol’s rule keys', () => {
    const e = invalid(() =>
      parseActBody(Echo, { title: 'far too long', tags: [], count: 'three', extra: 1 }),
    );
    expect(e.key).toBe('invalidInput');
    expect(e.toBody().fields).toEqual(
      expect.arrayContaining([
        { path: 'title', key: 'errors.maxLength', params: { max: 5 } },
        { path: 'tags', key: 'errors.array.min', params: { min: 1 } },
        { path: 'count', key: 'errors.invalidType' },
        { path: 'extra', key: 'errors.unknownField' },
      ]),
    );
    expect(e.message).toMatch(/^echo: /);
  });

  it('says required for a missing key and for a blank trimmed string', () => {
    expect(invalid(() => parseActBody(Echo, { title: '  ' })).toBody().fields).toEqual(
      expect.arrayContaining([
        { path: 'title', key: 'errors.required' },
        { path: 'tags', key: 'errors.required' },
      ]),
    );
  });

  it('refuses a body that is not an object', () => {
    expect(invalid(() => parseActBody(Echo, ['x'])).toBody().fields).toEqual([
      { path: '', key: 'errors.invalidType' },
    ]);
  });
});

describe('reply checking', () => {
  it('passes a reply that keeps to the contract', () => {
    expect(() => checkActReply(Echo, { title: 't', n: 1 })).not.toThrow();
  });

  it('fails loudly, naming the act and the drifted paths, when a reply leaves its contract', () => {
    expect(() => checkActReply(Echo, { title: 't', n: '1', leaked: true })).toThrow(ActReplyDrift);
    expect(() => checkActReply(Echo, { title: 't', n: '1', leaked: true })).toThrow(
      /act echo replied off its contract: .*n: .*leaked not in the contract/,
    );
  });
});
