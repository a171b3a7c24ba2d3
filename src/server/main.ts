import pino from 'pino';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { DEMO_PASSWORD } from './seed/demo';

/** How long a stop may take before the process ends anyway (a hung close must not keep it alive). */
const STOP_DEADLINE_MS = 10_000;
/** How long the last log lines get to reach a slow or stuck output before they are dropped. */
const LOG_DRAIN_MS = 2_000;

// The log's destination is ours (the same asynchronous one Fastify would make) so the stop can
// settle it: on exit pino writes what is still buffered synchronously, and sonic-boom's
// flushSync retries every 100 ms for ever when the output pipe is full or gone (EAGAIN, EPIPE).
const logStream = pino.destination({ dest: 1, sync: false });

// A reader that went away must neither crash the server (an unhandled EPIPE 'error' on
// process.stdout from console.log) nor stop it: there is just nobody to tell any more.
for (const out of [process.stdout, process.stderr]) out.on('error', () => {});

/** Ends the process without pino's exit flush: a destroyed destination is skipped there. */
function exitNow(code: number): never {
  logStream.destroy();
  process.exit(code);
}

/** Lets the log write out what it holds (bounded), then ends the process. */
async function exitAfterLog(code: number, log: { level: string }): Promise<never> {
  // Nothing may be logged from here on: an ended destination throws on write.
  log.level = 'silent';
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, LOG_DRAIN_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    // 'close' once all is written; 'error' (EPIPE) when nobody reads: pino then drops the rest.
    logStream.once('close', done);
    logStream.once('error', done);
    try {
      logStream.end();
    } catch {
      done(); // already ended (the deadline came while the close was draining it)
    }
  });
  return exitNow(code);
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp(config, database, { logStream });
  const boot = await bootstrap(config, app.services.items, app.services.files);
  await app.fastify.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  const lines = [``, `${config.siteName} ${config.version} is running on ${config.publicUrl} (${where}).`];
  if (boot.createdAdmin) lines.push(`Created the first admin ${config.adminEmail}.`);
  if (boot.adminNote) lines.push(boot.adminNote);
  if (boot.demo) {
    lines.push(``, `Demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
    for (const d of boot.demo) lines.push(`  ${d.email.padEnd(38)} ${d.who}`);
  }
  // Last, and through the log's own destination: Fastify's "listening" lines are still in its
  // buffer, and console.log beside it would come out before them. The banner (the demo sign-ins
  // above all) is then the last thing on screen, where a person looks for it.
  logStream.write(lines.join('\n') + '\n\n');

  let closing = false;
  const stop = async (signal: string) => {
    // A second signal means "now": whoever sends it has waited long enough.
    if (closing) exitNow(1);
    closing = true;
    // Not unref'd: until the close is done this timer, not whatever handles happen to be left,
    // decides when the process ends, and the end always goes through exitNow.
    setTimeout(() => {
      app.fastify.log.error(`${signal}: not stopped after ${STOP_DEADLINE_MS / 1000} s, exiting anyway`);
      void exitAfterLog(1, app.fastify.log);
    }, STOP_DEADLINE_MS);
    app.fastify.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    await exitAfterLog(0, app.fastify.log);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  exitNow(1);
});
