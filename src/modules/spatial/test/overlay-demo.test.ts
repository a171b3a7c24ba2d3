import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../server/db/query';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { demoIn } from '../../../../test/helpers/demo';

// The demo footprint: the crossing consultation has its right-of-way, within the strip of
// Riverbend's demo layers, and the lands officer can run the overlay on its response.

let tdb: TestDatabase;
let server: TestServer;
let officer: WsClient;

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, server.app.services.items);
  await server.app.idle();
  officer = (await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD)).client;
}, 120_000);

afterAll(async () => {
  await officer?.close();
  await server?.close();
  await tdb?.close();
});

describe('the demo footprint', () => {
  it('lies across lon −120.9…−120.6 near lat 56.2 on the crossing consultation, and the overlay runs on it', async () => {
    const [f] = await query<{ id: string; c: string; b: string }>(
      tdb.database.db,
      sql`select f.id, f.data->>'consultation' as c, f.bbox::text as b from items f
        join items c on c.id = f.data->>'consultation'
        where f.type = 'ConsultProjectFeature' and c.data->>'projectName' = 'Riverbend crossing replacement'`,
    );
    expect(f).toBeDefined();
    const [e, n, w, s] = f!.b.replace(/[()]/g, '').split(',').map(Number);
    expect(w).toBeCloseTo(-120.9, 3);
    expect(e).toBeCloseTo(-120.6, 3);
    expect(s).toBeGreaterThan(56.17);
    expect(n).toBeLessThan(56.23);
    const [r] = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'ConsultResponse' and data->>'consultation' = ${f!.c}`,
    );
    const started = (await officer.request('act/spOverlayRun/async', { response: r!.id, buffer: 2000 }))
      .b as { key?: string; erred?: boolean };
    expect(started.erred).toBeUndefined();
    const done = await officer.waitForPush(
      (x) => x.o === 'taskComplete' && (x.b as { key?: string }).key === started.key,
      60_000,
    );
    expect((done.b as { errorKey?: string }).errorKey).toBeUndefined();
    expect((done.b as { keyItem?: string }).keyItem).toMatch(/^SpatialImpactReport-/);
  });
});
