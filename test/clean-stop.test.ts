import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, cpSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from './helpers/child-server';

// A stopped server must end even when nobody reads its output any more: pino used to write its
// buffered lines synchronously on exit and retry every 100 ms for ever on a full or closed pipe.

describe('stopping', () => {
  it('exits on SIGTERM in bounded time when its output pipe is full, then closed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-stop-'));
    // The embedded database from the migrated template: a fresh one takes many seconds to make.
    // Only the process's stop is under test here, so PostgreSQL runs use it too.
    cpSync(inject('pgliteTemplate'), path.join(dir, 'pglite'), { recursive: true });
    // stdout is a named pipe this test never reads: it fills up (64 KB) and stays full, as with
    // a stuck log collector; closing our end later is the collector going away (EPIPE).
    const fifo = path.join(dir, 'stdout');
    execFileSync('mkfifo', [fifo]);
    let reader: number | null = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        DEMO_DATA: 'false',
      },
      stdio: ['ignore', writer, 'pipe'],
    });
    // Kept so that a child that dies at start says why in the failure.
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    closeSync(writer);
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const within = (ms: number) =>
      Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), ms))]);
    try {
      for (let up = false; !up;) {
        if ((await within(200)) !== 'running') throw new Error(`the server did not start: ${stderr}`);
        up = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      }
      // Long URLs fill the pipe with request logs.
      const pad = 'x'.repeat(8_000);
      for (let i = 0; i < 24; i++) await (await fetch(`${url}/api/health?pad=${pad}${i}`)).arrayBuffer();
      const started = Date.now();
      proc.kill('SIGTERM');
      let code = await within(5_000);
      closeSync(reader);
      reader = null;
      if (code === 'running') code = await within(14_000 - (Date.now() - started));
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(14_000);
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      if (reader !== null) closeSync(reader);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
