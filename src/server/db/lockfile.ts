import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

// PGlite does not stop a second process from opening its directory, and two writers corrupt it.
// A pid lockfile turns that into a clear error.

export interface DirLock {
  release(): void;
}

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirLock(dir: string): DirLock {
  const file = path.join(dir, 'ckk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid))
        throw new DatabaseLockedError(
          `The embedded database at ${dir} is in use by process ${pid} (is the server running?). Stop it first, or use DATABASE_URL.`,
        );
      if (pid === process.pid)
        throw new DatabaseLockedError(`The embedded database at ${dir} is already open in this process.`);
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dir}`);
}
