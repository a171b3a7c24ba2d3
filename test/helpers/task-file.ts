import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestServer } from './test-server';
import type { WsClient } from './ws-client';

// An async act that writes a file (an export), run as one client to the end: the file's text as
// the task wrote it, or null when the act was refused or the task failed (then `reply` is what
// the client was told). Access-matrix paths use it: what a principal's file holds is what the
// export showed them.

interface TaskDone {
  key: string;
  resultURI?: string;
  errorKey?: string;
}

export async function taskFileText(
  client: WsClient,
  server: TestServer,
  act: string,
  body: unknown,
): Promise<{ text: string | null; reply: string }> {
  const started = await client.request(`act/${act}/async`, body);
  const b = started.b as { key?: string; erred?: boolean };
  // Signed out or not allowed: refused before any task; nothing shown.
  if (b.erred || !b.key) return { text: null, reply: JSON.stringify(b) };
  const done = (
    await client.waitForPush((x) => x.o === 'taskComplete' && (x.b as TaskDone).key === b.key, 60_000)
  ).b as TaskDone;
  if (done.errorKey || !done.resultURI) return { text: null, reply: JSON.stringify(done) };
  // The result file as the task wrote it (its URI serves it to the starter only).
  const name = decodeURIComponent(done.resultURI.split('/').pop()!);
  const file = path.join(server.app.services.config.dataDir, 'tasks', b.key, name);
  return { text: readFileSync(file, 'utf8'), reply: JSON.stringify(done) };
}
