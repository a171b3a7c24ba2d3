import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRegistry } from '../src/modules';
import { AccessPolicy } from '../src/server/access/policy';
import { SYSTEM } from '../src/server/access/principal';
import { backupTo } from '../src/server/backup/backup';
import { MANIFEST, type BackupManifest } from '../src/server/backup/manifest';
import { restoreFrom } from '../src/server/backup/restore';
import { backupTables, DERIVED_TABLES } from '../src/server/backup/tables';
import { openPglite, type Database } from '../src/server/db/open';
import { query } from '../src/server/db/query';
import { DiskStorage } from '../src/server/files/disk-storage';
import { ItemService } from '../src/server/items/item-service';
import { seedDemo } from '../src/server/seed/demo';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// Backup and restore (issue 21, docs/backup.md), on the database the run uses (PGlite, or
// PostgreSQL with DATABASE_URL): the demo and an uploaded file are backed up, restored into a
// new database and file store, and every row of every table (the derived search copy too) and
// every file's bytes compared; a backup taken while people write restores to one instant; a
// damaged backup is refused before anything is written, naming the file; and the ckk commands.

const registry = appRegistry();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-backup-'));
let source: TestDatabase;
let server: TestServer;
let items: ItemService;
let files: DiskStorage;
let backup: string;
let manifest: BackupManifest;
const opened: TestDatabase[] = [];
const BYTES = Buffer.from('%PDF-1.4\n% Band council resolution, signed\n%%EOF\n');
const FILE_ID = 'ab'.repeat(16);

const itemsOf = (db: Database) => new ItemService(db, registry, new AccessPolicy(registry));

async function fresh(): Promise<TestDatabase> {
  const t = await openTestDatabase();
  opened.push(t);
  return t;
}

/** Every row of every table (generated columns and the search copy included), in one order. */
async function everyRow(db: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const tables = [...(await backupTables(db.db)).map((t) => t.table), ...DERIVED_TABLES];
  for (const t of tables.sort()) {
    // Kept facet counts are appended +n and -n and folded now and then: their sums are the record.
    const from =
      t === 'facet_counts'
        ? `(select type, owner, access, protocols, protocol_strict, created_by, facet, value, sum(n) as n
            from facet_counts group by type, owner, access, protocols, protocol_strict, created_by, facet, value
            having sum(n) <> 0)`
        : `"${t}"`;
    const rows = await query<{ j: string }>(
      db.db,
      sql.raw(`select row_to_json(r)::text as j from ${from} r`),
    );
    out[t] = rows.map((r) => r.j).sort();
  }
  return out;
}

beforeAll(async () => {
  source = await fresh();
  files = new DiskStorage(path.join(tmp, 'files-source'));
  // A whole server: its item service carries every module's write hooks, as at a first start.
  server = await startTestServer(source.database, { filesDir: files.dir });
  items = server.app.services.items;
  await seedDemo(items, undefined, server.app.services.files);
  await server.app.idle();
  const [thread] = await query<{ id: string }>(
    source.database.db,
    sql`select id from items where type = 'Thread' limit 1`,
  );
  await files.write(FILE_ID, BYTES);
  await items.create(SYSTEM, 'Attachment', {
    originalName: 'bcr-2026-11.pdf',
    fileID: FILE_ID,
    rel: thread!.id,
    size: BYTES.length,
  });
  await server.app.idle();
  // Stopped before the backup: the node's heartbeat would move `nodes.seen_at` afterwards, and
  // the source would no longer be the instant the backup holds. Later writes use a bare service.
  await server.close();
  items = itemsOf(source.database);
  backup = path.join(tmp, 'backup');
  manifest = await backupTo(source.database, files, backup, { appVersion: 'test' });
}, 180_000);

