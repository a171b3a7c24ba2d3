// The GEDCOM part of npm run bench:research (bench/research.ts): the import of a generated
// 3,000-person GEDCOM file (families of five, an adoption in each, imprecise dates, notes) on
// PGlite and PostgreSQL, as a person would run it (an Import, the file by tus,
// act/importGedcom/async): time, people a second, and the server's peak RSS. Beside it, in the
// same run: the bare baseline of reading the same file alone (lines, records, people; no
// database) in this process, and a 30-person import's peak RSS by the same server. Then a
// 50 MB file (BENCH_GEDCOM_MB; 0 to skip): the server's peak RSS must stay near the small
// file's, since the file is streamed and never held (docs/research-gedcom.md "Memory").
// The server is its own process with bench/lib/memory-probe.ts preloaded (VmHWM from /proc,
// reset before each import).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gedcomLines } from '../src/modules/research/server/gedcom/lines';
import { readPerson } from '../src/modules/research/server/gedcom/person';
import { gedcomRecords } from '../src/modules/research/server/gedcom/records';
import { freePort, startChild, waitForHttp } from './lib/children';
import { makePgDatabase } from './lib/pg-database';
import { httpApi } from './lib/http-api';
import { probe, procStatusMb, resetPeak, stdoutLines, type Probe } from './lib/proc-memory';

const ROOT = path.resolve(import.meta.dirname, '..');
const PEOPLE = Number(process.env.BENCH_GEDCOM_PEOPLE ?? 3000);
const BIG_MB = Number(process.env.BENCH_GEDCOM_MB ?? 50);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_EMAIL = 'bench.admin@example.test';
const ADMIN_PASSWORD = 'bench-password-1';
const fmt = (n: number, d = 0) => n.toFixed(d);

const SURNAMES = ['Cardinal', 'Morin', 'Bull', 'Côté', 'Gagné', 'Sinclair', 'ᓀᐦᐃᔭᐤ', 'Lameman'];
const GIVEN = ['Marie', 'Joseph', 'Alice', 'Peter', 'Thérèse', 'Samuel', 'Rose', 'Elijah'];
const QUALIFIERS = ['', 'ABT ', 'EST ', 'CAL ', 'BEF ', 'AFT '];

/**
 * A GEDCOM file of `people` people in families of five: two partners and three children, the
 * third adopted into this family (PEDI adopted) from the next one. `noteBytes` of notes each.
 */
export function gedcomOf(people: number, noteBytes = 0): Buffer {
  const out: string[] = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', '1 SOUR BENCH'];
  const families = Math.ceil(people / 5);
  const note = noteBytes
    ? 'The family’s trapline ran north of the lake. '.repeat(Math.ceil(noteBytes / 46))
    : '';
  for (let i = 1; i <= people; i++) {
    const fam = Math.ceil(i / 5);
    const slot = (i - 1) % 5;
    const year = 1850 + (fam % 120) + (slot >= 2 ? 25 : 0);
    out.push(`0 @I${i}@ INDI`, `1 NAME ${GIVEN[i % GIVEN.length]} /${SURNAMES[fam % SURNAMES.length]}/`);
    out.push(`1 SEX ${slot % 2 ? 'F' : 'M'}`, '1 BIRT', `2 DATE ${QUALIFIERS[i % QUALIFIERS.length]}${year}`);
    out.push(`2 PLAC Treaty ${(fam % 11) + 1} territory`);
    if (year < 1900) out.push('1 DEAT', `2 DATE BET ${year + 50} AND ${year + 60}`);
    if (note) {
      for (let at = 0; at < note.length; at += 200)
        out.push(at ? `2 CONC ${note.slice(at, at + 200)}` : `1 NOTE ${note.slice(0, 200)}`);
    }
    if (slot < 2) out.push(`1 FAMS @F${fam}@`);
    else if (slot < 4) out.push(`1 FAMC @F${fam}@`);
    else {
      out.push(`1 FAMC @F${fam}@`, '2 PEDI birth');
      if (fam > 1) out.push(`1 FAMC @F${fam - 1}@`, '2 PEDI adopted');
    }
  }
  for (let f = 1; f <= families; f++) {
    const first = (f - 1) * 5 + 1;
    out.push(`0 @F${f}@ FAM`);
    if (first <= people) out.push(`1 HUSB @I${first}@`);
    if (first + 1 <= people) out.push(`1 WIFE @I${first + 1}@`);
    for (let c = first + 2; c <= Math.min(people, first + 4); c++) out.push(`1 CHIL @I${c}@`);
    // The adopted child of the next family.
    if (first + 9 <= people) out.push(`1 CHIL @I${first + 9}@`);
    out.push('1 MARR', `2 DATE ${1870 + (f % 100)}`);
  }
  out.push('0 TRLR', '');
  return Buffer.from(out.join('\r\n'), 'utf8');
}

