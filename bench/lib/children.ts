import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** A child process whose output is kept (the last lines) for error messages. */
export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  /** Resolves with the exit code (or signal) once the process has gone. */
  exited: Promise<string>;
  hasExited(): boolean;
  tail(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export function startChild(
  name: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): Child {
  const proc = spawn(process.execPath, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(line);
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let gone = false;
  const exited = new Promise<string>((resolve) =>
    proc.once('exit', (code, signal) => {
      gone = true;
      resolve(signal ?? String(code));
    }),
  );
  if (proc.pid === undefined) throw new Error(`could not start ${name}`);
  return {
    name,
    proc,
    pid: proc.pid,
    exited,
    hasExited: () => gone,
    tail: () => lines.join('\n'),
    async stop(graceMs = 5_000) {
      if (gone) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, the child exits, or the time is up. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.hasExited()) throw new Error(`${child.name} exited before it was ready:\n${child.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.tail()}`);
}

/** Waits until the child prints a line containing `marker`. */
export function waitForOutput(child: Child, marker: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${child.name} did not print "${marker}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const check = () => {
      if (child.tail().includes(marker)) {
        clearTimeout(timer);
        child.proc.stdout?.off('data', check);
        resolve();
      }
    };
    child.proc.stdout?.on('data', check);
    void child.exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${child.name} exited:\n${child.tail()}`));
    });
    check();
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far; NaN where /proc is missing. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ", field 3 (state) is index 0, so utime (14) is 11 and stime (15) is 12.
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** Busy and total CPU seconds of the whole machine (all cores) so far. */
export function machineCpuSeconds(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return { busy: NaN, total: NaN };
  }
}
