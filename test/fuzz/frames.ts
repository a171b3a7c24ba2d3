import { arr, fromValue, obj, raw, str, toText, type J } from './json-text';
import { Rng } from './prng';
import {
  deepValue,
  hostileId,
  hostileKey,
  hostileNumber,
  hostileString,
  hostileValue,
  PROTO_KEYS,
  wideValue,
} from './values';

// The deterministic generator of hostile frames: frame i of seed S is always the same text, so a
// failure is reproduced from (seed, lane, index) or from the printed frame itself.

/** What the server knows, and real things to aim at so that some requests get past validation. */
export interface FuzzContext {
  types: string[];
  /** Property names by type. */
  props: Record<string, string[]>;
  acts: string[];
  asyncActs: string[];
  /** Real item ids (the fuzzing users' own ids left out, so valid-shaped bodies aim elsewhere). */
  ids: string[];
  org: string;
  /** A user the valid-shaped bodies of blockUser, setMembership, masquerade… aim at. */
  victim: string;
}

export interface FuzzFrame {
  index: number;
  /** The bucket the counts use: the op's head, with the act name for acts. */
  family: string;
  /** The text or bytes sent. */
  data: string | Uint8Array;
  binary: boolean;
  transport: 'ws' | 'http';
  /** For HTTP: the content-type header sent. */
  contentType?: string;
  /** A text frame of invalid UTF-8: the WebSocket layer must close the socket (1007), not reply. */
  expectClose?: boolean;
}

interface OpChoice {
  op: string;
  family: string;
  /** A body of the right shape (later mutated), or undefined for ops without one. */
  body?: J;
}

/** A type's properties; the fuzz's own type names include `__proto__`, so never a plain index. */
const propsOf = (ctx: FuzzContext, type: string): string[] =>
  Object.hasOwn(ctx.props, type) ? ctx.props[type]! : [];

/** Below the socket's 1 MiB message limit, with room for the reply's framing. */
const MAX_FRAME_BYTES = 1_000_000;

const SESSION_OPS = new Set(['tokenAuth', 'signout', 'nextToken']);

const VALID_ITEM_ACTIONS = ['read', 'update', 'delete', 'grant', 'create', 'PRIVATE.read', 'PUBLIC.read'];

function itemRef(rng: Rng, ctx: FuzzContext, type?: string) {
  const id = rng.chance(0.8) ? rng.pick(ctx.ids) : hostileId(rng, ctx.types, ctx.ids);
  const dash = id.lastIndexOf('-');
  const t = type ?? (dash > 0 ? id.slice(0, dash) : rng.pick(ctx.types));
  const n = Number(id.slice(dash + 1));
  return { _t: t, _i: Number.isFinite(n) ? n : 1 };
}

