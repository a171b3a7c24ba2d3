import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs } from './helpers/ws-client';

// The session says a person's colour mode only when they chose one: without it the app follows
// the device's (App.tsx, live), so a system that turns dark at dusk turns the app dark with it.

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

describe("the session's colour mode", () => {
  it('is left out until the person chooses, then is their choice', async () => {
    const items = server.app.services.items;
    const user = await makeUser(items);
    const first = await connectAs(server, user.email, PASSWORD);
    expect(first.user).not.toHaveProperty('dark');
    await first.client.close();
    for (const dark of [true, false]) {
      const row = await items.read(SYSTEM, user.id);
      await items.update(SYSTEM, { $id: user.id, $version: row.$version, dark });
      const again = await connectAs(server, user.email, PASSWORD);
      expect(again.user.dark).toBe(dark);
      await again.client.close();
    }
  });
});
