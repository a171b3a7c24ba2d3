import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAdmins, countUsers, findUserByEmail } from '../src/server/auth/accounts';
import { verifyPassword } from '../src/server/auth/passwords';
import { acquireDirLock } from '../src/server/db/lockfile';
import { openDatabase } from '../src/server/db/open';
import { adminUrl, dbUrl } from './helpers/pg-urls';

// The real CLI in a child process. It uses an embedded database under DATA_DIR, or, when this
// test runs with DATABASE_URL set (CI runs the suite both ways), a fresh PostgreSQL database.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'src', 'cli', 'ckk.ts');
const PG_URL = process.env.DATABASE_URL || undefined;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CLI, ...args], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dataDir: string;
let dbName: string | null = null;
/** The environment of every CLI run in this file. */
let env: Record<string, string | undefined>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-cli-'));
  env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
  if (PG_URL) {
    dbName = `ckk_cli_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(PG_URL) });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    env = { DATA_DIR: dataDir, DATABASE_URL: dbUrl(PG_URL, dbName) };
  }
}, 60_000);

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (PG_URL && dbName) {
    const admin = new pg.Client({ connectionString: adminUrl(PG_URL) });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}, 60_000);

describe(`ckk user:create (${PG_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 60_000 }, () => {
  it('prints usage and exits non-zero without --password, before touching the database', async () => {
    const r = await runCli(['user:create', '--email', 'nopass@example.org'], env);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Usage:');
    expect(r.stderr).toContain('--password');
    expect(r.stdout).toBe('');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('prints usage for an unknown command', async () => {
    const r = await runCli(['user:destroy'], env);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Usage:');
  });

  it('creates a user, exits 0 and prints the id', async () => {
    const r = await runCli(
      ['user:create', '--email', 'Ada@Example.org', '--password', 'correct-horse-1', '--name', 'Ada'],
      env,
    );
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Created User-[1-9]\d* \(Ada@Example\.org\)\.\n$/);
    if (!PG_URL) expect(existsSync(path.join(dataDir, 'pglite', 'ckk.lock'))).toBe(false);
    // With DATABASE_URL the embedded database is not used at all.
    else expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('says "as admin" for --admin', async () => {
    const r = await runCli(
      ['user:create', '--email', 'root@example.org', '--password', 'correct-horse-2', '--admin'],
      env,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Created User-[1-9]\d* \(root@example\.org\) as admin\.\n$/);
  });

  it('refuses a duplicate e-mail (in any case) with a clear message and a non-zero exit', async () => {
    const r = await runCli(
      ['user:create', '--email', 'ada@example.org', '--password', 'another-pass-1'],
      env,
    );
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('alreadyExists');
    expect(r.stderr).toContain('ada@example.org exists');
    if (!PG_URL) expect(existsSync(path.join(dataDir, 'pglite', 'ckk.lock'))).toBe(false);
  });

  it('refuses a short password', async () => {
    const r = await runCli(['user:create', '--email', 'short@example.org', '--password', 'short'], env);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('invalidInput');
    expect(r.stderr).toContain('at least 8 characters');
  });

  it('stored the users and their credentials where the server will find them', async () => {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      const ada = await findUserByEmail(database.db, 'ada@example.org');
      expect(ada).not.toBeNull();
      expect(ada!.blocked).toBe(false);
      expect(await verifyPassword('correct-horse-1', ada!.passwordHash)).toBe(true);
      expect(await verifyPassword('another-pass-1', ada!.passwordHash)).toBe(false);
      expect(await countUsers(database.db)).toBe(2);
      expect(await countAdmins(database.db)).toBe(1);
      expect(await findUserByEmail(database.db, 'short@example.org')).toBeNull();
    } finally {
      await database.close();
    }
  });

  it('refuses --org without --role', async () => {
    const r = await runCli(
      ['user:create', '--email', 'o@example.org', '--password', 'correct-horse-3', '--org', 'Organization-1'],
      env,
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--org and --role go together');
  });
});

describe('ckk user:create while the embedded database is in use', { timeout: 60_000 }, () => {
  it('exits non-zero with "in use" and "is the server running"', async () => {
    const lockedDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-cli-locked-'));
    const pgliteDir = path.join(lockedDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    const lock = acquireDirLock(pgliteDir);
    try {
      const r = await runCli(
        ['user:create', '--email', 'busy@example.org', '--password', 'correct-horse-4'],
        {
          DATA_DIR: lockedDir,
          DATABASE_URL: undefined,
        },
      );
      expect(r.code).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('in use');
      expect(r.stderr).toContain('is the server running');
      expect(r.stderr).toContain(`process ${process.pid}`);
      // The refused CLI leaves the holder's lock alone.
      expect(existsSync(path.join(pgliteDir, 'ckk.lock'))).toBe(true);
    } finally {
      lock.release();
      rmSync(lockedDir, { recursive: true, force: true });
    }
  });
});
