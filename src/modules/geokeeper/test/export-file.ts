import { readFileSync } from 'node:fs';
import path from 'node:path';
import { taskFileText } from '../../../../test/helpers/task-file';
import type { TestServer } from '../../../../test/helpers/test-server';
import type { WsClient } from '../../../../test/helpers/ws-client';

/**
 * Runs exportFieldData as the client to the end: the file's bytes (a zip is read whole), or null
 * when the act was refused or the task failed (`reply` says why).
 */
export async function exportFile(
  client: WsClient,
  server: TestServer,
  body: { program: string; format: string },
): Promise<{ bytes: Uint8Array | null; reply: string }> {
  const { text, reply } = await taskFileText(client, server, 'exportFieldData', body);
  if (text === null) return { bytes: null, reply };
  const done = JSON.parse(reply) as { key: string; resultURI: string };
  const name = decodeURIComponent(done.resultURI.split('/').pop()!);
  const file = path.join(server.app.services.config.dataDir, 'tasks', done.key, name);
  return { bytes: new Uint8Array(readFileSync(file)), reply };
}
