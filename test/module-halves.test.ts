import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineActs } from '../src/kernel/act-contract';
import { defineModule, type ModuleManifest } from '../src/kernel/module';
import { buildRegistry } from '../src/kernel/registry';
import { appRegistry, MODULES } from '../src/modules';
import type { ActName, AppActs, AppAsyncActs, AsyncActName } from '../src/modules/contracts';
import type { CoreActs, CoreAsyncActs } from '../src/modules/core/contract';
import type { WorkflowActs } from '../src/modules/workflow/contract';
import type { archiveModule } from '../src/modules/archive/module';
import type { belongingsModule } from '../src/modules/belongings/module';
import type { researchModule } from '../src/modules/research/module';
import type { geokeeperModule } from '../src/modules/geokeeper/module';
import type { consultModule } from '../src/modules/consult/module';
import type { spatialModule } from '../src/modules/spatial/module';
import type { spatialAsyncActs } from '../src/modules/spatial/contract';
import type { gedcomAsyncActs } from '../src/modules/research/gedcom-contract';
import { actsOf, asyncActionsOf, buildActs } from '../src/server/acts';
import { loadServerModules, serverHalf } from '../src/server/server-modules';
import type { ClientModule } from '../src/client/module-api';
import { SHELL_VIEWS } from '../src/client/views/registry';
import type { ServerModule } from '../src/server/services';

// The one list (src/modules/index.ts) and each module's halves must agree: a folder is a listed
// module, a manifest's `server` flag matches its server/index.ts, each half says its own id, and
// the server's acts are the manifest's contracts. A disagreement fails here, not at a user's call.

const MODULES_DIR = new URL('../src/modules/', import.meta.url);
const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
/** The list as plain manifests, to look acts up by name. */
const manifests: readonly ModuleManifest[] = MODULES;
const has = (id: string, file: string) => existsSync(new URL(`${id}/${file}`, MODULES_DIR));

describe('the one list and the module folders', () => {
  it('lists every module folder once, and each listed id is a folder with its manifest', () => {
    const ids = MODULES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...folders].sort());
    for (const id of ids) expect(has(id, 'module.ts'), `${id}/module.ts`).toBe(true);
  });

  it.each(MODULES.map((m) => [m.id, m] as const))(
    '%s: has server/index.ts exactly when its manifest says server',
    (id, m) => {
      expect(has(id, 'server/index.ts'), `${id}/server/index.ts`).toBe(!!m.server);
      if (Object.keys(m.acts ?? {}).length || Object.keys(m.asyncActs ?? {}).length)
        expect(m.server, `${id} names acts`).toBe(true);
    },
  );

  it.each(MODULES.map((m) => [m.id, m] as const))(
    '%s: has client/index.ts exactly when its manifest says client',
    (id, m) => {
      expect(has(id, 'client/index.ts'), `${id}/client/index.ts`).toBe(!!m.client);
    },
  );

  it('each client half (client/index.ts) exports `client` with its module id', async () => {
    for (const id of folders.filter((f) => has(f, 'client/index.ts'))) {
      const entry = (await import(`../src/modules/${id}/client/index.ts`)) as { client?: { id?: unknown } };
      expect(entry.client?.id, `${id}/client/index.ts`).toBe(id);
    }
  });

  it.each(MODULES.map((m) => [m.id, m] as const))(
    '%s: has a client half exactly when its manifest says client, with a component for each screen view',
    async (id, m: ModuleManifest) => {
      const screens = (m.views ?? []).filter((v) => v.screen).map((v) => v.name);
      if (!m.client) {
        expect(existsSync(new URL(`${id}/client`, MODULES_DIR)), `${id}/client/`).toBe(false);
        expect(screens, `${id}: screen views need a client half`).toEqual([]);
        return;
      }
      expect(has(id, 'client/index.ts'), `${id}/client/index.ts`).toBe(true);
      const { client } = (await import(`../src/modules/${id}/client/index.ts`)) as { client: ClientModule };
      expect(client.id).toBe(id);
      expect(Object.keys(client.screens ?? {}).sort()).toEqual([...screens].sort());
    },
  );

  it('draws every type’s icon: a start-up icon, or one its module’s half brings (typeIcons)', async () => {
    const { STATIC_TYPE_ICONS } = await import('../src/client/search/TypeIcon');
    for (const m of MODULES) {
      const half = m.client
        ? ((await import(`../src/modules/${m.id}/client/index.ts`)) as { client: ClientModule }).client
        : undefined;
      for (const t of m.types) {
        if (!t.defaultIcon) continue;
        const drawn = STATIC_TYPE_ICONS.includes(t.defaultIcon) || t.defaultIcon in (half?.typeIcons ?? {});
        expect(drawn, `${m.id}: ${t.name}'s icon ${t.defaultIcon}`).toBe(true);
      }
    }
  });

  it('no module view is named like one of the shell’s own views', () => {
    const shell = new Set(SHELL_VIEWS.map((v) => v.name));
    const views = [...appRegistry().views.values()];
    expect(views.length).toBeGreaterThan(0);
    expect(views.filter((v) => shell.has(v.name)).map((v) => `${v.module}: ${v.name}`)).toEqual([]);
  });
});

