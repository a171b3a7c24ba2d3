import { describe, expect, it } from 'vitest';
import { appRegistry } from '../../src/modules';
import { checkOutcome, expectedSeq } from './check';
import { makeFrame, type FuzzContext } from './frames';

// The fuzz must be able to fail: these feed the checker fake replies it has to refuse, and make
// sure the generator replays from its seed and reaches every operation the server has.

const sent = { data: '{"o":"read/Thread-1","s":"7"}', binary: false };

describe('the fuzz checker', () => {
  it('refuses an error body without a catalogue key', () => {
    for (const userMessage of [undefined, 'somethingElse', 'errors.notAllowed', 42, '__proto__'])
      expect(
        checkOutcome(sent, {
          kind: 'ws',
          reply: { o: 'read/Thread-1', s: '7', b: { erred: true, userMessage } },
        }),
      ).toMatchObject({ key: 'noCatalogueKey' });
  });

  it('refuses generalFailure, also inside a readMany reply', () => {
    const general = { erred: true, userMessage: 'generalFailure', sysMessage: 'x' };
    expect(checkOutcome(sent, { kind: 'ws', reply: { o: 'read/Thread-1', s: '7', b: general } }).key).toBe(
      'generalFailure',
    );
    const many = { 'Thread-1': { _t: 'Thread' }, 'Thread-2': general };
    expect(checkOutcome(sent, { kind: 'ws', reply: { o: 'readMany', s: '7', b: many } }).problem).toMatch(
      /generalFailure/,
    );
  });

  it('refuses a hang, a lost socket, a wrong s and an HTTP error without {data}', () => {
    expect(checkOutcome(sent, { kind: 'timeout', ms: 5000 }).problem).toMatch(/hang/);
    expect(checkOutcome(sent, { kind: 'closed', code: 1006, reason: '' }).problem).toMatch(/closed/);
    expect(checkOutcome(sent, { kind: 'ws', reply: { o: 'read/Thread-1', s: '8', b: {} } }).key).toBe(
      'seqMismatch',
    );
    const fastifyError = {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON',
      error: 'Bad Request',
      message: 'x',
    };
    expect(checkOutcome(sent, { kind: 'http', status: 400, body: fastifyError }).key).toBe('noCatalogueKey');
    expect(checkOutcome(sent, { kind: 'http', status: 500, body: { data: {} } }).key).toBe('http500');
  });

  it('accepts a catalogue error, a success, and the 1007 close of invalid UTF-8', () => {
    const notFound = { erred: true, userMessage: 'notFound', sysMessage: 'gone' };
    expect(checkOutcome(sent, { kind: 'ws', reply: { o: 'read/Thread-1', s: '7', b: notFound } })).toEqual({
      key: 'notFound',
      problem: null,
    });
    expect(
      checkOutcome(sent, { kind: 'ws', reply: { o: 'read/Thread-1', s: '7', b: { $id: 'Thread-1' } } }),
    ).toEqual({ key: 'ok', problem: null });
    expect(
      checkOutcome({ ...sent, expectClose: true }, { kind: 'closed', code: 1007, reason: '' }).problem,
    ).toBeNull();
    expect(
      checkOutcome(sent, {
        kind: 'http',
        status: 401,
        body: { data: { erred: true, userMessage: 'identFailed' } },
      }).problem,
    ).toBeNull();
  });

  it('expects the s the frame carried, as a string', () => {
    expect(expectedSeq('{"o":"x","s":12}', false)).toBe('12');
    expect(expectedSeq('{"o":"x","s":{}}', false)).toBeUndefined();
    expect(expectedSeq('not json', false)).toBeUndefined();
  });
});

describe('the fuzz generator', () => {
  const registry = appRegistry();
  const ctx: FuzzContext = {
    types: [...registry.types.keys()],
    props: Object.fromEntries([...registry.types.values()].map((t) => [t.name, Object.keys(t.properties)])),
    acts: [...registry.acts.keys()],
    asyncActs: ['exportCsv', 'exportZip', 'simulateTask'],
    ids: ['Organization-1', 'User-2', 'Thread-3'],
    org: 'Organization-1',
    victim: 'User-2',
  };

  it('replays a frame from its seed and index', () => {
    for (const i of [0, 17, 999]) expect(makeFrame(5, i, ctx)).toEqual(makeFrame(5, i, ctx));
    expect(makeFrame(5, 3, ctx).data).not.toEqual(makeFrame(6, 3, ctx).data);
  });

  it('reaches every act and type, and stays under the 1 MiB frame limit', () => {
    const seen = new Set<string>();
    // Enough frames that every act and type comes up, as modules add them.
    for (let i = 0; i < 8000; i++) {
      const f = makeFrame(1, i, ctx);
      expect(typeof f.data === 'string' ? Buffer.byteLength(f.data) : f.data.length).toBeLessThan(1_048_576);
      seen.add(f.family);
      if (typeof f.data === 'string') {
        const op = /^\{"o":"(create\/[A-Za-z]+)"/.exec(f.data)?.[1];
        if (op) seen.add(op);
      }
    }
    for (const act of ctx.acts) expect(seen, act).toContain(`act/${act}`);
    for (const type of ctx.types) expect(seen, type).toContain(`create/${type}`);
    for (const family of [
      'read',
      'update',
      'search',
      'addWatch:type',
      'removeWatch:item',
      'act/*/async',
      'act/*/asyncCancel',
      'activeTask',
      'tokenAuth',
      'signout',
      'nextToken',
      'malformed',
      'unknown',
    ])
      expect(seen, family).toContain(family);
  });
});
