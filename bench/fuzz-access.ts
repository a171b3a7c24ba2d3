// The access invariant, for long runs (issue 36, Deliver 14): random acts by random principals,
// and after each one every principal's paths checked against the oracle (test/fuzz/access-invariant.ts).
// The CI seeds of the same run are test/access-invariant.test.ts.
//
//   npm run fuzz:access -- --seeds 1,2,3 --steps 200
//
// PGlite in a temporary directory by default; with DATABASE_URL, a fresh PostgreSQL database made
// next to the one named there (dropped at the end). Exits 1 on any violation.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openFuzzDatabase } from './lib/fuzz-database';
import { startTestServer } from '../test/helpers/test-server';
import { runAccessInvariant } from '../test/fuzz/access-invariant';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const SEEDS = arg('seeds', '1,2,3').split(',').map(Number);
const STEPS = Number(arg('steps', '100'));

const { database, kind, cleanup } = await openFuzzDatabase('ckk-fuzz-access');
// Files (the response's, the sent copies, the CSVs) and the import tasks' folders.
const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-fuzz-access-files-'));
const server = await startTestServer(database, { dataDir: dir, filesDir: path.join(dir, 'files') });
let violations = 0;
try {
  for (const seed of SEEDS) {
    const started = Date.now();
    const r = await runAccessInvariant({
      app: server.app,
      url: server.url,
      wsUrl: server.wsUrl,
      seed,
      steps: STEPS,
    });
    violations += r.violations.length;
    const acts = Object.entries(r.acts)
      .map(([k, v]) => `${k} ${v.done}/${v.tried} ${(v.ms / 1000).toFixed(1)} s`)
      .join(', ');
    console.log(
      `${kind} seed ${seed}: ${STEPS} acts (${acts}), ${r.checks} paths asked, ${r.copies} files sent, ${r.imported} rows imported, ${r.violations.length} violations, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const v of r.violations.slice(0, 20))
      console.log(`  step ${v.step} (${v.act}): ${v.who} saw ${v.secret} of ${v.source} via ${v.path}`);
  }
} finally {
  await server.close();
  await database.close();
  await cleanup();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(violations ? 1 : 0);
