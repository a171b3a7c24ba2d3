import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry, RegistryError } from '../../../kernel/registry';
import { defineItemType } from '../../../kernel/item-type';
import { defineModule } from '../../../kernel/module';
import { appRegistry, MODULES } from '../../index';
import { searchDataKeys } from '../../../server/db/search-data-keys';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { ALL_LABELS, BC_LABELS, itemLabelKeys, NOTICES, TK_LABELS } from '../labels';

// Local Contexts labels on any item (issue 17): the constants, the registry's item-wide
// properties, who may set them, and their search filter and facet, counted through the read rule.

describe('the labels', () => {
  it('are the 20 TK labels, the 10 BC labels and the 4 Notices, with unique keys and badge texts', () => {
    expect(TK_LABELS).toHaveLength(20);
    expect(BC_LABELS).toHaveLength(10);
    expect(NOTICES).toHaveLength(4);
    const keys = ALL_LABELS.map((l) => l.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const l of ALL_LABELS) expect(l.key).toMatch(/^(TK|BC|NOTICE)_[A-Z_]+$/);
    const codes = ALL_LABELS.map((l) => `${l.group} ${l.code}`);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('reads an item’s labels in badge order, dropping what is not a label', () => {
    expect(itemLabelKeys(['BC_PROVENANCE', 'nope', 7, 'TK_SEASONAL']).map((l) => l.key)).toEqual([
      'TK_SEASONAL',
      'BC_PROVENANCE',
    ]);
    expect(itemLabelKeys('TK_SEASONAL')).toEqual([]);
  });
});

describe('item-wide properties (manifest itemProperties)', () => {
  it('gives every registered type $tkLabels (a facet) and $lcProject, bookkeeping types aside', () => {
    const r = appRegistry();
    // Time entries, expenses and rates hold no knowledge to label (ItemTypeDef itemProperties: false).
    const bookkeeping = ['ConsultTimeEntry', 'ConsultExpense', 'ConsultRate'];
    for (const name of bookkeeping) {
      expect(r.type(name)!.allProperties.$tkLabels, name).toBeUndefined();
      expect(r.type(name)!.facets, name).not.toContain('$tkLabels');
    }
    for (const t of r.types.values()) {
      if (bookkeeping.includes(t.name)) continue;
      expect(t.properties.$tkLabels?.kind, t.name).toBe('enum');
      expect(t.allProperties.$lcProject?.kind, t.name).toBe('string');
      expect(t.facets, t.name).toContain('$tkLabels');
    }
    // Kept in the narrow search table, so a text search counting the labels reads it alone.
    expect(searchDataKeys(r)).toContain('$tkLabels');
    expect(searchDataKeys(r)).not.toContain('$lcProject');
  });

  it('refuses a type that declares one itself, and a name that does not start with $', () => {
    const clash = defineModule({
      id: 'clash',
      requires: ['core'],
      types: [
        defineItemType({
          name: 'Clash',
          properties: { $tkLabels: { kind: 'string' } },
          access: { create: ['staff'], defaultLevel: 'COMMUNITY' },
        }),
      ],
    });
    expect(() => buildRegistry([...MODULES, clash])).toThrow(/declares the item property \$tkLabels/);
    const bad = defineModule({ id: 'bad', types: [], itemProperties: { labels: { kind: 'string' } } });
    expect(() => buildRegistry([...MODULES, bad])).toThrow(RegistryError);
  });
});

describe('labels on items, through the item service and search', () => {
  let tdb: TestDatabase;
  let server: TestServer;
  let editor: WsClient;
  let member: WsClient;
  let outsider: WsClient;
  let community: string;
  const items = () => server.app.services.items;

  beforeAll(async () => {
    tdb = await openTestDatabase();
    server = await startTestServer(tdb.database);
    community = await makeOrg(items(), 'Riverbend First Nation');
    const other = await makeOrg(items(), 'Valley College');
    const e = await makeUser(items(), [[community, 'editor']]);
    const m = await makeUser(items(), [[community, 'member']]);
    const o = await makeUser(items(), [[other, 'orgAdmin']]);
    editor = (await connectAs(server, e.email, PASSWORD)).client;
    member = (await connectAs(server, m.email, PASSWORD)).client;
    outsider = (await connectAs(server, o.email, PASSWORD)).client;
  }, 60_000);

  afterAll(async () => {
    for (const c of [editor, member, outsider]) await c?.close();
    await server?.close();
    await tdb?.close();
  });

  const thread = (subject: string, access: 'PUBLIC' | 'COMMUNITY' | 'PRIVATE', labels?: string[]) =>
    items().create(
      SYSTEM,
      'Thread',
      { subject, ...(labels ? { $tkLabels: labels } : {}) },
      { owner: community, access },
    );

  it('lets whoever may update the item set them, and nobody else', async () => {
    const t = await thread('Heron songs', 'COMMUNITY');
    const set = await editor.call<Record<string, unknown>>('update', {
      $id: t.$id,
      $version: t.$version,
      $tkLabels: ['TK_SEASONAL', 'TK_ATTRIBUTION'],
      $lcProject: 'project-123',
    });
    expect(set.$tkLabels).toEqual(['TK_SEASONAL', 'TK_ATTRIBUTION']);
    expect(set.$lcProject).toBe('project-123');
    // A member reads the item but may not update it; the labels stay as they were.
    const denied = await member.request('update', {
      $id: t.$id,
      $version: set.$version,
      $tkLabels: ['TK_SECRET_SACRED'],
    });
    expect((denied.b as { erred?: boolean }).erred).toBe(true);
    const bad = await editor.request('update', {
      $id: t.$id,
      $version: set.$version,
      $tkLabels: ['TK_MADE_UP'],
    });
    expect((bad.b as { erred?: boolean }).erred).toBe(true);
    expect((await items().read(SYSTEM, t.$id)).$tkLabels).toEqual(['TK_SEASONAL', 'TK_ATTRIBUTION']);
  });

  it('filters and counts them as a facet of the general search, hidden items left out', async () => {
    const tag = `lc${Math.random().toString(36).slice(2, 8)}`;
    const pub = await thread(`${tag} public`, 'PUBLIC', ['TK_COMMUNITY_USE_ONLY']);
    const com = await thread(`${tag} community`, 'COMMUNITY', ['TK_COMMUNITY_USE_ONLY', 'BC_RESEARCH']);
    await thread(`${tag} private`, 'PRIVATE', ['TK_COMMUNITY_USE_ONLY', 'TK_SECRET_SACRED']);
    const facetsOf = async (c: WsClient, must: Record<string, unknown> = {}) => {
      const b = await c.call<{ ids: string[]; facets: Record<string, { value: string; count: number }[]> }>(
        'search/ids',
        { must: { $text: [tag], ...must }, facets: ['$tkLabels'], max: 50 },
      );
      return {
        ids: b.ids,
        counts: Object.fromEntries((b.facets.$tkLabels ?? []).map((x) => [x.value, x.count])),
      };
    };
    // A member sees the public and community items, never the private one or its label.
    const m = await facetsOf(member);
    expect(m.ids.sort()).toEqual([pub.$id, com.$id].sort());
    expect(m.counts).toEqual({ TK_COMMUNITY_USE_ONLY: 2, BC_RESEARCH: 1 });
    // An outsider sees only the public one.
    const o = await facetsOf(outsider);
    expect(o.ids).toEqual([pub.$id]);
    expect(o.counts).toEqual({ TK_COMMUNITY_USE_ONLY: 1 });
    // Clicking a value narrows the results.
    const narrowed = await facetsOf(member, { $tkLabels: ['BC_RESEARCH'] });
    expect(narrowed.ids).toEqual([com.$id]);
    // The facet of one type's list counts the same way.
    const typed = await member.call<{ facets: Record<string, { value: string; count: number }[]> }>(
      'search/ids',
      { must: { _t: ['Thread'], $text: [tag] }, facets: ['$tkLabels'], max: 50 },
    );
    expect(typed.facets.$tkLabels?.find((x) => x.value === 'TK_SECRET_SACRED')).toBeUndefined();
  });
});
