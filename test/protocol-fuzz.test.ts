import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFuzzWorld } from './fuzz/world';
import { runFuzz, type Failure, type FuzzReport } from './fuzz/runner';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// The protocol fuzz's CI seed (issue 11): a few thousand hostile frames, over every operation,
// signed out and as users of each role, on the socket and over HTTP. Long runs: `npm run fuzz`.
// Each kind of failure is its own test, and each lists its distinct cases with a frame to replay.

const SEEDS = [1, 2, 3];
const FRAMES_PER_SEED = 400;

let tdb: TestDatabase;
let server: TestServer;
const reports: FuzzReport[] = [];

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const world = await makeFuzzWorld(server.app);
  for (const seed of SEEDS)
    reports.push(
      await runFuzz({
        url: server.url,
        wsUrl: server.wsUrl,
        ...world,
        seed,
        frames: FRAMES_PER_SEED,
        // Generous: CI machines are shared; a real hang never answers at all.
        replyTimeoutMs: 10_000,
      }),
    );
}, 240_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

function failuresWhere(pred: (f: Failure) => boolean): string[] {
  const seen = new Map<string, Failure>();
  for (const r of reports)
    for (const d of r.distinct)
      if (pred(d.example) && !seen.has(d.signature)) seen.set(d.signature, d.example);
  return [...seen].map(
    ([sig, f]) =>
      `${sig}\n    seed ${f.seed} frame ${f.index} as ${f.role}: ${f.frame}\n    reply: ${f.reply}` +
      (f.serverError ? `\n    server: ${f.serverError}` : ''),
  );
}

describe('protocol fuzz (CI seed)', () => {
  it('sends every frame of the seeds and the server still answers ping on a fresh socket', () => {
    for (const r of reports) {
      expect(r.fatal, `seed ${r.seed}`).toBeNull();
      expect(r.sent, `seed ${r.seed}`).toBe(FRAMES_PER_SEED);
    }
  });

  it('answers every request within the bound (no hangs)', () => {
    expect(failuresWhere((f) => f.key === 'hang')).toEqual([]);
  });

  it('never drops a socket without a reply', () => {
    expect(failuresWhere((f) => ['closed', 'noClose', 'badReply'].includes(f.key))).toEqual([]);
  });

  it('gives every error reply a catalogue key', () => {
    expect(failuresWhere((f) => f.key === 'noCatalogueKey' || f.key.startsWith('http'))).toEqual([]);
  });

  it('echoes the frame’s s in the reply', () => {
    expect(failuresWhere((f) => f.key === 'seqMismatch')).toEqual([]);
  });

  it('answers no request with generalFailure (an unhandled exception)', () => {
    expect(failuresWhere((f) => f.key === 'generalFailure')).toEqual([]);
  });

  it('reached past validation: some requests succeed, for each role', () => {
    const ok = reports.reduce((n, r) => n + (r.byKey.ok ?? 0), 0);
    expect(ok).toBeGreaterThan(100);
    expect(reports.flatMap((r) => r.rolesLost)).toEqual([]);
  });
});