/** A search query with odd keys, values and sub-query trees. */
export function searchQuery(rng: Rng, ctx: FuzzContext, depth = 0): J {
  const keys = [
    '_t',
    '_i',
    '_c',
    'owner',
    '$access',
    '$id',
    '$text',
    '_c.ts',
    '_m.ts',
    ...propsOf(ctx, rng.pick(ctx.types)),
  ];
  const value = (): J => {
    const r = rng.next();
    if (r < 0.25) return str(rng.pick(ctx.types));
    if (r < 0.4) return str(rng.pick(ctx.ids));
    if (r < 0.5)
      return str(
        rng.pick([
          '..',
          '2026-01-01..',
          '..2026-01-01',
          'a..b',
          '1..5',
          '..-1',
          '1e308..',
          '2026-02-30..2026-99-01',
        ]),
      );
    if (r < 0.65) return str(hostileString(rng).slice(0, depth === 0 && rng.chance(0.1) ? 5000 : 300));
    if (r < 0.8) return hostileNumber(rng);
    return raw(rng.pick(['true', 'false', 'null']));
  };
  const clause = (): J =>
    obj(
      Array.from({ length: rng.int(1, 4) }, () => {
        const key = rng.chance(0.75) ? rng.pick(keys) : hostileKey(rng, keys);
        const many = depth === 0 && rng.chance(0.05);
        const values = Array.from({ length: many ? 1000 : rng.int(0, 4) }, value);
        return [key, rng.chance(0.9) ? arr(values) : depth ? raw('{}') : hostileValue(rng, 2)] as [string, J];
      }),
    );
  const entries: [string, J][] = [];
  if (rng.chance(0.7)) entries.push(['must', clause()]);
  if (rng.chance(0.3)) entries.push(['should', clause()]);
  if (rng.chance(0.3)) entries.push(['mustNot', clause()]);
  if (depth < 4 && rng.chance(0.25)) {
    // Wide lists repeat one sub-query: the count is the point, and the frame must stay under 1 MiB.
    const wide = depth === 0 && rng.chance(0.1);
    const subs = wide
      ? Array.from({ length: rng.int(20, 500) }, () =>
          obj([['must', obj([['_t', arr([str(rng.pick(ctx.types))])]])]]),
        )
      : Array.from({ length: rng.int(0, 3) }, () => searchQuery(rng, ctx, depth + 1));
    entries.push([rng.pick(['subs', 'subsShould']), arr(subs)]);
  }
  if (depth === 0 && rng.chance(0.05)) entries.push(['subs', deepSubs(rng)]);
  if (rng.chance(0.2))
    entries.push(['minShould', rng.chance(0.5) ? raw(String(rng.int(0, 3))) : hostileNumber(rng)]);
  if (rng.chance(0.2))
    entries.push([
      'sort',
      arr([
        obj([
          ['key', str(rng.pick(keys))],
          ['order', str(rng.pick(['asc', 'desc', 'ASC', '', 'up']))],
        ]),
      ]),
    ]);
  if (rng.chance(0.2))
    entries.push([
      'facets',
      arr(
        Array.from({ length: rng.int(1, 5) }, () => str(rng.chance(0.7) ? rng.pick(keys) : hostileKey(rng))),
      ),
    ]);
  if (rng.chance(0.2)) entries.push(['labels', raw('true')]);
  if (rng.chance(0.2))
    entries.push(['max', rng.chance(0.5) ? raw(String(rng.int(0, 100))) : hostileNumber(rng)]);
  if (rng.chance(0.1)) entries.push(['offset', hostileNumber(rng)]);
  if (rng.chance(0.05)) entries.push(['excludeBlocked', raw('true')]);
  if (rng.chance(0.05)) entries.push([hostileKey(rng), hostileValue(rng, 2)]);
  return obj(entries);
}

/** subs nested hundreds deep, as text: a recursive schema or SQL builder must refuse it. */
function deepSubs(rng: Rng): J {
  const depth = rng.pick([50, 200, 1000]);
  return raw('[{"subs":'.repeat(depth) + '[]' + '}]'.repeat(depth));
}

function actBody(rng: Rng, ctx: FuzzContext, act: string): J {
  const ids = () => Array.from({ length: rng.int(0, 5) }, () => rng.pick(ctx.ids));
  const user = () => (rng.chance(0.8) ? ctx.victim : `User-${rng.int(1, 30)}`);
  const shapes: Record<string, () => unknown> = {
    rolesAvailable: () => ({}),
    isAllowed: () => ({ ...itemRef(rng, ctx), actions: VALID_ITEM_ACTIONS.slice(0, rng.int(0, 7)) }),
    getGrantedBy: () => ({ grantsFor: ids() }),
    getLegacyPath: () => ({ alias: rng.pick(['/consult/1', 'x', '../..']) }),
    filterByPerm: () => ({ subjectID: user(), chain: ['read'], query: ids() }),
    delete: () => itemRef(rng, ctx),
    setGrant: () => ({
      ...itemRef(rng, ctx),
      principal: rng.chance(0.5) ? user() : ctx.org,
      actions: ['read'],
    }),
    removeGrant: () => ({ ...itemRef(rng, ctx), principal: user() }),
    setMembership: () => ({ userId: ctx.victim, org: ctx.org, roles: rng.chance(0.5) ? ['member'] : [] }),
    timeline: () => itemRef(rng, ctx),
    purgeAttachment: () => ({ id: rng.pick(ctx.ids) }),
    masquerade: () => (rng.chance(0.5) ? { stop: true } : { targetUserID: ctx.victim }),
    invite: () => itemRef(rng, ctx, 'Contact'),
    orgMembers: () => ({ org: ctx.org }),
    contactNotify: () => (rng.chance(0.5) ? {} : { contact: rng.pick(ctx.ids), notify: 'DIGEST' }),
    blockUser: () => ({ user: ctx.victim, blocked: rng.chance(0.5) }),
    adminState: () => ({}),
    systextGet: () => ({ language: rng.pick(['en', 'fr', 'fr-CA', 'cr']) }),
    systextSave: () => ({ language: 'en', values: { 'nav.home': rng.chance(0.5) ? 'Home' : null } }),
    menuItems: () => ({}),
    menuItemsSave: () => ({ hidden: [], order: ['home', 'search'] }),
    supportRequest: () => ({ subject: 'Help', message: 'Please' }),
    killTask: () => ({ taskKey: rng.pick(['0', 'abc', '00000000-0000-0000-0000-000000000000']) }),
    markNotifications: () => ({ indexes: [0, 1], all: rng.chance(0.5) }),
    fetchNotifications: () => ({ query: { must: { id: ['Notify-1', 2] } } }),
    getNotify: () => ({ $id: rng.pick(ctx.ids) }),
    setNotify: () => ({ $id: rng.pick(ctx.ids), notify: rng.pick(['NIL', 'DEFAULT', 'PREFS', 'ALWAYS']) }),
  };
  const shape = Object.hasOwn(shapes, act) ? shapes[act] : undefined;
  return shape ? fromValue(shape()) : obj([]);
}