describe('the client’s act types, derived from the list', () => {
  it('are the listed modules’ contracts, name by name (checked by npm run typecheck)', () => {
    // The merge is the modules' own records; a widening to Record<string, …> (a module's
    // contracts lost to the manifest's default type) would make any name an act.
    type Listed = CoreActs &
      WorkflowActs &
      (typeof consultModule)['acts'] &
      (typeof spatialModule)['acts'] &
      (typeof archiveModule)['acts'] &
      (typeof belongingsModule)['acts'] &
      (typeof researchModule)['acts'] &
      (typeof geokeeperModule)['acts'];
    expectTypeOf<keyof AppActs>().toEqualTypeOf<keyof Listed>();
    type ListedAsync = CoreAsyncActs &
      typeof spatialAsyncActs &
      typeof gedcomAsyncActs &
      (typeof geokeeperModule)['asyncActs'];
    expectTypeOf<keyof AppAsyncActs>().toEqualTypeOf<keyof ListedAsync>();
    expectTypeOf<ActName>().toEqualTypeOf<keyof Listed & string>();
    expectTypeOf<AsyncActName>().toEqualTypeOf<keyof ListedAsync & string>();
    expect(MODULES.length).toBeGreaterThan(0);
  });
});

describe('the server halves', () => {
  it('load in the list order, one per module with `server`, each with its own id', async () => {
    const halves = await loadServerModules();
    expect(halves.map((h) => h.id)).toEqual(MODULES.filter((m) => m.server).map((m) => m.id));
  });

  it('register exactly the manifests’ contracts, acts and async actions', async () => {
    const halves = await loadServerModules();
    const registry = appRegistry();
    const acts = buildActs(registry, halves);
    for (const h of halves) {
      const m = manifests.find((x) => x.id === h.id);
      expect(Object.keys(h.acts).sort()).toEqual(Object.keys(m?.acts ?? {}).sort());
      expect(Object.keys(h.asyncActions ?? {}).sort()).toEqual(Object.keys(m?.asyncActs ?? {}).sort());
      for (const [name, act] of Object.entries(h.acts)) {
        expect(act.contract).toBe(m?.acts?.[name]);
        expect(acts.get(name)).toBe(act);
      }
      for (const [name, action] of Object.entries(h.asyncActions ?? {}))
        expect(action.contract).toBe(m?.asyncActs?.[name]);
    }
  });
});

describe('disagreements are refused', () => {
  const contracts = defineActs({ ping: { body: z.object({}), reply: z.object({ ok: z.boolean() }) } });
  const other = defineActs({
    ping: { body: z.object({ x: z.string() }), reply: z.object({ ok: z.boolean() }) },
  });
  const later = defineActs({ slow: { body: z.object({}), reply: z.object({}) } }, { async: true });
  const manifest = defineModule({
    id: 'ping',
    types: appRegistry().modules[0]?.types ?? [],
    acts: contracts,
  });
  const registry = buildRegistry([manifest]);
  const half = (extra: Partial<ServerModule> = {}): ServerModule => ({
    id: 'ping',
    acts: actsOf(contracts, { ping: async () => ({ ok: true }) }),
    ...extra,
  });

  it('a manifest with acts and no server half', async () => {
    await expect(loadServerModules([manifest])).rejects.toThrow(
      'module ping names acts but has no server half (server: true in its manifest)',
    );
  });

  it('a module id that is not a folder name', async () => {
    const odd = defineModule({ id: '../ping', types: [], server: true });
    await expect(loadServerModules([odd])).rejects.toThrow('module id "../ping" is not a folder name');
  });

  it('an entry that exports another module’s half, or none', () => {
    expect(() => serverHalf('ping', { server: half({ id: 'pong' }) })).toThrow(
      'module ping: server/index.ts exports the server half of pong',
    );
    expect(() => serverHalf('ping', { coreServer: half() })).toThrow(
      'module ping: server/index.ts does not export its server half as `server`',
    );
    expect(serverHalf('ping', { server: half() }).id).toBe('ping');
  });

  it('a server half of no listed module', () => {
    expect(() => buildActs(registry, [half(), half({ id: 'pong' })])).toThrow(
      'server half pong belongs to no registered module',
    );
  });

  it('an act registered with another contract than the manifest’s', () => {
    const drifted = half({ acts: actsOf(other, { ping: async () => ({ ok: true }) }) });
    expect(() => buildActs(registry, [drifted])).toThrow(
      "act ping of module ping is registered with another contract than its manifest's",
    );
  });

  it('an act the manifest names without a handler, and an async action outside the manifest', () => {
    expect(() => buildActs(registry, [half({ acts: {} })])).toThrow('acts without a handler: ping');
    const slow = asyncActionsOf(later, { slow: { run: async () => ({}) } });
    expect(() => buildActs(registry, [half({ asyncActions: slow })])).toThrow(
      'async action slow of module ping is not in its manifest',
    );
  });

  it('an async action the manifest names without an implementation', () => {
    const withAsync = defineModule({ ...manifest, asyncActs: later });
    expect(() => buildActs(buildRegistry([withAsync]), [half()])).toThrow(
      'async actions without an implementation: slow',
    );
  });
});
