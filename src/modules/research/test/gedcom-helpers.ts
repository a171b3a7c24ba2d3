import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { query } from '../../../server/db/query';
import type { TestServer } from '../../../../test/helpers/test-server';
import { tusUpload } from '../../../../test/helpers/tus';
import type { WsClient } from '../../../../test/helpers/ws-client';
import type { GedcomImportResult } from '../gedcom-contract';
import { GEDCOM_IMPORT_KIND } from '../types';

// What the GEDCOM tests share: a person's socket, an Import with its file, a task run to its end.

export interface Person {
  id: string;
  client: WsClient;
  token: string;
}

interface TaskDone {
  key: string;
  percentageComplete: number;
  resultURI?: string;
  errorKey?: string;
  errorSys?: string;
}

export const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));

export async function makeImport(
  server: TestServer,
  who: Person,
  owner: string,
  file: Buffer,
  name: string,
): Promise<string> {
  const created = await who.client.call<{ $id: string }>('create/Import', {
    label: name,
    kind: GEDCOM_IMPORT_KIND,
    owner,
  });
  await tusUpload(server.url, who.token, file, { rel: created.$id, filename: name });
  return created.$id;
}

/** Starts the task, waits for its end, and fetches its result file (as the starter). */
export async function runTask(server: TestServer, who: Person, action: string, body: unknown) {
  const started = await who.client.call<{ key: string }>(`act/${action}/async`, body);
  const f = await who.client.waitForPush(
    (x) => x.o === 'taskComplete' && (x.b as TaskDone).key === started.key,
    120_000,
  );
  const done = f.b as TaskDone;
  const progress = who.client.pushes
    .filter((x) => x.o === 'taskUpdate' && (x.b as TaskDone).key === started.key)
    .map((x) => (x.b as TaskDone).percentageComplete);
  if (done.errorKey) return { done, progress, body: null as Buffer | null };
  const res = await fetch(`${server.url}${done.resultURI}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.status).toBe(200);
  return { done, progress, body: Buffer.from(await res.arrayBuffer()) };
}

export async function importFile(server: TestServer, who: Person, owner: string, file: Buffer, name: string) {
  const imp = await makeImport(server, who, owner, file, name);
  const run = await runTask(server, who, 'importGedcom', { import: imp });
  if (!run.body) throw new Error(`import failed: ${run.done.errorKey} ${run.done.errorSys}`);
  return { imp, result: JSON.parse(run.body.toString('utf8')) as GedcomImportResult, progress: run.progress };
}

export interface MemberRow {
  id: string;
  data: Record<string, unknown>;
}

/** The live members of an organisation, by gedcomId. */
export async function members(server: TestServer, owner: string): Promise<Map<string, MemberRow>> {
  const rows = await query<MemberRow>(
    server.app.services.items.db,
    sql`select id, data from items where type = 'CommunityMember' and not deleted and owner = ${owner}
        order by num`,
  );
  return new Map(rows.map((r) => [String(r.data.gedcomId ?? r.id), r]));
}