function asyncBody(rng: Rng, ctx: FuzzContext, action: string): J {
  if (action === 'simulateTask')
    return fromValue({ seconds: rng.int(0, 1), ...(rng.chance(0.3) ? { failAt: 50 } : {}) });
  const entries: [string, J][] = [['query', searchQuery(rng, ctx)]];
  if (action === 'exportZip')
    entries.push(['name', str(rng.pick(['archive-attachments.zip', 'consult-attachments.zip', '../x.zip']))]);
  if (action === 'exportCsv' && rng.chance(0.2)) return fromValue({ savedSearch: rng.pick(ctx.ids) });
  return obj(entries);
}

function createBody(rng: Rng, ctx: FuzzContext, type: string): J {
  const props = propsOf(ctx, type);
  const entries: [string, J][] = props
    .filter(() => rng.chance(0.6))
    .map((p) => [
      p,
      rng.chance(0.7) ? str(`fuzz ${p}`) : rng.chance(0.5) ? str(rng.pick(ctx.ids)) : hostileValue(rng, 1),
    ]);
  if (rng.chance(0.3))
    entries.push(['owner', str(rng.chance(0.7) ? ctx.org : hostileId(rng, ctx.types, ctx.ids))]);
  if (rng.chance(0.2))
    entries.push(['$access', str(rng.pick(['PUBLIC', 'COMMUNITY', 'PRIVATE', 'SECRET', '']))]);
  return obj(entries);
}

