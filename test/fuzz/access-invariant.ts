import { SYSTEM } from '../../src/server/access/principal';
import { loadPrincipal } from '../../src/server/auth/principals';
import type { App } from '../../src/server/app';
import { loadRow } from '../../src/server/items/rows';
import { makeOrg, makeUser, PASSWORD } from '../helpers/fixtures';
import { connectAs, WsClient } from '../helpers/ws-client';
import { importCsv } from './invariant-import';
import { makeConsultation, send } from './invariant-send';
import {
  call,
  currentVersion,
  LEVELS,
  parts,
  PEOPLE,
  secretWord,
  type Act,
  type Violation,
  type Who,
  type World,
} from './invariant-world';
import { Rng } from './prng';

// The access invariant (issue 36, Deliver 14): random sequences of grants, shares, moves, level
// and protocol changes, edits, replies, memberships, blocks, masquerades, sends of a response's
// files to the proponent (invariant-send.ts) and CSV imports (invariant-import.ts), played by
// random principals; after each act, every principal (and a masquerade, as its target) asks every
// path it has (read, readMany with $labels, the timeline, text search, file downloads) and nothing
// it is shown may carry a secret it could not read at its source while the secret was there.
//
// The oracle. Every text written is a fresh secret word, kept with its source: the Thread or
// Agreement it was written into, the thread a Message was first written in (a message is
// derived: whoever reads its first thread may read it, and nobody else, whatever happens to the
// message later), the file whose name and bytes hold it, the Import whose file held it. After
// each act the oracle asks the policy who may read each source now and adds them to the readers
// of the secrets current there; a secret replaced by an edit keeps the readers it had while it
// was current. A copy (a sent file, an imported row) is judged at its act against its source and
// what the act may add (Secret.later). The policy's own answer on a plain item is checked by the
// access matrix; what this checks is every path derived from it.

export interface InvariantReport {
  seed: number;
  steps: number;
  /** Per act: how often tried, how often it did something, and its time with the checks after it. */
  acts: Record<string, { tried: number; done: number; ms: number }>;
  checks: number;
  /** Copies of files the sends made (one at the setup), and rows the imports made. */
  copies: number;
  imported: number;
  violations: Violation[];
}

