import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// npm run bench:spatial (issue 15 "Benchmark"): the three spatial measurements, one after the
// other, each in a process of its own so one's memory does not weigh on the next (the import's
// peak memory is one of the numbers):
// - bench/spatial-stream.ts: 100,000 features, time to the first streamed batch and to the last;
// - bench/spatial-overlay.ts: a 500-vertex footprint with a 1 km buffer against 10,000 polygons;
// - bench/spatial-import.ts: a 50 MB shapefile, with peak server memory.
// Each prints its percentiles and its ratio to a bare baseline measured in the same run, on
// PostgreSQL (DATABASE_URL, default the local `test` server) and PGlite.

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
let failed = 0;
for (const name of ['spatial-stream', 'spatial-overlay', 'spatial-import']) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${name}.ts`)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
