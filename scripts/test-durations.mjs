#!/usr/bin/env node
// Writes the seconds each test file took, from a Vitest JSON report, as the record the
// durations sequencer (test/durations-sequencer.ts) orders files by: longest first.
//   npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json \
//     --outputFile=/tmp/e2e-report.json
//   node scripts/test-durations.mjs /tmp/e2e-report.json e2e/durations.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [report, out] = process.argv.slice(2);
if (!report || !out) {
  console.error('usage: node scripts/test-durations.mjs <vitest-report.json> <record.json>');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const seconds = {};
for (const r of testResults) {
  const file = path.relative(process.cwd(), r.name).split(path.sep).join('/');
  // A file's wall time, set-up included (its own server and browser start in beforeAll).
  seconds[file] = Math.round((r.endTime - r.startTime) / 100) / 10;
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
writeFileSync(out, JSON.stringify(sorted, null, 2) + '\n');
console.log(
  `${Object.keys(sorted).length} files, ${Object.values(sorted)
    .reduce((a, b) => a + b, 0)
    .toFixed(0)} s in all -> ${out}`,
);