/** Builds the world on a running server: two organisations, eight people, a protocol, items. */
async function makeWorld(app: App, url: string, wsUrl: string, rng: Rng): Promise<World> {
  const items = app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const users: Record<Who, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    editor: await makeUser(items, [[riverbend, 'editor']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    member: await makeUser(items, [[riverbend, 'member']]),
    elder: await makeUser(items, [[riverbend, 'member']]),
    proponent: await makeUser(items, [[pipeline, 'editor']]),
    outsider: await makeUser(items, [[pipeline, 'member']]),
  };
  const elders = (
    await items.create(
      SYSTEM,
      'Protocol',
      { name: 'Elders', members: [users.elder.id, users.editor.id] },
      { owner: riverbend, actor: users.orgAdmin.id },
    )
  ).$id;
  const w: World = {
    app,
    url,
    wsUrl,
    users,
    orgs: { riverbend, pipeline },
    elders,
    tokens: new Map(),
    clients: new Map(),
    blocked: new Set(),
    masq: null,
    masquerader: await makeUser(items, [], { admin: true }),
    items: [],
    threads: [],
    files: [],
    response: null,
    imports: [],
    copies: 0,
    imported: 0,
    secrets: [],
    step: 0,
  };
  for (const who of PEOPLE) {
    const { client, token } = await connectAs({ url, wsUrl }, users[who].email, PASSWORD);
    w.clients.set(who, client);
    w.tokens.set(who, token);
  }
  const makers: Who[] = ['orgAdmin', 'editor', 'staff', 'elder'];
  for (let i = 0; i < 4; i++) {
    const by = makers[i % makers.length]!;
    const word = secretWord(rng);
    const access = rng.pick(LEVELS.slice(1));
    const restricted = by !== 'staff' && rng.chance(0.4);
    const thread = await call(w, by, 'create/Thread', {
      subject: `Thread ${word}`,
      $access: access,
      ...(restricted ? { $protocols: [elders] } : {}),
    });
    if (!thread) continue;
    w.items.push(thread.$id);
    w.threads.push(thread.$id);
    w.secrets.push({ word, source: thread.$id, holder: thread.$id, current: true, readers: new Set() });
  }
  for (let i = 0; i < 3; i++) {
    const by = makers[(i + 1) % makers.length]!;
    const word = secretWord(rng);
    const made = await call(w, by, 'create/Agreement', {
      title: `Agreement ${word}`,
      $access: rng.pick(LEVELS),
    });
    if (!made) continue;
    w.items.push(made.$id);
    w.secrets.push({ word, source: made.$id, holder: made.$id, current: true, readers: new Set() });
  }
  await makeConsultation(w, rng);
  return w;
}

const principalsToGrant = (w: World): string[] => [
  ...PEOPLE.filter((p) => p !== 'admin').map((p) => w.users[p].id),
  w.orgs.pipeline,
  w.orgs.riverbend,
];

const ACTS: Record<string, Act> = {
  async grant(w, rng, who) {
    const id = rng.pick(w.items);
    const actions = rng.chance(0.5) ? ['read'] : ['read', 'update'];
    return !!(await call(w, who, 'act/setGrant', {
      ...parts(id),
      principal: rng.pick(principalsToGrant(w)),
      actions,
    }));
  },
  async share(w, rng, who) {
    // A share with the proponent's organisation: the consultation's way of sharing.
    const id = rng.pick(w.items);
    return !!(await call(w, who, 'act/setGrant', {
      ...parts(id),
      principal: w.orgs.pipeline,
      actions: ['read'],
    }));
  },
  async revoke(w, rng, who) {
    const id = rng.pick(w.items);
    return !!(await call(w, who, 'act/removeGrant', {
      ...parts(id),
      principal: rng.pick(principalsToGrant(w)),
    }));
  },
  async move(w, rng, who) {
    const messages = w.items.filter((id) => id.startsWith('Message-'));
    if (!messages.length || w.threads.length < 2) return false;
    const id = rng.pick(messages);
    const current = await call(w, who, `read/${id}`, undefined);
    if (!current || typeof current.$version !== 'number') return false;
    const other = w.threads.filter((t) => t !== current.thread);
    return !!(await call(w, who, 'update', { $id: id, $version: current.$version, thread: rng.pick(other) }));
  },
  async level(w, rng, who) {
    const id = rng.pick(w.items);
    const v = await currentVersion(w, who, id);
    if (v === null) return false;
    return !!(await call(w, who, 'update', { $id: id, $version: v, $access: rng.pick(LEVELS) }));
  },
  async protocols(w, rng, who) {
    const id = rng.pick(w.items.filter((x) => !x.startsWith('Message-')));
    const v = await currentVersion(w, who, id);
    if (v === null) return false;
    const $protocols = rng.chance(0.5) ? [w.elders] : [];
    return !!(await call(w, who, 'update', { $id: id, $version: v, $protocols }));
  },
  async edit(w, rng, who) {
    const texts = w.items.filter((x) => /^(Thread|Agreement|Message)-/.test(x));
    if (!texts.length) return false;
    const id = rng.pick(texts);
    const v = await currentVersion(w, who, id);
    if (v === null) return false;
    const word = secretWord(rng);
    const field = id.startsWith('Thread-') ? 'subject' : id.startsWith('Agreement-') ? 'title' : 'body';
    const done = await call(w, who, 'update', { $id: id, $version: v, [field]: `Edited ${word}` });
    if (!done) return false;
    for (const s of w.secrets) if (s.holder === id) s.current = false;
    const source = id.startsWith('Message-') ? firstSourceOf(w, id) : id;
    w.secrets.push({ word, source, holder: id, current: true, readers: new Set() });
    return true;
  },
  async reply(w, rng, who) {
    if (w.items.filter((x) => x.startsWith('Message-')).length >= 12) return false;
    const thread = rng.pick(w.threads);
    const word = secretWord(rng);
    const made = await call(w, who, 'create/Message', { thread, body: `Reply ${word}` });
    if (!made) return false;
    w.items.push(made.$id);
    w.secrets.push({ word, source: thread, holder: made.$id, current: true, readers: new Set() });
    return true;
  },
  async membership(w, rng, who) {
    const target = rng.pick(['staff', 'member', 'elder', 'proponent'] as const);
    const roles = rng.pick([[], ['member'], ['staff'], ['editor']]);
    return !!(await call(w, who, 'act/setMembership', {
      userId: w.users[target].id,
      org: w.orgs.riverbend,
      roles,
    }));
  },
  async masquerade(w, rng) {
    if (w.masq) {
      await w.masq.client.request('act/masquerade', { stop: true });
      await w.masq.client.close();
      w.masq = null;
      return true;
    }
    const as = rng.pick(PEOPLE.filter((p) => p !== 'admin' && !w.blocked.has(p)));
    const { client } = await connectAs(w, w.masquerader.email, PASSWORD);
    const f = await client.request('act/masquerade', { targetUserID: w.users[as].id });
    await client.close();
    const token = (f.b as { newToken?: string }).newToken;
    if (!token) return false;
    const c = await WsClient.connect(w.wsUrl);
    if ((await c.request('tokenAuth', { token }, { v: 'test' })).o !== 'authed') {
      await c.close();
      return false;
    }
    w.masq = { client: c, as, token };
    return true;
  },
  async block(w, rng) {
    const target = rng.pick(PEOPLE.filter((p) => p !== 'admin'));
    const blocked = !w.blocked.has(target);
    const done = await call(w, 'admin', 'act/blockUser', { user: w.users[target].id, blocked });
    if (!done) return false;
    if (blocked) {
      w.blocked.add(target);
      await w.clients.get(target)?.close();
      w.clients.delete(target);
    } else {
      w.blocked.delete(target);
      const { client, token } = await connectAs(w, w.users[target].email, PASSWORD);
      w.clients.set(target, client);
      w.tokens.set(target, token);
    }
    return true;
  },
  send,
  import: importCsv,
};

/** How often each act is drawn: blocks are rare, or most people would soon be blocked. */
const WEIGHTS: Record<keyof typeof ACTS, number> = {
  grant: 2,
  share: 2,
  revoke: 1,
  move: 2,
  level: 2,
  protocols: 2,
  edit: 3,
  reply: 2,
  membership: 1,
  block: 0.5,
  masquerade: 1,
  send: 2,
  import: 1.5,
};

function pickWeighted(rng: Rng, weights: Record<string, number>): string {
  const entries = Object.entries(weights);
  let r = rng.next() * entries.reduce((n, [, x]) => n + x, 0);
  for (const [k, x] of entries) if ((r -= x) < 0) return k;
  return entries[entries.length - 1]![0];
}

/** A message's first thread: the source its first secret named. */
function firstSourceOf(w: World, message: string): string {
  return w.secrets.find((s) => s.holder === message)?.source ?? message;
}

/** Adds today's readers of each source to the secrets current there. */
async function updateOracle(w: World): Promise<void> {
  const items = w.app.services.items;
  const load = items.loaderFor(items.db);
  const principals = new Map<Who, Awaited<ReturnType<typeof loadPrincipal>>>();
  for (const who of PEOPLE) principals.set(who, await loadPrincipal(items.db, w.users[who].id, null));
  // Many secrets share a source (a thread and its replies): each source is asked about once.
  const readersOf = new Map<string, Who[]>();
  for (const s of w.secrets) {
    if (!s.current) continue;
    const sources = [s.source, ...(s.later ?? []).filter((l) => l.from <= w.step).map((l) => l.id)];
    for (const id of sources) {
      let readers = readersOf.get(id);
      if (!readers) {
        readers = [];
        const row = await loadRow(items.db, id);
        for (const who of PEOPLE) {
          const p = principals.get(who);
          if (row && p && (await w.app.services.policy.can(p, 'read', row, load))) readers.push(who);
        }
        readersOf.set(id, readers);
      }
      for (const who of readers) s.readers.add(who);
    }
  }
}

/** What each principal is shown through each path, checked against the oracle. */
async function check(w: World, rng: Rng, step: number, act: string, out: Violation[]): Promise<number> {
  let asked = 0;
  const sample = (list: readonly string[], n: number) => {
    const copy = [...list];
    const picked: string[] = [];
    while (copy.length && picked.length < n) picked.push(copy.splice(rng.int(0, copy.length - 1), 1)[0]!);
    return picked;
  };
  const viewers: { who: Who; c: WsClient; token: string }[] = [];
  for (const who of PEOPLE) {
    const c = w.clients.get(who);
    if (who !== 'admin' && c && !w.blocked.has(who)) viewers.push({ who, c, token: w.tokens.get(who)! });
  }
  // A masquerade reads as its target, so the target's readers bound it.
  if (w.masq && w.masq.client.closeCode === null)
    viewers.push({ who: w.masq.as, c: w.masq.client, token: w.masq.token });
  for (const { who, c, token } of viewers) {
    const shown: { path: string; text: string }[] = [];
    const many = await c.request('readMany/object', w.items);
    shown.push({ path: 'readMany', text: JSON.stringify(many.b) });
    for (const id of sample(w.items, 6)) {
      shown.push({ path: `read/${id}`, text: JSON.stringify((await c.request(`read/${id}`)).b) });
      shown.push({
        path: `timeline ${id}`,
        text: JSON.stringify((await c.request('act/timeline', parts(id))).b),
      });
    }
    for (const s of sample(
      w.secrets.map((x) => x.word),
      3,
    )) {
      const r = await c.request('search/ids', { must: { $text: [s] }, labels: true, facets: ['_t'] });
      const b = r.b as { ids?: string[]; total?: number };
      // A hit is itself a leak of the word's presence: the ids and the total say it is there.
      const hit = (b.ids?.length ?? 0) > 0 || (b.total ?? 0) > 0;
      shown.push({ path: `search ${s}`, text: JSON.stringify(r.b) + (hit ? ` hit:${s}` : '') });
    }
    // A file's bytes (its secret is in them): the attachment route answers 404 to a non-reader.
    for (const id of sample(w.files, 1)) {
      const res = await fetch(`${w.url}/attachment/${id}`, { headers: { authorization: `Bearer ${token}` } });
      shown.push({ path: `download ${id}`, text: res.ok ? await res.text() : (await res.arrayBuffer(), '') });
    }
    asked += shown.length;
    const reported = new Set<string>();
    for (const s of w.secrets) {
      // A word in several places (a file and its copy, an Import's file and the row made from it)
      // may be shown to whoever may read it in any of them.
      if (w.secrets.some((x) => x.word === s.word && x.readers.has(who))) continue;
      if (reported.has(s.word)) continue;
      const seen = shown.find((x) => x.text.includes(s.word));
      if (seen) {
        reported.add(s.word);
        out.push({ step, act, who, path: seen.path, secret: s.word, source: s.source });
      }
    }
  }
  return asked;
}

/** Plays `steps` random acts from the seed on a running server; returns what it saw. */
export async function runAccessInvariant(opts: {
  app: App;
  url: string;
  wsUrl: string;
  seed: number;
  steps: number;
}): Promise<InvariantReport> {
  const rng = new Rng(opts.seed);
  const w = await makeWorld(opts.app, opts.url, opts.wsUrl, rng);
  const report: InvariantReport = {
    seed: opts.seed,
    steps: opts.steps,
    acts: {},
    checks: 0,
    copies: 0,
    imported: 0,
    violations: [],
  };
  try {
    await updateOracle(w);
    report.checks += await check(w, rng, 0, 'setup', report.violations);
    for (let step = 1; step <= opts.steps; step++) {
      const name = pickWeighted(rng, WEIGHTS);
      // Half the acts by those who hold rights, so that most of them change something; the
      // other half by anyone, so that refusals are tried too.
      const pool = rng.chance(0.5) ? PEOPLE : (['admin', 'orgAdmin', 'editor', 'elder'] as Who[]);
      const who = rng.pick(pool.filter((p) => !w.blocked.has(p)));
      w.step = step;
      const tally = (report.acts[name] ??= { tried: 0, done: 0, ms: 0 });
      const started = Date.now();
      tally.tried++;
      if (await ACTS[name]!(w, rng, who)) tally.done++;
      await updateOracle(w);
      report.checks += await check(w, rng, step, `${name} by ${who}`, report.violations);
      tally.ms += Date.now() - started;
    }
    report.copies = w.copies;
    report.imported = w.imported;
  } finally {
    for (const c of w.clients.values()) await c.close();
    await w.masq?.client.close();
  }
  return report;
}
