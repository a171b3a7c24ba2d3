import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../server/db/query';
import type { ItemService } from '../../../server/items/item-service';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { DEMO_PROJECT_ID } from '../server/demo';
import { demoIn } from '../../../../test/helpers/demo';

// The demo (issue 17 "Demo"): Riverbend's labelled items and its wording of TK Seasonal.

let tdb: TestDatabase;
let items: ItemService;
let server: TestServer;

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  // The whole demo, with every module's write hooks (GeoKeeper's program grants let its monitor
  // link his records): a real server's item service.
  server = await startTestServer(tdb.database);
  items = server.app.services.items;
  await demoIn(tdb, items);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

describe('the Local Contexts demo', () => {
  it('labels two of Riverbend’s words and the river-crossing consultation', async () => {
    const rows = await query<{ type: string; label: string | null; labels: string[]; project: string }>(
      items.db,
      sql`select type, data->>'label' as label, data->'$tkLabels' as labels, data->>'$lcProject' as project
        from items where data ? '$tkLabels' order by num`,
    );
    const byLabel = Object.fromEntries(rows.filter((r) => r.label).map((r) => [r.label, r.labels]));
    expect(byLabel['kwáli']).toEqual(['TK_ATTRIBUTION', 'TK_SEASONAL']);
    expect(byLabel['tłéxw']).toEqual(['TK_ATTRIBUTION', 'TK_COMMUNITY_USE_ONLY']);
    expect(rows.find((r) => r.type === 'Consultation')?.labels).toContain('BC_PROVENANCE');
    expect(rows.every((r) => r.project === DEMO_PROJECT_ID)).toBe(true);
  });

  it('keeps Riverbend’s own wording of TK Seasonal, PUBLIC', async () => {
    const [w] = await query<{ access: string; key: string; name: string; owner_name: string }>(
      items.db,
      sql`select l.access, l.data->>'labelKey' as key, l.data->>'customName' as name,
          o.data->>'displayName' as owner_name
        from items l join items o on o.id = l.owner where l.type = 'LocalContextsLabel'`,
    );
    expect(w).toEqual({
      access: 'PUBLIC',
      key: 'TK_SEASONAL',
      name: 'Heron season (TK Seasonal)',
      owner_name: 'Riverbend First Nation',
    });
  });
});
