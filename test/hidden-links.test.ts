import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';
import type { WireItem } from '../src/protocol/item';

// A relation list may hold links its next editor cannot read (an orgAdmin's PRIVATE record among
// an interview's respondents). Saving the list keeps them: they were not the editor's to remove,
// and they stay out of what the editor is sent back.

let tdb: TestDatabase;
let server: TestServer;
let orgAdmin: WsClient;
let editor: WsClient;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const org = await makeOrg(items, 'Riverbend First Nation');
  const a = await makeUser(items, [[org, 'orgAdmin']]);
  const e = await makeUser(items, [[org, 'editor']]);
  orgAdmin = (await connectAs(server, a.email, PASSWORD)).client;
  editor = (await connectAs(server, e.email, PASSWORD)).client;
});

afterAll(async () => {
  await orgAdmin?.close();
  await editor?.close();
  await server?.close();
  await tdb?.close();
});

const member = async (c: WsClient, firstName: string, $access = 'PROTECTED') =>
  (await c.call<{ $id: string }>('create/CommunityMember', { firstName, lastName: 'Linked', $access })).$id;

describe('saving a relation list with links the saver may not read', () => {
  const stored = async (id: string) => (await server.app.services.items.readRow(id))!.data.respondents;

  it('keeps the hidden links in place, and tells the saver nothing of them', async () => {
    const first = await member(orgAdmin, 'Alma');
    const hidden = await member(orgAdmin, 'Hollis', 'PRIVATE');
    const last = await member(orgAdmin, 'Cora');
    const added = await member(editor, 'Dale');
    const interview = await orgAdmin.call<{ $id: string }>('create/ResearchActivity', {
      title: 'Trapline interview',
      respondents: [first, hidden, last],
    });
    const read = (await editor.request(`read/${interview.$id}`)).b as WireItem;
    expect(read.$labels).not.toHaveProperty(hidden);
    expect((await editor.request(`read/${hidden}`)).b).toMatchObject({
      erred: true,
      userMessage: 'notAllowed',
    });

    // A client that sends only the links it can name, with one added.
    const reply = await editor.call<WireItem>('update', {
      $id: interview.$id,
      $version: 1,
      respondents: [first, last, added],
    });
    expect(await stored(interview.$id)).toEqual([first, hidden, last, added]);
    // The reply is what a read gives the saver: the link stays nameless.
    expect(reply.respondents).toEqual([first, hidden, last, added]);
    expect(reply.$labels).not.toHaveProperty(hidden);
    expect(JSON.stringify(reply)).not.toContain('Hollis');

    // Removing a link it can see keeps the hidden one at its place.
    await editor.call('update', { $id: interview.$id, $version: 2, respondents: [last, added] });
    expect(await stored(interview.$id)).toEqual([last, hidden, added]);
    // Clearing the list clears what the saver could clear.
    await editor.call('update', { $id: interview.$id, $version: 3, respondents: null });
    expect(await stored(interview.$id)).toEqual([hidden]);
    // The list as read, hidden link and all, saves: keeping a link is not making one.
    await editor.call('update', { $id: interview.$id, $version: 4, respondents: [hidden, first] });
    expect(await stored(interview.$id)).toEqual([hidden, first]);
  });

  it('still refuses a new link to an item the saver may not read', async () => {
    const seen = await member(editor, 'Evan');
    const hidden = await member(orgAdmin, 'Faye', 'PRIVATE');
    const interview = await editor.call<{ $id: string }>('create/ResearchActivity', {
      title: 'Berry grounds interview',
      respondents: [seen],
    });
    const refused = await editor.request('update', {
      $id: interview.$id,
      $version: 1,
      respondents: [seen, hidden],
    });
    expect(refused.b).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect((await server.app.services.items.readRow(interview.$id))!.data.respondents).toEqual([seen]);
  });
});