afterAll(async () => {
  for (const t of opened) await t.close().catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every row of every table and every file', async () => {
    expect(manifest.tables.map((t) => t.table)).toContain('items');
    expect(manifest.tables.map((t) => t.table)).not.toContain('item_search');
    expect(manifest.files.map((f) => f.fileID)).toContain(FILE_ID);
    // Only the account that took it reads it.
    expect(statSync(backup).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(backup, 'db/items.jsonl')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(backup, `files/${FILE_ID}`)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(backup, MANIFEST)).mode & 0o777).toBe(0o600);
    const target = await fresh();
    const targetFiles = new DiskStorage(path.join(tmp, 'files-target'));
    const got = await restoreFrom(target.database, targetFiles, backup, registry);
    expect(got.rows).toBeGreaterThan(100);
    const [want, got2] = [await everyRow(source.database), await everyRow(target.database)];
    expect(Object.keys(got2)).toEqual(Object.keys(want));
    for (const [table, rows] of Object.entries(want)) {
      // Row by row, so a difference shows as one row of one table (not a diff of thousands).
      const other = got2[table]!;
      const at = rows.findIndex((r, i) => other[i] !== r);
      expect({ table, row: other[at] ?? null }).toEqual({ table, row: rows[at] ?? null });
      expect({ table, rows: other.length }).toEqual({ table, rows: rows.length });
    }
    for (const f of manifest.files)
      expect(readFileSync(targetFiles.localPath(f.fileID))).toEqual(readFileSync(files.localPath(f.fileID)));
    // The restored database goes on: new events and items number after the restored ones.
    const restored = itemsOf(target.database);
    const t = await restored.create(SYSTEM, 'Organization', {
      displayName: 'After the restore',
      type: 'COMMUNITY',
    });
    const [e] = await query<{ n: number }>(
      target.database.db,
      sql`select count(*)::int as n from events where item_id = ${t.$id}`,
    );
    expect(e!.n).toBeGreaterThan(0);
    expect(t.$id).not.toBe(
      (
        await query<{ id: string }>(
          source.database.db,
          sql`select max(id) as id from items where type = 'Organization'`,
        )
      )[0]!.id,
    );
  });

  it('restores into an embedded database too (from PostgreSQL, on the PostgreSQL run)', async () => {
    const embedded = await openPglite(path.join(tmp, 'pglite-target'));
    try {
      await restoreFrom(embedded, new DiskStorage(path.join(tmp, 'files-pglite')), backup, registry);
      const [want, got] = [await everyRow(source.database), await everyRow(embedded)];
      for (const [table, rows] of Object.entries(want))
        expect({ table, rows: got[table]?.length }).toEqual({ table, rows: rows.length });
      expect(got.items).toEqual(want.items);
    } finally {
      await embedded.close();
    }
  });

  it('takes a backup of one instant while people write', async () => {
    const [{ n: before }] = (await query<{ n: number }>(
      source.database.db,
      sql`select count(*)::int as n from items`,
    )) as [{ n: number }];
    let writing = true;
    let written = 0;
    const writer = async () => {
      while (writing) {
        await items.create(SYSTEM, 'Organization', {
          displayName: `Written during ${++written}`,
          type: 'COMMUNITY',
        });
        // Each write as its own task, as a socket's would be: PGlite answers without leaving the
        // microtask queue, so a bare loop would starve the timers this test waits on.
        await new Promise((r) => setImmediate(r));
      }
    };
    const writers = [writer(), writer(), writer()];
    // Writes start before the backup's snapshot, and go on after it.
    await new Promise((r) => setTimeout(r, 100));
    const dir = path.join(tmp, 'backup-busy');
    const m = await backupTo(source.database, files, dir, { appVersion: 'test' });
    await new Promise((r) => setTimeout(r, 100));
    writing = false;
    await Promise.all(writers);
    const target = await fresh();
    await restoreFrom(target.database, new DiskStorage(path.join(tmp, 'files-busy')), dir, registry);
    const db = target.database.db;
    const [{ n: after }] = (await query<{ n: number }>(db, sql`select count(*)::int as n from items`)) as [
      { n: number },
    ];
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after).toBe(m.tables.find((t) => t.table === 'items')!.rows);
    // One instant: every item has its creation event and every creation event its item, the
    // search copy has every item, and the counters are past every number given.
    const orphans = await query<{ n: number }>(
      db,
      sql`select (select count(*)::int from items i where not exists
            (select 1 from events e where e.item_id = i.id and e.kind = 'created'))
        + (select count(*)::int from events e where e.kind = 'created' and not exists
            (select 1 from items i where i.id = e.item_id))
        + (select count(*)::int from items i where not exists (select 1 from item_search s where s.id = i.id))
        + (select count(*)::int from type_counters c where c.last < (select coalesce(max(num), 0) from items i where i.type = c.type))
        as n`,
    );
    expect(orphans[0]!.n).toBe(0);
    // Writes landed on both sides of the instant: before it (in the copy) and after it (not).
    const [{ n: final }] = (await query<{ n: number }>(
      source.database.db,
      sql`select count(*)::int as n from items`,
    )) as [{ n: number }];
    expect(after).toBeGreaterThan(before);
    expect(final).toBeGreaterThan(after);
  }, 120_000);

  it('refuses a damaged backup before writing anything, naming the file', async () => {
    const damaged = (name: string, harm: (dir: string) => void) => {
      const dir = path.join(tmp, `damaged-${name}`);
      cpSync(backup, dir, { recursive: true });
      harm(dir);
      return dir;
    };
    const flip = (file: string) => {
      const b = readFileSync(file);
      const at = Math.floor(b.length / 2);
      b[at] = (b[at] ?? 0) ^ 1;
      writeFileSync(file, b);
    };
    const target = await fresh();
    const store = new DiskStorage(path.join(tmp, 'files-damaged'));
    const attempt = (name: string, harm: (dir: string) => void) =>
      restoreFrom(target.database, store, damaged(name, harm), registry);
    await expect(attempt('items', (d) => flip(path.join(d, 'db/items.jsonl')))).rejects.toThrow(
      'db/items.jsonl does not match its checksum',
    );
    await expect(attempt('file', (d) => flip(path.join(d, `files/${FILE_ID}`)))).rejects.toThrow(
      `files/${FILE_ID} does not match its checksum`,
    );
    await expect(attempt('gone', (d) => unlinkSync(path.join(d, 'db/grants.jsonl')))).rejects.toThrow(
      'db/grants.jsonl is missing',
    );
    await expect(attempt('unfinished', (d) => unlinkSync(path.join(d, MANIFEST)))).rejects.toThrow(
      'has no manifest.json',
    );
    const [r] = await query<{ n: number }>(target.database.db, sql`select count(*)::int as n from items`);
    expect(r!.n).toBe(0);
    expect(store.localPath(FILE_ID) && (await store.stat(FILE_ID))).toBeNull();
  });

  it('refuses a database that is not empty, and a directory that is', async () => {
    await expect(restoreFrom(source.database, files, backup, registry)).rejects.toThrow(
      'This database is not empty',
    );
    await expect(backupTo(source.database, files, backup, { appVersion: 'test' })).rejects.toThrow(
      'is not empty',
    );
  });

  it('npm run ckk -- backup and restore', async () => {
    const ckk = (env: Record<string, string>, ...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ckk.ts', ...args], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 120_000,
      });
    let from: Record<string, string>;
    let to: Record<string, string>;
    if (source.kind === 'postgres') {
      from = { DATABASE_URL: source.url!, DATA_DIR: path.join(tmp, 'cli-a'), FILES_DIR: files.dir };
      to = { DATABASE_URL: (await fresh()).url!, DATA_DIR: path.join(tmp, 'cli-b') };
    } else {
      // The embedded database is one process's: the command opens a data directory of its own.
      from = { DATABASE_URL: '', DATA_DIR: path.join(tmp, 'cli-a') };
      to = { DATABASE_URL: '', DATA_DIR: path.join(tmp, 'cli-b') };
      const made = ckk(
        from,
        'user:create',
        '--email',
        'keeper@riverbend.example',
        '--password',
        'long-enough-1',
      );
      expect(made.status, made.stderr).toBe(0);
    }
    const dir = path.join(tmp, 'cli-backup');
    const b = ckk(from, 'backup', '--to', dir);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/Backed up [\d,]+ rows of \d+ tables and \d+ files/);
    const r = ckk(to, 'restore', '--from', dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Restored [\d,]+ rows/);
    const again = ckk(to, 'restore', '--from', dir);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('This database is not empty');
    if (source.kind === 'pglite') {
      const db = await openPglite(path.join(tmp, 'cli-b', 'pglite'), { migrate: false });
      try {
        const [u] = await query<{ n: number }>(
          db.db,
          sql`select count(*)::int as n from items where data->>'email' = 'keeper@riverbend.example'`,
        );
        expect(u!.n).toBe(1);
      } finally {
        await db.close();
      }
    }
  }, 180_000);
});
