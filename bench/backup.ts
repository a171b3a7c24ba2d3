import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { appRegistry } from '../src/modules';
import { backupTo } from '../src/server/backup/backup';
import { restoreFrom } from '../src/server/backup/restore';
import { openPostgres, type Database } from '../src/server/db/open';
import { DiskStorage } from '../src/server/files/disk-storage';
import { onScratchDatabase } from './lib/scratch-db';

// `npm run bench:backup`: ckk backup and restore of ITEMS items (each with an event, a grant and
// a link) beside PostgreSQL's own tools on the same database in the same run: pg_dump -Fc
// (the bare baseline of a consistent copy) and pg_restore into an empty database. Files are
// not part of it (their copy is a stream per file, bound by the disk). BENCH_ITEMS sets the size.

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const PG = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-bench-backup-'));

async function generate(db: Database): Promise<number> {
  const t0 = Date.now();
  await db.db.execute(sql`
    insert into items (id, type, num, data, owner, access, created_by, search_text)
    select 'Thread-' || s, 'Thread', s,
      jsonb_build_object('subject', 'Referral ' || s, 'body', repeat('Notes of the call. ', 20)),
      'Organization-1', 'PROTECTED', 'User-2', 'Referral ' || s
    from generate_series(1, ${ITEMS}) s`);
  await db.db.execute(sql`
    insert into events (item_id, kind, actor, data)
    select 'Thread-' || s, 'created', 'User-2', '{}'::jsonb from generate_series(1, ${ITEMS}) s`);
  await db.db.execute(sql`
    insert into grants (item_id, principal, actions, granted_by)
    select 'Thread-' || s, 'User-3', array['read'], 'bench' from generate_series(1, ${ITEMS}) s`);
  await db.db.execute(sql`insert into type_counters (type, last) values ('Thread', ${ITEMS})`);
  return Date.now() - t0;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;

async function timed<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t0 = Date.now();
  const v = await fn();
  return [v, Date.now() - t0];
}

async function measure(db: Database): Promise<void> {
  const url = db.url!;
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  const files = new DiskStorage(path.join(tmp, 'files'));
  try {
    const [m, backupMs] = await timed(() =>
      backupTo(db, files, path.join(tmp, 'backup'), { appVersion: 'bench' }),
    );
    const rows = m.tables.reduce((n, t) => n + t.rows, 0);
    const [, dumpMs] = await timed(() =>
      execFileSync('pg_dump', ['-Fc', '-Z0', '-f', path.join(tmp, 'dump.pgc'), url]),
    );

    const target = `${name}_r`;
    await admin.query(`create database ${target}`);
    const targetUrl = Object.assign(new URL(url), { pathname: `/${target}` }).toString();
    const into = await openPostgres(targetUrl);
    const [, restoreMs] = await timed(async () => {
      try {
        return await restoreFrom(
          into,
          new DiskStorage(path.join(tmp, 'files-r')),
          path.join(tmp, 'backup'),
          appRegistry(),
        );
      } finally {
        await into.close();
      }
    });
    const bare = `${name}_p`;
    await admin.query(`create database ${bare}`);
    const bareUrl = Object.assign(new URL(url), { pathname: `/${bare}` }).toString();
    const [, pgRestoreMs] = await timed(() =>
      execFileSync('pg_restore', ['-d', bareUrl, path.join(tmp, 'dump.pgc')]),
    );
    await admin.query(`drop database if exists ${target} with (force)`);
    await admin.query(`drop database if exists ${bare} with (force)`);

    console.log(
      `${rows.toLocaleString('en')} rows in ${m.tables.length} tables (${ITEMS.toLocaleString('en')} items)`,
    );
    console.log(
      `backup   ckk ${secs(backupMs)} (${rate(rows, backupMs)})   pg_dump -Fc ${secs(dumpMs)}   ratio ${(backupMs / dumpMs).toFixed(2)}×`,
    );
    console.log(
      `restore  ckk ${secs(restoreMs)} (${rate(rows, restoreMs)})   pg_restore ${secs(pgRestoreMs)}   ratio ${(restoreMs / pgRestoreMs).toFixed(2)}×`,
    );
    console.log(
      '(ckk restore also checks every checksum first and rebuilds the search copy through its trigger; pg_restore copies item_search as a table)',
    );
  } finally {
    await admin.end();
  }
}

await onScratchDatabase('postgres', 'backup', PG, generate, (db) => measure(db));
rmSync(tmp, { recursive: true, force: true });
