import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { tusUpload } from '../../../../test/helpers/tus';
import { connectAs, signIn, type WsClient } from '../../../../test/helpers/ws-client';

// A belonging's photograph on its catalogue card (types.ts cardImage, server/hooks.ts): uploading
// a photograph sets `hasImage`, a document does not, trashing the last photograph clears it and
// restoring it sets it again; a caller cannot set it; and the card's image URL is served to those
// who may read the belonging and to nobody else.

let tdb: TestDatabase;
let server: TestServer;
let filesDir: string;
let officer: WsClient;
let officerId: string;
let riverbend: string;
const tokens: Record<'officer' | 'member' | 'outsider', string> = {} as never;
const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-belonging-photos-'));
  server = await startTestServer(tdb.database, { filesDir });
  riverbend = await makeOrg(items(), 'Riverbend First Nation');
  const pipeline = await makeOrg(items(), 'Northern Pipeline Ltd', 'INDUSTRY');
  const users = {
    officer: await makeUser(items(), [[riverbend, 'editor']]),
    member: await makeUser(items(), [[riverbend, 'member']]),
    outsider: await makeUser(items(), [[pipeline, 'editor']]),
  };
  officerId = users.officer.id;
  for (const [k, u] of Object.entries(users))
    tokens[k as keyof typeof tokens] = await signIn(server.url, u.email, PASSWORD);
  officer = (await connectAs(server, users.officer.email, PASSWORD)).client;
}, 60_000);

afterAll(async () => {
  await officer?.close();
  await server?.close();
  await tdb?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const read = (id: string) => items().read(SYSTEM, id);
const image = (id: string, token: string | null) =>
  fetch(`${server.url}/item-id-image/${id}?variant=thumbnail`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function setTrashed(id: string, trashed: boolean) {
  const att = await read(id);
  await items().update(SYSTEM, { $id: id, $version: att.$version, trashed });
}

describe('a belonging’s photograph', () => {
  it('is on its card once uploaded, off when trashed, and served only to its readers', async () => {
    const b = await officer.call<{ $id: string; hasImage?: boolean }>('create/Belonging', {
      title: 'Beaded bandolier bag',
      $access: 'PROTECTED',
    });
    expect(b.hasImage).toBeUndefined();

    // A document is no photograph.
    await tusUpload(server.url, tokens.officer, Buffer.from('%PDF-1.4\n%%EOF\n'), {
      rel: b.$id,
      filename: 'condition report.pdf',
    });
    expect((await read(b.$id)).hasImage).toBeUndefined();
    expect((await image(b.$id, tokens.officer)).status).toBe(404);

    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 31, g: 58, b: 95 } },
    })
      .jpeg()
      .toBuffer();
    const photo = await tusUpload(server.url, tokens.officer, jpeg, {
      rel: b.$id,
      filename: 'bag front.jpg',
    });
    expect((await read(b.$id)).hasImage).toBe(true);
    const shown = await image(b.$id, tokens.officer);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/^image\//);

    // Whoever may not read the belonging gets no image: the member (PROTECTED), another
    // organisation, nobody signed in.
    const memberRead = await fetch(`${server.url}/item-id-image/${b.$id}`, {
      headers: { authorization: `Bearer ${tokens.member}` },
    });
    expect(memberRead.status).toBe(404);
    expect((await image(b.$id, tokens.outsider)).status).toBe(404);
    expect((await image(b.$id, null)).status).toBe(404);

    await setTrashed(photo.attachmentId, true);
    expect((await read(b.$id)).hasImage).toBeUndefined();
    await setTrashed(photo.attachmentId, false);
    expect((await read(b.$id)).hasImage).toBe(true);
    await items().delete(SYSTEM, photo.attachmentId);
    expect((await read(b.$id)).hasImage).toBeUndefined();
  });

  it('is off the card while its only photograph is restricted to a protocol its readers need not be in', async () => {
    const elders = (
      await items().create(SYSTEM, 'Protocol', { name: 'Elders', members: [officerId] }, { owner: riverbend })
    ).$id;
    const b = await officer.call<{ $id: string }>('create/Belonging', {
      title: 'Ceremonial pipe bag',
      $access: 'COMMUNITY',
    });
    const jpeg = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .jpeg()
      .toBuffer();
    const photo = await tusUpload(server.url, tokens.officer, jpeg, { rel: b.$id, filename: 'pipe bag.jpg' });
    expect((await read(b.$id)).hasImage).toBe(true);
    const att = await read(photo.attachmentId);
    await officer.call('update', { $id: photo.attachmentId, $version: att.$version, $protocols: [elders] });
    // The member reads the belonging, not the Elders' photograph: its card does not ask for one.
    expect((await image(b.$id, tokens.member)).status).toBe(404);
    expect((await read(b.$id)).hasImage).toBeUndefined();
    const opened = await read(photo.attachmentId);
    await officer.call('update', { $id: photo.attachmentId, $version: opened.$version, $protocols: null });
    expect((await read(b.$id)).hasImage).toBe(true);
    expect((await image(b.$id, tokens.member)).status).toBe(200);
  });

  it('is the system’s to say: a caller cannot set it', async () => {
    const forged = await officer.request('create/Belonging', { title: 'Forged', hasImage: true });
    expect((forged.b as { erred?: boolean }).erred).toBe(true);
  });
});
