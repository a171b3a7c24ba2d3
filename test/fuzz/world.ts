import { sql } from 'drizzle-orm';
import type { Role } from '../../src/protocol/access-levels';
import { SYSTEM } from '../../src/server/access/principal';
import type { App } from '../../src/server/app';
import { createAccount } from '../../src/server/auth/accounts';
import { issueToken } from '../../src/server/auth/tokens';
import type { FuzzContext } from './frames';
import type { FuzzRole } from './runner';

// The world the fuzz runs in: two organisations, users of each role, a few items of the core
// types, and the server's own lists of types, properties and acts (so a new act is fuzzed at once).

export interface FuzzWorld {
  ctx: FuzzContext;
  roles: FuzzRole[];
  issueToken(userId: string): Promise<string>;
  serverError(op: string): string | undefined;
}

export async function makeFuzzWorld(app: App): Promise<FuzzWorld> {
  const { items, registry, config } = app.services;
  const tag = Math.random().toString(36).slice(2, 8);
  const org = (
    await items.create(SYSTEM, 'Organization', { displayName: `Fuzz Nation ${tag}`, type: 'COMMUNITY' })
  ).$id;
  const other = (
    await items.create(SYSTEM, 'Organization', { displayName: `Fuzz Mining ${tag}`, type: 'INDUSTRY' })
  ).$id;
  const user = (name: string, memberships: [string, Role][], admin = false) =>
    createAccount(items, {
      email: `fuzz.${name}.${tag}@example.test`,
      password: `fuzz-password-${tag}`,
      name: `Fuzz ${name}`,
      admin,
      memberships: memberships.map(([o, role]) => ({ org: o, roles: [role] })),
    });
  const roles: FuzzRole[] = [
    { name: 'signedOut', userId: null },
    { name: 'member', userId: await user('member', [[org, 'member']]) },
    { name: 'editor', userId: await user('editor', [[org, 'editor']]) },
    {
      name: 'orgAdmin',
      userId: await user('orgAdmin', [
        [org, 'orgAdmin'],
        [other, 'staff'],
      ]),
    },
    { name: 'admin', userId: await user('admin', [], true) },
  ];
  const victim = await user('victim', [[org, 'member']]);
  const owned = { owner: org };
  const contact = await items.create(SYSTEM, 'Contact', {
    ...owned,
    firstName: 'Ana',
    lastName: 'Fuzz',
    email: `ana.${tag}@example.test`,
  });
  const thread = await items.create(SYSTEM, 'Thread', { ...owned, subject: 'Fuzz thread' });
  const message = await items.create(SYSTEM, 'Message', { ...owned, thread: thread.$id, body: 'hello' });
  const agreement = await items.create(SYSTEM, 'Agreement', { ...owned, title: 'Fuzz agreement' });
  const alert = await items.create(SYSTEM, 'SystemAlert', { title: 'Fuzz', message: 'alert' });

  const ctx: FuzzContext = {
    types: [...registry.types.keys()],
    props: Object.fromEntries([...registry.types.values()].map((t) => [t.name, Object.keys(t.properties)])),
    acts: [...registry.acts.keys()],
    asyncActs: [...registry.asyncActs.keys()],
    ids: [org, other, victim, contact.$id, thread.$id, message.$id, agreement.$id, alert.$id],
    org,
    victim,
  };

  // The server logs an unhandled error with its op before answering generalFailure; keeping the
  // last one per op lets the report say what actually broke.
  const lastError = new Map<string, string>();
  const log = app.fastify.log as unknown as { error: (obj: unknown, msg?: string) => void };
  const original = log.error.bind(log);
  log.error = (obj: unknown, msg?: string) => {
    const { err, op } = (obj ?? {}) as { err?: unknown; op?: unknown };
    if (err instanceof Error) {
      const at =
        err.stack
          ?.split('\n')
          .find((l) => l.includes('/src/'))
          ?.trim() ?? '';
      lastError.set(typeof op === 'string' ? op : '', `${err.name}: ${err.message.slice(0, 200)} ${at}`);
    }
    original(obj, msg);
  };

  return {
    ctx,
    roles,
    async issueToken(userId) {
      // A fuzzed blockUser may have blocked one of the fuzzing users; let them back in.
      await items.db.execute(sql`update credentials set blocked = false where user_id = ${userId}`);
      return (await issueToken(items.db, userId, 'session', config.tokenTtlMs)).token;
    },
    serverError: (op) => lastError.get(op) ?? lastError.get(''),
  };
}
