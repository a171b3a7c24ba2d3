import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleManifest } from '../../src/kernel/module';
import { sql } from 'drizzle-orm';
import { SYSTEM } from '../../src/server/access/principal';
import { query } from '../../src/server/db/query';
import { loadRow as loadRowAsSystem } from '../../src/server/items/rows';
import { openTestDatabase, type TestDatabase } from './test-db';
import { startTestServer, type TestServer } from './test-server';
import { PASSWORD } from './fixtures';
import { connectAs, WsClient, type Frame } from './ws-client';

// The modules' rows of the access matrix (test/access-matrix.test.ts runs them): each module with
// types of its own writes `src/modules/<id>/test/access-cases.ts`, exporting `accessCase`: its
// principals, its items with the readers the design gives them (written from the module's docs,
// not from the policy, so a drift fails), how to make them, and the module's own paths an item
// can surface on (a map stream, an export file). Every case is asked the same generic paths:
// read, label, the timeline, search/ids (ids, total, facet counts, labels), readMany, pushes to type watchers,
// and at the end a "no trace" check: the secret words written into a hidden item reach none of
// the principals who may not read it, in any reply or push.

export interface AccessSpec<P extends string> {
  key: string;
  type: string;
  readers: readonly P[];
}

export interface AccessFixture<P extends string> {
  clients: Map<P, WsClient>;
  /** Item key → id. */
  ids: Record<string, string>;
  /**
   * Item key → a word written into that item, which only its readers may ever receive; `key@what`
   * names another secret of the same item (a place's coordinates).
   */
  secrets: Record<string, string>;
}

export interface AccessPathContext<P extends string> {
  principal: P;
  client: WsClient;
  ids: Readonly<Record<string, string>>;
  server: TestServer;
}

/**
 * A module's own path (streamFeatures, an export): what it showed the principal. `types`: the
 * item types it can show at all; for each spec of those types, the path must show the item to
 * exactly its readers.
 */
export interface AccessPath<P extends string> {
  name: string;
  types: readonly string[];
  /**
   * The principals the path serves at all (a screen behind a gate: the audit is community staff's);
   * the others must be shown none of the items. Left out: every principal.
   */
  for?: readonly P[];
  run(ctx: AccessPathContext<P>): Promise<{ ids: readonly string[]; text: string }>;
}

export interface AccessCase<P extends string = string> {
  name: string;
  principals: readonly P[];
  specs: readonly AccessSpec<P>[];
  setup(server: TestServer): Promise<AccessFixture<P>>;
  paths?: readonly AccessPath<P>[];
  /** A reader and an item key whose secret that reader must have received: the no-trace check can fail. */
  witness: { principal: P; key: string };
  /** Principals for whom a search may be refused outright (signed out) rather than answered empty. */
  mayRefuseSearch?: readonly P[];
  /**
   * The module list to start the server with, when the case needs a module of the tests' own (the
   * workflow engine's rows run on a test type, since its real one belongs to another module).
   */
  modules?: readonly ModuleManifest[];
}

/** The cases' sockets: the signed-out visitor's (`signedOut`), and each user's, signed in. */
export async function principalClients<P extends string>(
  server: TestServer,
  users: Readonly<Record<Exclude<P, 'signedOut'>, { email: string }>>,
): Promise<Map<P, WsClient>> {
  const clients = new Map<P, WsClient>();
  clients.set('signedOut' as P, await WsClient.connect(server.wsUrl));
  for (const [k, u] of Object.entries(users) as [P, { email: string }][])
    clients.set(k, (await connectAs(server, u.email, PASSWORD)).client);
  return clients;
}

/** Every module's access case, found by folder: nothing here names a module. */
export async function moduleAccessCases(root: string): Promise<AccessCase[]> {
  const dir = path.join(root, 'src/modules');
  const out: AccessCase[] = [];
  for (const id of readdirSync(dir).sort()) {
    const file = path.join(dir, id, 'test/access-cases.ts');
    if (!existsSync(file)) continue;
    const m = (await import(pathToFileURL(file).href)) as { accessCase?: AccessCase };
    if (!m.accessCase) throw new Error(`${file} exports no accessCase`);
    out.push(m.accessCase);
  }
  return out;
}

