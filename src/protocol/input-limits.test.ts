import { describe, expect, it } from 'vitest';
import { findInputProblem, jsonWithinLimits, pathText } from './input-limits';

// The walk must itself survive what it refuses: structures far deeper than any stack.

const deepArrays = (n: number) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown;

describe('findInputProblem', () => {
  it('counts depth from 1 for the outer container and cuts off just past the limit', () => {
    expect(findInputProblem('text', 0)).toBeNull();
    expect(findInputProblem({}, 1)).toBeNull();
    expect(findInputProblem({ a: [1] }, 2)).toBeNull();
    expect(findInputProblem({ a: [1] }, 1)).toEqual({ kind: 'tooDeep', path: ['a'] });
  });

  it('walks 200,000 levels without overflowing the stack', () => {
    expect(findInputProblem(deepArrays(200_000), 64)?.kind).toBe('tooDeep');
  });

  it('finds a NUL in a value, in a key, at the root, and reports where', () => {
    expect(findInputProblem({ b: { title: 'a\u0000' } }, 64)).toEqual({ kind: 'nul', path: ['b', 'title'] });
    expect(findInputProblem({ b: [{ ['k\u0000']: 1 }] }, 64)).toEqual({
      kind: 'nul',
      path: ['b', 0, 'k\u0000'],
    });
    expect(findInputProblem('\u0000', 64)).toEqual({ kind: 'nul', path: [] });
    expect(findInputProblem({ b: { title: 'fine', n: 3, ok: null } }, 64)).toBeNull();
    expect(pathText(['b', 0, 'k\u0000'])).toBe('b.0.k\\u0000');
  });

  it('finds a lone surrogate (PostgreSQL json refuses it) but keeps whole pairs', () => {
    expect(findInputProblem({ name: '\udfff' }, 64)).toEqual({ kind: 'loneSurrogate', path: ['name'] });
    expect(findInputProblem({ name: 'a\ud800b' }, 64)?.kind).toBe('loneSurrogate');
    expect(findInputProblem({ ['\ud83d']: 1 }, 64)?.kind).toBe('loneSurrogate');
    expect(findInputProblem({ name: 'Sḵwx̱wú7mesh 🌲 ᓀᐦᐃᔭᐍᐏᐣ' }, 64)).toBeNull();
  });

  it('leaves out NULs when asked only about depth', () => {
    expect(findInputProblem({ a: '\u0000' }, 64, { nul: false })).toBeNull();
  });

  it('does not walk into objects that are not plain JSON (a Buffer body)', () => {
    expect(findInputProblem({ body: Buffer.from([0, 0, 0]) }, 64)).toBeNull();
  });
});

describe('jsonWithinLimits', () => {
  it('refuses a value over the depth or the length limit', () => {
    expect(jsonWithinLimits({ a: { b: 1 } }, 2, 100)).toBe(true);
    expect(jsonWithinLimits({ a: { b: {} } }, 2, 100)).toBe(false);
    expect(jsonWithinLimits(deepArrays(100_000), 32, 1e9)).toBe(false);
    expect(jsonWithinLimits({ s: 'x'.repeat(100) }, 5, 100)).toBe(false);
    expect(jsonWithinLimits(undefined, 5, 100)).toBe(true);
  });
});
