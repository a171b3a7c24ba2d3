// npm run bench:research — the research module's measurements (issue 18): the GEDCOM import
// (bench/research-gedcom.ts). A measurement, not a test.
import { benchGedcom } from './research-gedcom';

async function main() {
  console.log('research bench: GEDCOM import');
  await benchGedcom();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