/** The bare baseline: the file read alone (decoded, cut into records, people read), no database. */
async function parseOnly(bytes: Buffer): Promise<{ secs: number; people: number }> {
  const t0 = performance.now();
  let people = 0;
  for await (const r of gedcomRecords(gedcomLines(Readable.from([bytes])))) {
    if (r.tag !== 'INDI') continue;
    readPerson(r);
    people++;
  }
  return { secs: (performance.now() - t0) / 1000, people };
}

async function runOn(
  db: string,
  files: { name: string; bytes: Buffer; people: number }[],
  cleanups: (() => Promise<void>)[],
) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-bench-gedcom-'));
  cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
  let databaseUrl = '';
  if (db === 'postgres') {
    const url = await makePgDatabase(PG_URL, (_n, fn) => cleanups.push(fn));
    if (!url) return;
    databaseUrl = url;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startChild(
    'server',
    ['--expose-gc', '--import', 'tsx', '--import', './bench/lib/memory-probe.ts', 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'data'),
        DATABASE_URL: databaseUrl,
        DEMO_DATA: 'false',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
      },
    },
  );
  cleanups.unshift(() => child.stop());
  const out = stdoutLines(child);
  await waitForHttp(`${base}/api/health`, child, 180_000);
  const { call, upload } = await httpApi(base, ADMIN_EMAIL, ADMIN_PASSWORD);

  try {
    for (const f of files) await importOne(f);
  } catch (e) {
    // The server's last words: why a request failed or the process went.
    console.error(`${db} server (exited: ${child.hasExited()}):\n${child.tail()}`);
    throw e;
  }

  async function importOne(f: { name: string; bytes: Buffer; people: number }) {
    // Each file into its own organisation: every person is created, none updated.
    const org = String(
      (await call('create/Organization', { displayName: `Bench ${f.name}`, type: 'COMMUNITY' })).$id,
    );
    const imp = String((await call('create/Import', { label: f.name, kind: 'CM_GEDCOM', owner: org })).$id);
    await upload(f.name, imp, f.bytes);
    const g0 = await probe(child, out);
    resetPeak(child.pid);
    const idle = procStatusMb(child.pid, 'VmRSS');
    const t0 = performance.now();
    const started = await call('act/importGedcom/async', { import: imp });
    let peak = 0;
    let mid: Probe | undefined;
    const until = Date.now() + 60 * 60_000;
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      peak = Math.max(peak, procStatusMb(child.pid, 'VmHWM'));
      const t = (await call(`read/${String(started.$id)}`, undefined)) as {
        percentageComplete?: number;
        errorKey?: string;
      };
      if (t.errorKey) throw new Error(`import failed: ${t.errorKey}`);
      if (Number(t.percentageComplete) >= 100) break;
      // Halfway, what the server holds once garbage is collected: a flat import holds no more
      // than at the start, whatever it has written.
      if (!mid && Number(t.percentageComplete) >= 50) mid = await probe(child, out);
      if (Date.now() > until) throw new Error('import did not finish in an hour');
    }
    const secs = (performance.now() - t0) / 1000;
    const end = await probe(child, out);
    const result = (await call(`read/${imp}`, undefined)).importResult as {
      created: number;
      skippedTotal: number;
    };
    console.log(
      `${db}: ${f.name} (${fmt(f.bytes.length / 1024 ** 2, 1)} MB, ${f.people} people): ${fmt(secs, 1)} s ` +
        `(${fmt(f.people / secs)} people/s), created ${result.created}, skipped ${result.skippedTotal}; ` +
        `server RSS idle ${fmt(idle)} MB → peak ${fmt(peak)} MB (+${fmt(peak - idle)} MB); ` +
        `heap after GC ${fmt(g0.heapMb)} → halfway ${mid ? fmt(mid.heapMb) : '–'} → end ${fmt(end.heapMb)} MB`,
    );
  }
}

export async function benchGedcom() {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const files = [{ name: 'small.ged', bytes: gedcomOf(30), people: 30 }];
    if (PEOPLE > 0) files.push({ name: `people-${PEOPLE}.ged`, bytes: gedcomOf(PEOPLE), people: PEOPLE });
    if (BIG_MB > 0) {
      // People with long notes (10 KB each) make the size: what is measured is the import's
      // memory against the file's bytes, not its row count (that is the 3,000-person file's).
      const people = Math.round((BIG_MB * 1024 ** 2) / 10_600);
      files.push({ name: `big-${BIG_MB}mb.ged`, bytes: gedcomOf(people, 10_000), people });
    }
    for (const f of files) {
      const p = await parseOnly(f.bytes);
      console.log(
        `baseline (reading alone, no database): ${f.name} ${fmt(f.bytes.length / 1024 ** 2, 1)} MB, ` +
          `${p.people} people in ${fmt(p.secs, 2)} s (${fmt(p.people / p.secs)} people/s)`,
      );
    }
    for (const db of DBS) await runOn(db, files, cleanups);
  } finally {
    for (const c of cleanups) await c().catch(() => undefined);
  }
}
