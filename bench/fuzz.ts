// The protocol fuzz, for long runs (issue 11): hostile frames over every operation, signed out and
// as users of each role, against a real server on its own database. The CI seed of the same fuzz
// is test/protocol-fuzz.test.ts.
//
//   npm run fuzz -- --frames 50000 --seed 7 [--minutes 5] [--timeout-ms 5000] [--sockets 2] [--http 0.1]
//   npm run fuzz -- --seed 7 --only 1155,2304     (replays those frames of the seed, each as its role)
//
// PGlite in a temporary directory by default; with DATABASE_URL, a fresh PostgreSQL database made
// next to the one named there (dropped at the end). Exits 1 when anything failed.

import { openFuzzDatabase } from './lib/fuzz-database';
import { startTestServer } from '../test/helpers/test-server';
import { runFuzz, type FuzzReport } from '../test/fuzz/runner';
import { makeFuzzWorld } from '../test/fuzz/world';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number`);
  return v;
}

const FRAMES = arg('frames', 10_000);
const SEED = arg('seed', 1);
const MINUTES = arg('minutes', 5);
const ONLY = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]!.split(',').map(Number)
  : undefined;

function print(r: FuzzReport, kind: string) {
  console.log(
    `\n${kind}, seed ${r.seed}: ${r.sent} frames in ${r.seconds.toFixed(1)} s = ${(r.sent / r.seconds).toFixed(0)} frames/s`,
  );
  console.log('\nreplies by op family:');
  for (const [family, keys] of Object.entries(r.byFamily).sort())
    console.log(
      `  ${family.padEnd(28)} ${Object.entries(keys)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  const slowest = Object.entries(r.msByFamily)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);
  console.log(
    '\nwaiting time by op family:',
    slowest.map(([f, ms]) => `${f} ${(ms / 1000).toFixed(1)} s`).join(', '),
  );
  console.log(
    '\nreplies by key:',
    Object.entries(r.byKey)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', '),
  );
  if (r.authCloses)
    console.log(`sockets closed by auth (a fuzzed blockUser/signout of the same user): ${r.authCloses}`);
  if (r.rolesLost.length) console.log(`roles that lost their sign-in: ${r.rolesLost.join(', ')}`);
  if (r.fatal) console.log(`\nFATAL: ${r.fatal}`);
  console.log(`\n${r.failures.length} failures, ${r.distinct.length} distinct:`);
  for (const d of r.distinct) {
    const f = d.example;
    console.log(`\n  [${d.count}×] ${d.signature}`);
    console.log(`    replay: seed ${f.seed} frame ${f.index} as ${f.role} over ${f.transport}`);
    console.log(`    frame: ${f.frame}`);
    console.log(`    reply: ${f.reply}`);
    if (f.serverError) console.log(`    server: ${f.serverError}`);
  }
}

async function main() {
  // An exception that escapes the server is a crash: the fuzz reports it instead of dying with it.
  const crashes: string[] = [];
  process.on('uncaughtException', (e) => crashes.push(`uncaughtException: ${e.stack ?? e}`));
  process.on('unhandledRejection', (e) => crashes.push(`unhandledRejection: ${(e as Error)?.stack ?? e}`));
  const db = await openFuzzDatabase('ckk-fuzz');
  const server = await startTestServer(db.database);
  let failed: boolean;
  try {
    const world = await makeFuzzWorld(server.app);
    console.log(
      `fuzzing ${FRAMES} frames, seed ${SEED}, on ${db.kind} (${world.ctx.acts.length} acts, ${world.ctx.types.length} types)`,
    );
    const report = await runFuzz({
      url: server.url,
      wsUrl: server.wsUrl,
      ...world,
      seed: SEED,
      frames: FRAMES,
      replyTimeoutMs: arg('timeout-ms', 5000),
      socketsPerRole: arg('sockets', 2),
      httpShare: arg('http', 0.1),
      deadlineMs: MINUTES * 60_000,
      only: ONLY,
    });
    print(report, db.kind);
    for (const c of crashes) console.log(`\nCRASH: ${c.slice(0, 1000)}`);
    failed = report.failures.length > 0 || !!report.fatal || crashes.length > 0;
  } finally {
    await server.close();
    await db.database.close();
    await db.cleanup();
  }
  process.exit(failed ? 1 : 0);
}

void main();