/** Picks an operation the server knows (most of the time) with a body of about the right shape. */
export function chooseOp(rng: Rng, ctx: FuzzContext): OpChoice {
  const id = () => hostileId(rng, ctx.types, ctx.ids);
  const r = rng.int(0, 99);
  if (r < 3) return { op: 'ping', family: 'ping' };
  if (r < 15) {
    const t = rng.chance(0.9) ? rng.pick(ctx.types) : rng.pick(['', 'NoSuchType', ...PROTO_KEYS, 'Thread/x']);
    return { op: `create/${t}`, family: 'create', body: createBody(rng, ctx, t) };
  }
  if (r < 21) return { op: `read/${id()}`, family: 'read' };
  if (r < 24) return { op: `readAllowed/${id()}`, family: 'readAllowed' };
  if (r < 32) {
    const target = rng.pick(ctx.ids);
    const t = target.slice(0, target.lastIndexOf('-'));
    const entries: [string, J][] = [
      ['$id', str(rng.chance(0.8) ? target : id())],
      ['$version', rng.chance(0.8) ? raw(String(rng.int(1, 3))) : hostileNumber(rng)],
    ];
    for (const p of propsOf(ctx, t).filter(() => rng.chance(0.3)))
      entries.push([
        p,
        rng.chance(0.5) ? str('fuzzed') : rng.chance(0.5) ? raw('null') : hostileValue(rng, 1),
      ]);
    return { op: 'update', family: 'update', body: obj(entries) };
  }
  if (r < 36) {
    const list = arr(Array.from({ length: rng.int(0, 8) }, () => str(id())));
    return {
      op: rng.pick(['readMany', 'readMany/object']),
      family: 'readMany',
      body: rng.chance(0.7) ? list : obj([['ids', list]]),
    };
  }
  if (r < 39) return { op: `label/${id()}`, family: 'label' };
  if (r < 62) {
    const act = rng.chance(0.95) ? rng.pick(ctx.acts) : rng.pick(['', 'noSuchAct', ...PROTO_KEYS]);
    const sub = rng.chance(0.1)
      ? `/${rng.pick(['x', 'async', 'asyncCancel', '..', ''])}${rng.chance(0.5) ? '/k' : ''}`
      : '';
    return { op: `act/${act}${sub}`, family: `act/${act}`, body: actBody(rng, ctx, act) };
  }
  if (r < 67) {
    const action = rng.chance(0.9) ? rng.pick(ctx.asyncActs) : rng.pick(ctx.acts);
    if (rng.chance(0.75))
      return { op: `act/${action}/async`, family: 'act/*/async', body: asyncBody(rng, ctx, action) };
    const key = rng.chance(0.5)
      ? `/${rng.pick(['0', 'abc', '00000000-0000-0000-0000-000000000000', '..', '%00'])}`
      : '';
    return {
      op: `act/${action}/asyncCancel${key}`,
      family: 'act/*/asyncCancel',
      body: fromValue({ taskKey: rng.pick(['', 'x', '1']) }),
    };
  }
  if (r < 79) return { op: 'search/ids', family: 'search', body: searchQuery(rng, ctx) };
  if (r < 81) {
    const action = rng.chance(0.8) ? rng.pick(ctx.asyncActs) : hostileKey(rng);
    const n = rng.chance(0.5) ? `/${rng.pick(['0', '1', '-1', '1.5', 'x', '99999999999999999999', ''])}` : '';
    return { op: `activeTask/${action}${n}`, family: 'activeTask' };
  }
  if (r < 89) {
    if (rng.chance(0.5)) {
      const u = rng.chance(0.5)
        ? `/${rng.pick(['0', '1', '-1', '1.5', 'x', '1e308', '99999999999999999999'])}`
        : '';
      return { op: `addWatch/${id()}${u}`, family: 'addWatch:item' };
    }
    const t = rng.chance(0.9) ? rng.pick(ctx.types) : rng.pick(['NoSuchType', ...PROTO_KEYS]);
    const filter = rng.chance(0.6)
      ? obj([[rng.pick(['_t', 'owner', ...propsOf(ctx, t)]), arr([str(rng.pick(ctx.ids))])]])
      : hostileValue(rng, 1);
    return { op: `addWatch/${t}-0`, family: 'addWatch:type', body: filter };
  }
  if (r < 94) {
    if (rng.chance(0.5)) return { op: `removeWatch/${id()}`, family: 'removeWatch:item' };
    const n = rng.chance(0.6) ? `/${rng.pick(['1', '2', '0', '-1', 'x', '1e999'])}` : '';
    return { op: `removeWatch/${rng.pick(ctx.types)}-0${n}`, family: 'removeWatch:type' };
  }
  if (r < 96) {
    const op = rng.pick(['tokenAuth', 'nextToken', 'signout', 'tokenAuth']);
    const body =
      op === 'tokenAuth'
        ? obj([['token', rng.chance(0.7) ? str(hostileString(rng).slice(0, 500)) : hostileValue(rng, 1)]])
        : undefined;
    return { op, family: op, body };
  }
  const unknown = rng.pick([
    'noSuchOp',
    'PING',
    'ping/extra',
    'act',
    'act/',
    'create',
    'create/',
    'search',
    'search/other',
    'readMany/../x',
    'activeTask',
    'addWatch',
    'removeWatch',
    '/',
    '//',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'authed',
    'error',
    'itemUpdated',
    'x'.repeat(512),
    '\u0000',
    '\ud800',
    '\u202eping',
  ]);
  return { op: unknown, family: 'unknown' };
}

// ---------- mutation of the tree ----------

interface Slot {
  get(): J;
  set(v: J): void;
}

