import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccessInvariant, type InvariantReport } from './fuzz/access-invariant';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// The access invariant's CI seeds (issue 36, Deliver 14): random grants, shares, moves, level and
// protocol changes, edits, replies, memberships, blocks, masquerades, sends of a response's files
// and CSV imports by random principals, and after each one every principal's read, readMany,
// timeline, text search and file downloads checked against who could read each secret's source
// while it was there. Long runs: `npm run fuzz:access`.

const SEEDS = [1, 2];
const STEPS = 20;

let tdb: TestDatabase;
let server: TestServer;
let dir: string;
const reports: InvariantReport[] = [];

beforeAll(async () => {
  tdb = await openTestDatabase();
  // Files (the response's, the sent copies, the CSVs) and the import tasks' folders.
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-invariant-'));
  server = await startTestServer(tdb.database, { dataDir: dir, filesDir: path.join(dir, 'files') });
  for (const seed of SEEDS)
    reports.push(
      await runAccessInvariant({ app: server.app, url: server.url, wsUrl: server.wsUrl, seed, steps: STEPS }),
    );
}, 360_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the access invariant', () => {
  it('no principal is shown a secret it could not read at its source, on any path', () => {
    const violations = reports.flatMap((r) => r.violations.map((v) => ({ seed: r.seed, ...v })));
    expect(violations.slice(0, 10)).toEqual([]);
  });

  it('the acts really ran: each kind was tried, and most kinds did something', () => {
    const tried = new Map<string, number>();
    const done = new Map<string, number>();
    for (const r of reports)
      for (const [k, v] of Object.entries(r.acts)) {
        tried.set(k, (tried.get(k) ?? 0) + v.tried);
        done.set(k, (done.get(k) ?? 0) + v.done);
      }
    expect(tried.size).toBeGreaterThanOrEqual(8);
    expect([...done.values()].filter((n) => n > 0).length).toBeGreaterThanOrEqual(6);
    expect(reports.every((r) => r.checks > 100)).toBe(true);
    // The setup's send made a copy in every seed; the sends and imports were played.
    expect(reports.every((r) => r.copies > 0)).toBe(true);
    expect(tried.get('send')).toBeGreaterThan(0);
    expect(tried.get('import')).toBeGreaterThan(0);
  });
});
