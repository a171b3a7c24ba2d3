import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DatabaseLockedError, type DirLock } from './lockfile';

let dir: string;
let lockFile: string;
const locks: DirLock[] = [];
const children: ChildProcess[] = [];

function lock(): DirLock {
  const l = acquireDirLock(dir);
  locks.push(l);
  return l;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid no process has: 999999 unless, against the odds, it is alive. */
function deadPid(): number {
  for (let pid = 999_999; pid > 900_000; pid--) if (!isAlive(pid)) return pid;
  throw new Error('no dead pid found');
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-lock-'));
  lockFile = path.join(dir, 'ckk.lock');
});

afterEach(() => {
  for (const l of locks.splice(0)) l.release();
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('acquireDirLock', () => {
  it('writes ckk.lock with this process id', () => {
    lock();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
  });

  it('refuses a second lock on the same directory in the same process', () => {
    lock();
    expect(() => acquireDirLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireDirLock(dir)).toThrow(/already open in this process/);
    // The refused attempt leaves the first lock in place.
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
  });

  it('locks different directories independently', () => {
    lock();
    const other = mkdtempSync(path.join(os.tmpdir(), 'ckk-lock-'));
    try {
      const l = acquireDirLock(other);
      expect(existsSync(path.join(other, 'ckk.lock'))).toBe(true);
      l.release();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('takes over a stale lock left by a dead process', () => {
    const pid = deadPid();
    writeFileSync(lockFile, String(pid));
    lock();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
  });

  it('takes over an empty or unreadable lock file', () => {
    writeFileSync(lockFile, '');
    lock();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
  });

  it('refuses a lock held by another live process, naming it', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', reject);
    });
    const pid = child.pid!;
    writeFileSync(lockFile, String(pid));
    let caught: unknown;
    try {
      acquireDirLock(dir);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DatabaseLockedError);
    expect((caught as Error).message).toContain(`in use by process ${pid}`);
    expect((caught as Error).message).toContain('is the server running');
    // The live process's lock is left alone.
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(pid));
  });

  it('release removes the file, and the directory can be locked again', () => {
    const l = acquireDirLock(dir);
    expect(existsSync(lockFile)).toBe(true);
    l.release();
    expect(existsSync(lockFile)).toBe(false);
    lock();
    expect(existsSync(lockFile)).toBe(true);
  });

  it('release is idempotent and does not remove a later lock', () => {
    const first = acquireDirLock(dir);
    first.release();
    lock();
    first.release();
    expect(existsSync(lockFile)).toBe(true);
  });
});