function slots(root: J): { slots: Slot[]; objects: Extract<J, { k: 'obj' }>[] } {
  const found: Slot[] = [];
  const objects: Extract<J, { k: 'obj' }>[] = [];
  const walk = (node: J, budget: { n: number }) => {
    if (budget.n-- <= 0) return;
    if (node.k === 'obj') {
      objects.push(node);
      node.entries.forEach((e) => {
        found.push({ get: () => e[1], set: (v) => (e[1] = v) });
        walk(e[1], budget);
      });
    } else if (node.k === 'arr') {
      node.items.forEach((item, i) => {
        found.push({ get: () => node.items[i]!, set: (v) => (node.items[i] = v) });
        walk(item, budget);
      });
    }
  };
  walk(root, { n: 500 });
  return { slots: found, objects };
}

/** Flips, drops or duplicates a field, or swaps a value for a hostile one, somewhere in the tree. */
export function mutate(rng: Rng, root: J, keys: readonly string[]): J {
  const { slots: found, objects } = slots(root);
  const r = rng.next();
  if (r < 0.4 && found.length) {
    rng.pick(found).set(hostileValue(rng, 1, keys));
  } else if (r < 0.55 && objects.length) {
    const o = rng.pick(objects);
    if (o.entries.length) o.entries.splice(rng.int(0, o.entries.length - 1), 1);
  } else if (r < 0.7 && objects.length) {
    const o = rng.pick(objects);
    if (o.entries.length) {
      const [key, value] = rng.pick(o.entries);
      o.entries.push([key, rng.chance(0.5) ? value : hostileValue(rng, 1, keys)]);
    }
  } else if (r < 0.9 && objects.length) {
    rng.pick(objects).entries.push([hostileKey(rng, keys), hostileValue(rng, 1, keys)]);
  } else if (found.length) {
    const slot = rng.pick(found);
    const inner = slot.get();
    slot.set(rng.chance(0.5) ? arr([inner]) : obj([[rng.pick(PROTO_KEYS), inner]]));
  } else {
    return hostileValue(rng, 0, keys);
  }
  return root;
}

// ---------- whole frames ----------

const MALFORMED_TEXTS = [
  '',
  ' ',
  'null',
  'true',
  '42',
  '"ping"',
  '[]',
  '[{"o":"ping","s":"1"}]',
  '{',
  '{"o":',
  '{"o":"ping","s":"1"',
  '{"o":"ping","s":"1"}garbage',
  '{"o":"ping","s":"1"}{"o":"ping","s":"2"}',
  '{o:"ping",s:"1"}',
  "{'o':'ping','s':'1'}",
  '{"o":"ping","s":"1",}',
  '{"o":"ping","s":NaN}',
  '{"o":"ping","s":Infinity}',
  '{"o":"ping","s":undefined}',
  '\ufeff{"o":"ping","s":"1"}',
  '{"o":"ping","s":"1"}\u0000',
  '{"o":"p\u0000ing","s":"1"}',
  '{"o":"ping","s":"\\ud800"}',
  '{"o":"ping","s":"\\u0000"}',
  '{"o":"ping","s":"1","b":}',
  '{"o":"ping","s":"1","b":01}',
  '{"o":"ping","s":"1","b":"\\x41"}',
  '{"o":"ping","s":"1","b":.5}',
  '{"o":"ping","s":"1","b":+1}',
  '{"__proto__":{"o":"ping","s":"1"}}',
  '{"__proto__":null,"o":"ping","s":"1"}',
  '{"constructor":{"prototype":{"o":"ping"}},"o":"ping","s":"1"}',
];

