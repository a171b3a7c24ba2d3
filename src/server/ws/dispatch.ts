import { z } from 'zod';
import { runAct } from '../acts';
import { AppError } from '../../protocol/errors';
import { replyOp } from '../../protocol/frames';
import { isCompleteId, makeId } from '../../protocol/ids';
import { MatchFilter } from '../../protocol/match';
import { measureWatchFilter, watchLimitsFor } from '../../protocol/watch-limits';
import type { Principal } from '../access/principal';
import { parseIdOrThrow } from '../items/item-service';
import { toWire } from '../items/wire';
import type { Services } from '../services';
import type { Session } from './session';

export interface Call {
  services: Services;
  principal: Principal;
  session: Session | null;
  op: string;
  body: unknown;
}

const ReadManyBody = z.union([
  z.array(z.string().max(200)).max(1000),
  z.object({ ids: z.array(z.string().max(200)).max(1000) }),
]);

function bodyObject(b: unknown): Record<string, unknown> {
  if (b === undefined || b === null) return { _t: 'vgn', _i: 0 };
  if (typeof b !== 'object' || Array.isArray(b))
    throw new AppError('invalidInput', 'the body must be an object');
  return b as Record<string, unknown>;
}

function needSession(c: Call): Session {
  if (!c.session) throw new AppError('unknownOperation', `${c.op} needs the WebSocket`);
  return c.session;
}

/**
 * Routes one request to its handler and returns the reply body. Session operations
 * (tokenAuth, signout, nextToken) are handled by the socket layer before this.
 */
export async function dispatch(c: Call): Promise<unknown> {
  const [head, ...rest] = c.op.split('/');
  const arg = rest.join('/');
  const { items } = c.services;
  switch (head) {
    case 'ping':
      return {};
    case 'create':
      if (!arg) throw new AppError('unknownOperation', 'create needs a type');
      return items.create(c.principal, arg, c.body);
    case 'read':
      return items.read(c.principal, arg);
    case 'readAllowed':
      return items.readAllowed(c.principal, arg);
    case 'update':
      return items.update(c.principal, c.body);
    case 'readMany': {
      const parsed = ReadManyBody.safeParse(c.body);
      if (!parsed.success) throw new AppError('invalidInput', 'readMany takes a list of ids');
      return items.readMany(c.principal, Array.isArray(parsed.data) ? parsed.data : parsed.data.ids);
    }
    case 'label':
      return items.label(c.principal, arg);
    case 'act':
      return act(c, rest);
    case 'search':
      if (arg !== 'ids') throw new AppError('unknownOperation', `unknown search ${arg}`);
      return c.services.search.search(c.principal, c.body);
    case 'activeTask':
      return activeTask(c, rest);
    case 'addWatch':
      return addWatch(c, needSession(c), rest);
    case 'removeWatch':
      return removeWatch(c, needSession(c), rest);
    default:
      throw new AppError('unknownOperation', `unknown operation ${head}`);
  }
}

async function act(c: Call, parts: string[]) {
  const [name, sub, ...keyParts] = parts;
  const { tasks } = c.services;
  if (name && (sub === 'async' || sub === 'asyncCancel') && tasks.hasAction(name)) {
    const body = bodyObject(c.body);
    if (sub === 'async') return tasks.start(c.principal, name, body);
    const key = keyParts.join('/') || body.taskKey || body.key;
    if (typeof key !== 'string' || !key) throw new AppError('invalidInput', 'asyncCancel needs the task key');
    return tasks.kill(c.principal, key);
  }
  const registered = name ? c.services.acts.get(name) : undefined;
  if (!registered) throw new AppError('unknownOperation', `unknown act ${name ?? ''}`);
  // The body is parsed with the act's contract before the handler runs (runAct).
  return runAct(registered, {
    services: c.services,
    principal: c.principal,
    session: c.session,
    body: bodyObject(c.body),
    sub,
    key: keyParts.length ? keyParts.join('/') : undefined,
  });
}

/** activeTask/{action}[/{n}]: the caller's running tasks of that action, or the n-th (0 = newest). */
async function activeTask(c: Call, parts: string[]) {
  const [action, nPart] = parts;
  if (!action) throw new AppError('unknownOperation', 'activeTask needs an action');
  if (!c.principal.userId) return nPart === undefined ? { tasks: [] } : null;
  const running = (await c.services.tasks.activeTasks(c.principal.userId, action)).filter(
    (t) => !t.errorKey && t.percentageComplete < 100,
  );
  if (nPart === undefined) return { tasks: running };
  const n = Number(nPart);
  if (!Number.isInteger(n) || n < 0) throw new AppError('invalidInput', 'n is a number');
  return running[n] ?? null;
}

