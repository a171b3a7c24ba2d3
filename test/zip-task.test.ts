import { existsSync, mkdtempSync, rmSync, truncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from './helpers/zip';
import { loadPrincipal } from '../src/server/auth/principals';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { tusUpload } from './helpers/tus';
import { connectAs, signIn, type Frame } from './helpers/ws-client';
import type { DiskStorage } from '../src/server/files/disk-storage';
import { fileKey } from '../src/server/files/storage';
import { MODULES } from '../src/modules';
import { defineModule } from '../src/kernel/module';
import { defineItemType } from '../src/kernel/item-type';
import { SYSTEM } from '../src/server/access/principal';

// A type whose items each stand for one attachment, as consult's ConsultAttachment lists the
// consultations' files: its zip holds those attachments (attachmentPointer), as the starter.
const FileCard = defineItemType({
  name: 'FileCard',
  label: '{attachment}',
  properties: { attachment: { kind: 'relation', types: ['Attachment'], required: true } },
  access: { create: 'admin', defaultLevel: 'PROTECTED', follows: 'attachment' },
});
const cardsModule = defineModule({ id: 'filecardtest', types: [FileCard] });

// The zip export as a background task (spec capability §3 "Zip exports"): act/exportZip/async
// runs as the starter, pushes progress by bytes, ends with a download only the starter gets,
// holds only files the starter may read, and a kill removes the partial zip.

let tdb: TestDatabase;
let server: TestServer;
let dataDir: string;
const users: Record<'editor' | 'staff' | 'member', { id: string; email: string; token: string }> =
  {} as never;
let open: string;
let hidden: string;
let slow: string;
const cards: string[] = [];

interface TaskPush {
  key: string;
  percentageComplete: number;
  resultURI?: string;
  errorKey?: string;
}
const isTask = (o: string, key: string) => (f: Frame) => f.o === o && (f.b as TaskPush).key === key;

beforeAll(async () => {
  tdb = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-zip-task-'));
  server = await startTestServer(tdb.database, { dataDir, filesDir: path.join(dataDir, 'files') }, [
    ...MODULES,
    cardsModule,
  ]);
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation');
  for (const [who, role] of [
    ['editor', 'editor'],
    ['staff', 'staff'],
    ['member', 'member'],
  ] as const) {
    const u = await makeUser(items, [[riverbend, role]]);
    users[who] = { ...u, token: await signIn(server.url, u.email, PASSWORD) };
  }
  const editor = (await loadPrincipal(items.db, users.editor.id, null))!;
  open = (await items.create(editor, 'Thread', { subject: 'Water survey', $access: 'PROTECTED' })).$id;
  hidden = (await items.create(editor, 'Thread', { subject: 'Sacred site', $access: 'PRIVATE' })).$id;
  slow = (await items.create(editor, 'Thread', { subject: 'Drone data', $access: 'PROTECTED' })).$id;
  const up = (rel: string, filename: string, text: string) =>
    tusUpload(server.url, users.editor.token, Buffer.from(text), { rel, filename });
  const samples = await up(open, 'samples.csv', 'site,ph\nA,7.1\n');
  await up(open, 'notes.txt', 'river notes');
  const secret = await up(hidden, 'location.txt', 'the secret place');
  for (const a of [samples, secret])
    cards.push((await items.create(SYSTEM, 'FileCard', { attachment: a.attachmentId })).$id);
  // A big text file (sparse on disk, deflated in the zip: no disk or memory cost) to kill mid-way.
  const big = await up(slow, 'flight-log.txt', 'x');
  truncateSync((server.app.services.files as DiskStorage).localPath(fileKey(big.uppyId)), 1_500_000_000);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = (uri: string, token: string) =>
  fetch(`${server.url}${uri}`, { headers: { authorization: `Bearer ${token}` } });

describe('act/exportZip/async', () => {
  it('zips only what the starter may read, with progress, to a download only they get', async () => {
    const staff = await connectAs(server, users.staff.email, PASSWORD);
    const started = await staff.client.call<{ key: string }>('act/exportZip/async', {
      query: { must: { _t: ['Thread'], subject: ['Water survey', 'Sacred site'] } },
      name: 'consult-attachments.zip',
    });
    const done = (await staff.client.waitForPush(isTask('taskComplete', started.key), 15_000)).b as TaskPush;
    expect(done).toMatchObject({ percentageComplete: 100 });
    expect(done.errorKey).toBeUndefined();
    expect(done.resultURI).toBe(`/api/task-result/${started.key}/consult-attachments.zip`);
    const res = await get(done.resultURI!, users.staff.token);
    expect(res.status).toBe(200);
    const entries = await zipEntries(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual([`${open}/notes.txt`, `${open}/samples.csv`]);
    expect(entries.get(`${open}/notes.txt`)?.toString()).toBe('river notes');
    // Another user, even one who may read every file in it, gets 404 on the result.
    expect((await get(done.resultURI!, users.editor.token)).status).toBe(404);
    await staff.client.close();
  });

  it('takes a query over Attachment items; the editor sees the private file too', async () => {
    const editor = await connectAs(server, users.editor.email, PASSWORD);
    const started = await editor.client.call<{ key: string }>('act/exportZip/async', {
      query: { must: { _t: ['Attachment'], rel: [open, hidden] } },
      name: 'archive-attachments.zip',
    });
    const done = (await editor.client.waitForPush(isTask('taskComplete', started.key), 15_000)).b as TaskPush;
    const entries = await zipEntries(
      Buffer.from(await (await get(done.resultURI!, users.editor.token)).arrayBuffer()),
    );
    expect([...entries.keys()].sort()).toEqual(
      [`${hidden}/location.txt`, `${open}/notes.txt`, `${open}/samples.csv`].sort(),
    );
    await editor.client.close();
  });

  it('takes a query over items that stand for attachments: those attachments, as the starter', async () => {
    const staff = await connectAs(server, users.staff.email, PASSWORD);
    const started = await staff.client.call<{ key: string }>('act/exportZip/async', {
      query: { must: { _t: ['FileCard'], $id: cards } },
      name: 'consult-attachments.zip',
    });
    const done = (await staff.client.waitForPush(isTask('taskComplete', started.key), 15_000)).b as TaskPush;
    const entries = await zipEntries(
      Buffer.from(await (await get(done.resultURI!, users.staff.token)).arrayBuffer()),
    );
    // The card of the private file follows it: staff find neither, and notes.txt has no card.
    expect([...entries.keys()]).toEqual([`${open}/samples.csv`]);
    await staff.client.close();
  });

  it('refuses at once when nothing is readable, and refuses a bad name', async () => {
    const member = await connectAs(server, users.member.email, PASSWORD);
    const none = await member.client.request('act/exportZip/async', {
      query: { must: { rel: [open, hidden] } },
      name: 'archive-attachments.zip',
    });
    expect(none.b).toMatchObject({ erred: true, userMessage: 'notFound' });
    const bad = await member.client.request('act/exportZip/async', { query: {}, name: 'evil.zip' });
    expect(bad.b).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect(member.client.pushes.filter((f) => f.o.startsWith('task'))).toEqual([]);
    await member.client.close();
  });

  it('kill stops it mid-way and removes the partial zip', async () => {
    const staff = await connectAs(server, users.staff.email, PASSWORD);
    const started = await staff.client.call<{ key: string }>('act/exportZip/async', {
      query: { must: { rel: [slow] } },
      name: 'archive-attachments.zip',
    });
    const update = await staff.client.waitForPush(isTask('taskUpdate', started.key), 15_000);
    const first = (update.b as TaskPush).percentageComplete;
    expect(first).toBeLessThan(100);
    // Progress by bytes: a later push says more is done.
    const later = await staff.client.waitForPush(
      (f) => isTask('taskUpdate', started.key)(f) && (f.b as TaskPush).percentageComplete > first,
      15_000,
    );
    expect((later.b as TaskPush).percentageComplete).toBeLessThan(100);
    const folder = path.join(dataDir, 'tasks', started.key);
    expect(existsSync(path.join(folder, 'archive-attachments.zip'))).toBe(true);
    expect(await staff.client.call('act/killTask', { taskKey: started.key })).toMatchObject({ killed: true });
    const end = (await staff.client.waitForPush(isTask('taskComplete', started.key), 10_000)).b as TaskPush;
    expect(end.errorKey).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 500));
    expect(existsSync(folder)).toBe(false);
    await staff.client.close();
  });
});