/** A frame that is not JSON, not an object, or not a frame. */
function malformed(rng: Rng): { data: string | Uint8Array; binary: boolean; expectClose?: boolean } {
  const r = rng.next();
  if (r < 0.6) return { data: rng.pick(MALFORMED_TEXTS), binary: false };
  if (r < 0.7) return { data: toText(deepValue(rng)), binary: false };
  if (r < 0.8) return { data: new TextEncoder().encode('{"o":"ping","s":"1"}'), binary: true };
  if (r < 0.9)
    return { data: Uint8Array.from({ length: rng.int(0, 300) }, () => rng.int(0, 255)), binary: true };
  if (r < 0.95)
    return { data: '{"o":"ping","s":"1","b":"' + '\\'.repeat(rng.int(1, 3)) + '"}', binary: false };
  // Bytes that are not UTF-8, in a text frame: the socket must close with 1007, not crash.
  return {
    data: Uint8Array.from([0x7b, 0x22, 0x6f, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
    binary: false,
    expectClose: true,
  };
}

/** The fields of the frame object itself: o, b, s, v, each maybe of the wrong type. */
function frameTree(rng: Rng, choice: OpChoice, index: number, keys: readonly string[]): J {
  const entries: [string, J][] = [['o', str(choice.op)]];
  if (choice.body !== undefined) entries.push(['b', choice.body]);
  else if (rng.chance(0.2)) entries.push(['b', hostileValue(rng, 1, keys)]);
  const s = rng.chance(0.85) ? str(String(index)) : raw(String(index));
  entries.push(['s', s]);
  if (choice.op === 'tokenAuth' || rng.chance(0.05))
    entries.push(['v', rng.chance(0.8) ? str('fuzz') : hostileValue(rng, 1)]);
  const frame = obj(entries);
  if (!rng.chance(0.12)) return frame;
  // Damage at the frame's own level.
  const r = rng.next();
  if (r < 0.15) entries.shift();
  else if (r < 0.3) entries[0] = ['o', hostileValue(rng, 1)];
  else if (r < 0.4) entries[0] = ['o', str('x'.repeat(rng.pick([513, 2000, 100_000])))];
  else if (r < 0.6)
    entries[entries.findIndex(([k]) => k === 's')] = [
      's',
      raw(
        rng.pick([
          '1.5',
          '-0',
          '1e308',
          '1e400',
          '99999999999999999999',
          '-1',
          'true',
          'null',
          '[]',
          '{}',
          '{"a":1}',
          '"' + 'x'.repeat(40) + '"',
          '"\\u0000"',
          '"\\ud800"',
        ]),
      ),
    ];
  else if (r < 0.7) entries.push(['o', str(rng.pick(['ping', 'signout', 'noSuchOp']))]);
  else if (r < 0.8) entries.unshift([rng.pick(PROTO_KEYS), obj([['o', str('ping')]])]);
  else if (r < 0.9) entries.push([hostileKey(rng, keys), hostileValue(rng, 1)]);
  else entries.push(['b', rng.chance(0.5) ? wideValue(rng) : deepValue(rng)]);
  return frame;
}

/** Frame `index` of the stream of `seed`: always the same for the same context. */
export function makeFrame(seed: number, index: number, ctx: FuzzContext, httpShare = 0.1): FuzzFrame {
  // One generator per frame, seeded from (seed, index): a frame reproduces without the ones before.
  const rng = new Rng(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
  const transport = rng.chance(httpShare) ? 'http' : 'ws';
  const base = { index, transport } as const;
  if (rng.chance(0.08)) {
    const m = malformed(rng);
    if (transport === 'http' && m.expectClose)
      return { ...base, family: 'malformed', ...m, expectClose: false };
    return { ...base, family: 'malformed', ...m };
  }
  const choice = chooseOp(rng, ctx);
  const keys = Object.values(ctx.props).flat();
  let body = choice.body;
  // Valid-shaped bodies, damaged; or a hostile body in place of the right one.
  if (body && rng.chance(0.5)) body = mutate(rng, body, keys);
  else if (rng.chance(0.25))
    body = rng.chance(0.3) ? rng.pick([deepValue(rng), wideValue(rng)]) : hostileValue(rng, 0, keys);
  let text = toText(frameTree(rng, { ...choice, body }, index, keys));
  // Over the frame limit is a close (1009), not a reply: such a frame keeps its op and loses its body.
  while (Buffer.byteLength(text) > MAX_FRAME_BYTES)
    text = toText(frameTree(rng, { ...choice, body: hostileValue(rng, 3) }, index, keys));
  const family = SESSION_OPS.has(choice.op) ? choice.op : choice.family;
  const contentType =
    transport === 'http'
      ? rng.pick([
          'application/json',
          'application/json',
          'application/json',
          'text/plain',
          'application/json; charset=utf-16',
          'application/x-www-form-urlencoded',
        ])
      : undefined;
  return { ...base, family, data: text, binary: false, contentType };
}