/**
 * addWatch/{id}[/{_u}] or addWatch/{Type}-0 with a match filter. Each socket may hold only so
 * many watches, with filters of bounded size (protocol/watch-limits.ts, docs/protocol.md).
 */
async function addWatch(c: Call, s: Session, parts: string[]) {
  const [id, uPart] = parts;
  const parsed = parseIdOrThrow(id);
  const { hub, items } = c.services;
  const limits = watchLimitsFor(c.principal.userId !== null);
  if (parsed.num === 0) {
    items.typeOf(parsed.type);
    // Every call on a known type takes its number, refused or not: the client numbers its calls
    // the same way, so removeWatch/{Type}-0/{n} keeps naming the same watch on both sides.
    const n = (s.typeWatchCounts.get(parsed.type) ?? 0) + 1;
    s.typeWatchCounts.set(parsed.type, n);
    const filter = MatchFilter.safeParse(c.body ?? {});
    if (!filter.success) throw new AppError('invalidInput', 'a match filter maps keys to lists of values');
    const size = measureWatchFilter(filter.data);
    if ('problem' in size) throw new AppError('invalidInput', size.problem);
    const used = s.typeWatchUsage();
    if (used.count >= limits.types)
      throw new AppError('queryTooBroad', `at most ${limits.types} type watches on one socket`);
    if (used.bytes + size.bytes > limits.filterBytes)
      throw new AppError(
        'queryTooBroad',
        `at most ${limits.filterBytes} bytes of watch filters on one socket`,
      );
    const list = s.typeWatches.get(parsed.type) ?? [];
    list.push({ n, filter: filter.data, bytes: size.bytes });
    s.typeWatches.set(parsed.type, list);
    hub.watchType(s, parsed.type);
    return { watching: makeId(parsed.type, 0), n };
  }
  const since = uPart === undefined ? undefined : Number(uPart);
  if (since !== undefined && !Number.isInteger(since))
    throw new AppError('invalidInput', 'the _u must be a number');
  // Checked before the read, so a flood of over-limit calls costs no database work. An item
  // already watched is only refreshed: it does not count twice.
  const full = (key: string) => s.watches.size >= limits.items && !s.watches.has(key);
  if (full(id!)) throw new AppError('queryTooBroad', `at most ${limits.items} item watches on one socket`);
  const row = await items.readableRow(c.principal, id!);
  // Checked again: other addWatch calls on this socket may have filled it during the read.
  if (full(row.id)) throw new AppError('queryTooBroad', `at most ${limits.items} item watches on one socket`);
  hub.watch(s, row.id, since ?? row.u);
  // A client that saw an older version gets the current item at once.
  if (since !== undefined && since < row.u) {
    const [item] = await items.withLabels(c.principal, [toWire(row)]);
    queueMicrotask(() => s.push('itemUpdated', item));
  }
  return { watching: row.id, _u: row.u };
}

function removeWatch(c: Call, s: Session, parts: string[]) {
  const [id, countPart] = parts;
  const parsed = parseIdOrThrow(id);
  const { hub } = c.services;
  if (parsed.num === 0) {
    const list = s.typeWatches.get(parsed.type) ?? [];
    const n = countPart === undefined ? undefined : Number(countPart);
    const kept = n === undefined ? [] : list.filter((w) => w.n !== n);
    s.typeWatches.set(parsed.type, kept);
    hub.unwatchTypeIfEmpty(s, parsed.type);
    return { removed: list.length - kept.length };
  }
  if (!isCompleteId(id!)) throw new AppError('invalidId', 'Invalid id');
  hub.unwatch(s, id!);
  return { removed: 1 };
}

/** The reply frame of a request: the result, or an error body with a catalogue key. */
export function replyFrame(op: string, s: string | undefined, result: unknown) {
  return { o: replyOp(op), b: result, ...(s !== undefined ? { s } : {}) };
}

export function errorBody(e: unknown) {
  if (e instanceof AppError) return e.toBody();
  return new AppError('generalFailure', 'the server could not complete the request').toBody();
}