export function describeAccessCase<P extends string>(c: AccessCase<P>): void {
  describe(`module ${c.name}`, () => {
    let tdb: TestDatabase;
    let server: TestServer;
    let fx: AccessFixture<P>;
    /** Every reply each principal received, as JSON text, for the no-trace check at the end. */
    const received = new Map<P, string[]>();
    const note = (p: P, text: string) => received.set(p, [...(received.get(p) ?? []), text]);
    const ask = async (p: P, o: string, b?: unknown) => {
      const body = (await fx.clients.get(p)!.request(o, b)).b as Record<string, unknown>;
      note(p, JSON.stringify(body));
      return body;
    };
    const id = (key: string) => {
      const v = fx.ids[key];
      if (!v) throw new Error(`${c.name}: no item ${key}`);
      return v;
    };

    // What a refused reader is told (docs/access-model.md "What an outsider is told"): a member
    // of the item's organisation hears notAllowed; anyone else gets the very answer a never-used
    // id gives, so the refusal tells nothing of the item's existence.
    const expectRefusalTold = async (p: P, spec: AccessSpec<P>, read: Record<string, unknown>) => {
      const full = id(spec.key);
      const unused = `${full.slice(0, full.lastIndexOf('-'))}-999999`;
      const missing = await ask(p, `read/${unused}`);
      const userId = fx.clients.get(p)!.userId;
      // As the system: the test's own look at who holds the item.
      const row = await loadRowAsSystem(tdb.database.db, full);
      const member =
        !!userId &&
        !!row?.owner &&
        (
          await query(
            tdb.database.db,
            sql`select 1 from memberships where user_id = ${userId} and org_id = ${row.owner}`,
          )
        ).length > 0;
      if (member) expect(read.userMessage, `${spec.key} as ${p}, a member`).toBe('notAllowed');
      else
        expect(JSON.stringify(read).replaceAll(full, '?'), `${spec.key} as ${p}, an outsider`).toBe(
          JSON.stringify(missing).replaceAll(unused, '?'),
        );
    };

    beforeAll(async () => {
      tdb = await openTestDatabase();
      server = await startTestServer(tdb.database, {}, c.modules);
      fx = await c.setup(server);
    }, 120_000);

    afterAll(async () => {
      for (const cl of fx?.clients.values() ?? []) await cl.close();
      await server?.close();
      await tdb?.close();
    });

    describe.each(c.specs)('$key ($type)', (spec) => {
      it.each(c.principals)('%s: read and label follow the design', async (p) => {
        const may = spec.readers.includes(p);
        const read = await ask(p, `read/${id(spec.key)}`);
        expect(read.erred === true, `read ${spec.key} as ${p}`).toBe(!may);
        if (!may) await expectRefusalTold(p, spec, read);
        const label = await ask(p, `label/${id(spec.key)}`);
        expect(label.erred === true, `label ${spec.key} as ${p}`).toBe(!may);
      });

      it.each(c.principals)('%s: the history follows the read (act/timeline)', async (p) => {
        // The timeline is a derived path (issue 36): its events reach only the item's readers,
        // and the no-trace check below reads what it showed everyone else.
        const may = spec.readers.includes(p);
        const full = id(spec.key);
        const cut = full.lastIndexOf('-');
        const b = await ask(p, 'act/timeline', { _t: full.slice(0, cut), _i: Number(full.slice(cut + 1)) });
        expect(b.erred === true, `timeline ${spec.key} as ${p}`).toBe(!may);
        if (may) expect((b.events as unknown[]).length).toBeGreaterThan(0);
      });

      it.each(c.principals)(
        '%s: search ids, total, facets and labels hold only readable items',
        async (p) => {
          const may = spec.readers.includes(p);
          const b = await ask(p, 'search/ids', {
            must: { _t: [spec.type], $id: [id(spec.key)] },
            facets: ['_t'],
            labels: true,
          });
          if (c.mayRefuseSearch?.includes(p) && b.erred) return;
          expect(b.erred, JSON.stringify(b)).toBeUndefined();
          expect(b.ids, `${spec.key} as ${p}`).toEqual(may ? [id(spec.key)] : []);
          expect(b.total).toBe(may ? 1 : 0);
          const counts = (b.facets as Record<string, { value: string; count: number }[]>)._t ?? [];
          expect(counts.reduce((n, x) => n + x.count, 0)).toBe(may ? 1 : 0);
          expect(Object.keys((b.labels as Record<string, string>) ?? {})).toEqual(may ? [id(spec.key)] : []);
        },
      );
    });

    it.each(c.principals)('readMany as %s: each item, or an error for the hidden ones', async (p) => {
      const b = await ask(
        p,
        'readMany/object',
        c.specs.map((s) => id(s.key)),
      );
      for (const spec of c.specs) {
        const got = b[id(spec.key)] as { erred?: boolean; $id?: string } | undefined;
        const may = spec.readers.includes(p);
        expect(got?.erred === true, `readMany ${spec.key} as ${p}`).toBe(!may);
        if (may) expect(got?.$id).toBe(id(spec.key));
      }
    });

    for (const path of c.paths ?? [])
      it.each(c.principals)(`${path.name} as %s shows exactly the readable items`, async (p) => {
        const r = await path.run({ principal: p, client: fx.clients.get(p)!, ids: fx.ids, server });
        note(p, r.text);
        const shown = new Set(r.ids);
        for (const spec of c.specs.filter((s) => path.types.includes(s.type)))
          expect(shown.has(id(spec.key)), `${path.name}: ${spec.key} as ${p}`).toBe(
            spec.readers.includes(p) && (path.for?.includes(p) ?? true),
          );
      });

    it('pushes: a change reaches exactly the readers watching the type', async () => {
      const types = [...new Set(c.specs.map((s) => s.type))];
      for (const cl of fx.clients.values())
        for (const t of [...types, 'Organization']) await cl.request(`addWatch/${t}-0`, {});
      const { items } = server.app.services;
      // Touch every item (a system bump each watcher judges again), then a public sentinel last.
      for (const s of c.specs)
        await items.transaction((tx) => items.touchIn(tx, SYSTEM, id(s.key), { event: 'matrix-touch' }));
      const sentinel = await items.create(SYSTEM, 'Organization', { displayName: 'Sentinel', type: 'OTHER' });
      const got = new Map<P, Frame[]>();
      for (const p of c.principals) {
        const cl = fx.clients.get(p)!;
        await cl.waitForPush(
          (f) => f.o === 'itemUpdated' && (f.b as { $id?: string }).$id === sentinel.$id,
          10_000,
        );
        got.set(p, [...cl.pushes]);
      }
      for (const s of c.specs)
        for (const p of c.principals) {
          const seen = got
            .get(p)!
            .some((f) => f.o === 'itemUpdated' && (f.b as { $id?: string }).$id === id(s.key));
          expect(seen, `push of ${s.key} to ${p}`).toBe(s.readers.includes(p));
        }
    });

    it("no trace: a hidden item's words never reach a principal who may not read it", () => {
      for (const p of c.principals) {
        const text = [
          ...(received.get(p) ?? []),
          ...fx.clients.get(p)!.pushes.map((f) => JSON.stringify(f)),
        ].join('\n');
        for (const [key, word] of Object.entries(fx.secrets)) {
          // `key@what`: a second secret of the same item (a place's coordinates).
          const spec = c.specs.find((s) => s.key === key.split('@')[0]);
          if (!spec) throw new Error(`${c.name}: a secret for ${key}, which is no spec`);
          if (!spec.readers.includes(p)) expect(text.includes(word), `${key} reached ${p}`).toBe(false);
        }
      }
      // The check can fail: the witness, a reader, did receive the words.
      const { principal, key } = c.witness;
      expect((received.get(principal) ?? []).join('\n')).toContain(fx.secrets[key]!);
    });
  });
}
