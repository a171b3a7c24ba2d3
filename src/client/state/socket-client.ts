import type { ActBody, ActReply } from '../../kernel/act-contract';
import type { ActName, AppActs } from '../../modules/contracts';
import { CLOSE_CODE_NO_PONG, PING_AFTER_SILENCE_MS, PING_REPLY_WAIT_MS } from '../../protocol/constants';
import { isErrorBody, type ErrorBody } from '../../protocol/errors';
import type { MatchFilter } from '../../protocol/match';
import {
  CLEARING_STATES,
  reconnectDelayMs,
  stateForCloseReason,
  USER_CLEARING_STATES,
  type AuthState,
  type Health,
} from './auth-state';
import { networkError, RequestError } from './request-error';
import { TOKEN_KEY, TOKEN_USER_KEY, type TokenStore } from './token-store';

export interface UserSession {
  /** The signed-in user's item type (core's user type; the client does not depend on its name). */
  _t: string;
  _i: number;
  $id: string;
  $version?: number;
  name?: string;
  email?: string;
  /** The uppyID of the avatar image, if the user has one. */
  avatar?: string;
  admin: boolean;
  capabilities: Record<string, boolean>;
  dark?: boolean;
  hideGuidance?: boolean;
  multiColumns?: boolean;
  masquerading?: boolean;
  /** The newest what's-new version this user has opened (User.whatsNewViewed). */
  whatsNewViewed?: string | null;
  /** `kind`: the organisation's kind (its `type`), for screens of some kinds of organisation only. */
  memberships?: { org: string; roles: string[]; kind?: string | null }[];
  /** Running background tasks (and recent results), so a reload shows them again. */
  activeTasks?: TaskInfo[];
  version: string;
}

/** A background task as the server pushes it (taskUpdate, taskComplete) and lists it (activeTasks). */
export interface TaskInfo {
  $id?: string;
  key: string;
  keyAction?: string;
  started?: string;
  percentageComplete: number;
  resultURI?: string;
  /** The item the task made (an impact report), when it made one. */
  keyItem?: string;
  errorKey?: string;
  errorSys?: string;
  /** The failure message's placeholders (a file's name, its broken part). */
  errorParams?: Readonly<Record<string, string | number>>;
}

export interface SessionSnapshot {
  authState: AuthState;
  user: UserSession | null;
  health: Health;
  /** True once we know whether someone is signed in. */
  resolved: boolean;
  failures: number;
  /** When the next reconnect attempt happens (ms since epoch), while waiting. */
  retryAt: number | null;
  tokenFromCookie: boolean;
}

export type ClientEvent =
  { kind: 'clear' } | { kind: 'reconnected' } | { kind: 'connectionFailed'; message: string };

export interface SocketClientOptions {
  wsUrl: string;
  httpBase: string;
  version: string;
  maxMsgSize: number;
  replyTimeoutMs: number;
  httpTimeoutMs: number;
  tokens: TokenStore;
  /** Reloads the page (version mismatch, another user in another tab). */
  reload: () => void;
  connectTimeoutMs?: number;
  WebSocketImpl?: typeof WebSocket;
  fetchImpl?: typeof fetch;
  /** Window for storage events from other tabs. */
  win?: Pick<Window, 'addEventListener'> | null;
}

interface Pending {
  o: string;
  resolve: (b: unknown) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface Queued {
  o: string;
  b: unknown;
  resolve: (b: unknown) => void;
  reject: (e: Error) => void;
}

/** Operations that only make sense on the socket; while it is down they wait for the reconnect. */
const SOCKET_ONLY = /^(addWatch|removeWatch)\//;

/**
 * The one connection to the server: the auth state machine and connection health of spec
 * core §4, request/reply over /ws with the HTTP fallback, and pushes. Framework-free, so it is
 * unit tested on its own; React reads it through useSyncExternalStore.
 */
export class SocketClient {
  private ws: WebSocket | null = null;
  private token: string | null = null;
  private seq = 0;
  private readonly pending = new Map<string, Pending>();
  private queue: Queued[] = [];
  private readonly pushHandlers = new Map<string, Set<(b: unknown) => void>>();
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(e: ClientEvent) => void>();
  /**
   * Watched item id → the last `_u` seen and how many parts of the page watch it: two cells on
   * one item share the server's watch, which goes when the last of them closes.
   */
  private readonly watches = new Map<string, { u: number; refs: number }>();
  /**
   * Type watches by type and filter: handles with the same key share one server watch (`n` is
   * the server's number for it on the current socket), removed when its last handle goes.
   */
  private readonly typeWatches = new Map<string, TypeWatchEntry>();
  /** Client handle → the key of its type watch. */
  private readonly typeWatchHandles = new Map<string, string>();
  private typeWatchCounts = new Map<string, number>();
  private handleSeq = 0;
  private lastMessageAt = Date.now();
  private pingSentAt: number | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private openedAt = 0;
  private wasAuthed = false;
  private reconnecting = false;
  private snap: SessionSnapshot = {
    authState: 'NONE',
    user: null,
    health: 'GOOD',
    resolved: false,
    failures: 0,
    retryAt: null,
    tokenFromCookie: false,
  };

  constructor(private readonly opts: SocketClientOptions) {
    opts.win?.addEventListener('storage', (e) => this.onStorage(e as StorageEvent));
  }

  // ---------- state ----------

  getSnapshot = (): SessionSnapshot => this.snap;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  onEvent(fn: (e: ClientEvent) => void): () => void {
    this.eventListeners.add(fn);
    return () => this.eventListeners.delete(fn);
  }

  private emit(e: ClientEvent) {
    for (const fn of this.eventListeners) fn(e);
  }

  private set(patch: Partial<SessionSnapshot>) {
    const next = { ...this.snap, ...patch };
    if (patch.authState && patch.authState !== this.snap.authState) {
      if (CLEARING_STATES.has(patch.authState)) {
        this.watches.clear();
        this.typeWatches.clear();
        this.typeWatchHandles.clear();
        this.emit({ kind: 'clear' });
      }
      if (
        USER_CLEARING_STATES.has(patch.authState) ||
        patch.authState === 'SIGNOUT' ||
        patch.authState === 'OTHER_TAB_SIGNOUT'
      )
        next.user = null;
    }
    this.snap = next;
    for (const fn of this.listeners) fn();
  }

  get tokenValue(): string | null {
    return this.token;
  }

  // ---------- lifecycle ----------

  /** Startup: a stored token (local storage, else cookie) opens the socket; no token resolves at once. */
  start(): void {
    const { token, fromCookie } = this.opts.tokens.read();
    if (!token) {
      this.set({ authState: 'NONE', resolved: true });
      return;
    }
    this.token = token;
    this.set({ authState: 'TOKEN_LOCAL', tokenFromCookie: fromCookie });
    this.connect();
  }

  /** POST /api/sign-in; on success the token is stored and the socket authenticates. */
  async signIn(email: string, password: string): Promise<void> {
    const res = await this.http('/api/sign-in', { email, password });
    const token = res.headers.get('token');
    const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody> & { userId?: string };
    if (!res.ok || !token)
      throw new RequestError({
        userMessage: body.userMessage ?? 'generalFailure',
        sysMessage: body.sysMessage ?? `HTTP ${res.status}`,
      });
    this.adoptToken(token, body.userId ?? null);
  }

  /** Takes a token obtained elsewhere (set-pass) and signs in with it. */
  adoptToken(token: string, userId: string | null): void {
    this.closeSocket();
    this.token = token;
    this.opts.tokens.write(token, userId);
    this.set({ authState: 'TOKEN_SIGN_IN', tokenFromCookie: false, resolved: false, user: null });
    this.connect();
  }

  /** Sends signout; the user is cleared when the socket closes, or after a timeout. */
  async signOut(): Promise<void> {
    const done = () => {
      this.opts.tokens.clear();
      this.token = null;
      this.closeSocket();
      this.set({ authState: 'SIGNOUT', resolved: true });
    };
    if (!this.ws || this.ws.readyState !== 1) return done();
    const timer = setTimeout(done, 3_000);
    try {
      await this.request('signout');
    } catch {
      /* the close or the timeout finishes the job */
    }
    clearTimeout(timer);
    done();
  }

  /** Rotates the token (the auth-state dialog's refresh on a warning). */
  async refreshToken(): Promise<void> {
    const b = (await this.request('nextToken')) as { token: string };
    this.token = b.token;
    this.opts.tokens.write(b.token, this.snap.user?.$id ?? null);
    this.set({ authState: 'USER_VALID' });
  }

  /** Stores a token for the next page load (masquerade start/stop reloads the page). */
  storeToken(token: string, userId: string | null): void {
    this.token = token;
    this.opts.tokens.write(token, userId);
  }

  /** Forget an invalid session after the auth dialog (expiry, failure). */
  clearSession(): void {
    this.opts.tokens.clear();
    this.token = null;
    this.closeSocket();
    this.set({ authState: 'NONE', user: null, resolved: true });
  }

  /** Reflects a change the user made to their own settings (dark mode, columns). */
  patchUser(patch: Partial<UserSession>): void {
    if (this.snap.user) this.set({ user: { ...this.snap.user, ...patch } });
  }

  retryNow(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  // ---------- socket ----------

  private connect(): void {
    if (!this.token) return;
    this.closeSocket();
    const Impl = this.opts.WebSocketImpl ?? WebSocket;
    const ws = new Impl(this.opts.wsUrl);
    this.ws = ws;
    this.connectTimer = setTimeout(() => {
      if (ws.readyState !== 1) {
        this.emit({ kind: 'connectionFailed', message: 'Opening websocket timed out.' });
        ws.close();
      }
    }, this.opts.connectTimeoutMs ?? 20_000);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.openedAt = Date.now();
      this.lastMessageAt = Date.now();
      this.startHeartbeat();
      this.sendFrame('tokenAuth', { token: this.token }, true).then(
        (b) => this.onAuthed(b as UserSession),
        () => undefined, // the server closes with the reason; onclose maps it
      );
    };
    ws.onmessage = (ev) => this.onMessage(String(ev.data));
    // A failed connect is followed by close, which schedules the retry. A browser's socket only
    // reports the error; Node's (the CLI's, the tests') throws it unless someone listens.
    ws.onerror = () => undefined;
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.onClose(ev.code, ev.reason);
    };
  }

  private closeSocket(): void {
    const ws = this.ws;
    this.ws = null;
    this.stopHeartbeat();
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.dropPending();
    if (ws && ws.readyState <= 1) ws.close(1000, 'client');
  }

  private onAuthed(user: UserSession): void {
    if (user.version && user.version !== this.opts.version) {
      this.opts.reload();
      return;
    }
    this.opts.tokens.setUser(user.$id);
    const wasReconnect = this.reconnecting;
    this.reconnecting = false;
    this.wasAuthed = true;
    this.set({ authState: 'USER_VALID', user, resolved: true, health: 'GOOD', failures: 0, retryAt: null });
    // Watches survive a reconnect: re-add them with the last seen _u, so missed changes arrive.
    for (const [id, w] of this.watches)
      void this.sendFrame(`addWatch/${id}/${w.u}`, undefined).catch(() => this.watches.delete(id));
    this.typeWatchCounts = new Map();
    for (const w of this.typeWatches.values()) this.sendTypeWatch(w);
    const queued = this.queue;
    this.queue = [];
    for (const q of queued) this.request(q.o, q.b).then(q.resolve, q.reject);
    if (wasReconnect) this.emit({ kind: 'reconnected' });
  }

  private onClose(code: number, reason: string): void {
    this.ws = null;
    this.stopHeartbeat();
    this.dropPending();
    const state = stateForCloseReason(reason);
    if (state !== 'CONNECTION_LOST') {
      for (const q of this.queue)
        q.reject(new RequestError({ userMessage: reason === 'signedout' ? 'notAllowed' : 'tokenExpired' }));
      this.queue = [];
      if (state !== 'SIGNOUT') {
        this.token = null;
        this.opts.tokens.clear();
      }
      this.set({ authState: state, resolved: true, retryAt: null });
      return;
    }
    if (!this.token) return;
    // A connection that dropped within a second of opening counts as another failure.
    const flapped = Date.now() - this.openedAt < 1_000 || !this.wasAuthed;
    const failures = flapped ? this.snap.failures + 1 : 1;
    this.wasAuthed = false;
    this.reconnecting = true;
    const delay = reconnectDelayMs(failures);
    this.set({
      authState: this.snap.user ? 'CONNECTION_LOST' : this.snap.authState,
      health: code === CLOSE_CODE_NO_PONG ? 'BAD' : this.snap.health === 'GOOD' ? 'BAD' : this.snap.health,
      failures,
      retryAt: Date.now() + delay,
      resolved: this.snap.resolved || this.snap.authState === 'TOKEN_LOCAL',
    });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private dropPending(): void {
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(networkError());
    }
    this.pending.clear();
  }

  private onMessage(text: string): void {
    this.lastMessageAt = Date.now();
    this.pingSentAt = null;
    if (this.snap.health !== 'GOOD') this.set({ health: 'GOOD' });
    let frame: { o: string; b: unknown; s?: string };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return;
    }
    if (frame.o.startsWith('lrg/')) {
      // A reply or push over the message limit: its content waits at GET /ws-{operation}.
      void this.fetchLarge(frame.o);
      return;
    }
    if (frame.s !== undefined) {
      const p = this.pending.get(frame.s);
      if (p) {
        this.pending.delete(frame.s);
        clearTimeout(p.timer);
        if (isErrorBody(frame.b)) p.reject(new RequestError(frame.b));
        else p.resolve(frame.b);
        return;
      }
    }
    this.onPush(frame.o, frame.b);
  }

  private async fetchLarge(op: string): Promise<void> {
    const f = this.opts.fetchImpl ?? fetch;
    try {
      const res = await f(`${this.opts.httpBase}/ws-${op}`, {
        headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
      });
      const text = await res.text();
      if (res.ok && !text.startsWith('{"o":"lrg/')) this.onMessage(text);
    } catch {
      // The request's own timeout reports the failure.
    }
  }

  private onPush(o: string, b: unknown): void {
    if (o === 'tokenWarning') {
      if (!this.snap.tokenFromCookie) this.set({ authState: 'TOKEN_WARNING' });
    } else if (o === 'newToken') {
      const token = (b as { token?: string }).token;
      if (token) {
        this.token = token;
        this.opts.tokens.write(token, this.snap.user?.$id ?? null);
      }
    } else if (o === 'authed') {
      // The server sends the session again when the user's roles, organisations or capabilities
      // change; only the user's own session is taken (a sign-in in flight answers as a reply).
      const user = b as UserSession | null;
      if (user && this.snap.user && user.$id === this.snap.user.$id) this.set({ user });
    } else if (o === 'itemUpdated') {
      const item = b as { $id?: string; _u?: number };
      const w = item.$id ? this.watches.get(item.$id) : undefined;
      if (w && typeof item._u === 'number') w.u = item._u;
    }
    for (const fn of this.pushHandlers.get(o) ?? []) fn(b);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      const now = Date.now();
      if (this.pingSentAt !== null && now - this.pingSentAt > PING_REPLY_WAIT_MS) {
        this.set({ health: 'BAD' });
        this.ws?.close(CLOSE_CODE_NO_PONG, 'noPong');
        return;
      }
      if (this.pingSentAt === null && now - this.lastMessageAt > PING_AFTER_SILENCE_MS) {
        this.pingSentAt = now;
        this.set({ health: 'WAIT' });
        void this.sendFrame('ping', undefined).catch(() => undefined);
      }
    }, 1_000);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.pingSentAt = null;
  }

  private onStorage(e: StorageEvent): void {
    if (e.key === TOKEN_KEY && e.newValue === null && this.token) {
      this.token = null;
      this.closeSocket();
      this.set({ authState: 'OTHER_TAB_SIGNOUT', resolved: true });
    } else if (
      e.key === TOKEN_USER_KEY &&
      e.newValue &&
      this.snap.user &&
      e.newValue !== this.snap.user.$id
    ) {
      this.opts.reload();
    }
  }

  // ---------- requests ----------

  on(op: string, fn: (b: unknown) => void): () => void {
    let set = this.pushHandlers.get(op);
    if (!set) this.pushHandlers.set(op, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  private sendFrame(o: string, b: unknown, beforeAuth = false): Promise<unknown> {
    const ws = this.ws;
    if (
      !ws ||
      ws.readyState !== 1 ||
      (!beforeAuth && this.snap.authState !== 'USER_VALID' && this.snap.authState !== 'TOKEN_WARNING')
    )
      return Promise.reject(networkError());
    const s = String(++this.seq);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(s);
        reject(new RequestError({ userMessage: 'wsMsgTimeout', sysMessage: `no reply to ${o}` }));
        // No reply in time: the connection is presumed dead (spec core §8).
        this.ws?.close(CLOSE_CODE_NO_PONG, 'wsMsgTimeout');
      }, this.opts.replyTimeoutMs);
      this.pending.set(s, { o, resolve, reject, timer });
      ws.send(JSON.stringify({ o, b, s, ...(o === 'tokenAuth' ? { v: this.opts.version } : {}) }));
    });
  }

  /**
   * Sends a request. Over the size limit, or while the socket is down, it goes through
   * POST /api/item; while the socket is authenticating it waits in a queue.
   */
  request<T = unknown>(o: string, b?: unknown): Promise<T> {
    const size = JSON.stringify(b ?? null).length + o.length + 40;
    const authed = this.snap.authState === 'USER_VALID' || this.snap.authState === 'TOKEN_WARNING';
    const socketOpen = this.ws?.readyState === 1;
    if (size <= this.opts.maxMsgSize && socketOpen && (authed || o === 'signout' || o === 'ping'))
      return this.sendFrame(o, b, o === 'signout' || o === 'ping') as Promise<T>;
    const authing =
      this.token !== null &&
      (this.snap.authState === 'TOKEN_LOCAL' || this.snap.authState === 'TOKEN_SIGN_IN');
    if ((authing && size <= this.opts.maxMsgSize) || SOCKET_ONLY.test(o)) {
      return new Promise<T>((resolve, reject) =>
        this.queue.push({ o, b, resolve: resolve as (b: unknown) => void, reject }),
      );
    }
    return this.viaHttp<T>(o, b);
  }

  /**
   * act/{name}, typed by the act's contract: the body as the contract takes it, the reply as it
   * gives it. The server parses the body with the same contract (invalidInput with field errors).
   */
  act<N extends ActName>(name: N, body: ActBody<AppActs[N]>): Promise<ActReply<AppActs[N]>> {
    return this.request<ActReply<AppActs[N]>>(`act/${name}`, body);
  }

  private async viaHttp<T>(o: string, b: unknown): Promise<T> {
    const res = await this.http('/api/item', { o, b, s: String(++this.seq) });
    const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
    const data = body?.data;
    if (isErrorBody(data)) throw new RequestError(data);
    if (data === undefined) throw new RequestError({ userMessage: 'emptyResponse' });
    return data as T;
  }

  private async http(path: string, body: unknown): Promise<Response> {
    const f = this.opts.fetchImpl ?? fetch;
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), this.opts.httpTimeoutMs);
    try {
      return await f(this.opts.httpBase + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: ctrl.signal,
      });
    } catch {
      throw networkError();
    } finally {
      clearTimeout(timer);
    }
  }

  // ---------- watches ----------

  /** Watches an item (each call needs its unwatch: the watch stays while any caller keeps it). */
  async watch(id: string, u?: number): Promise<void> {
    const w = this.watches.get(id);
    if (w) {
      w.refs++;
      if (u !== undefined) w.u = Math.max(w.u, u);
    } else this.watches.set(id, { u: u ?? 0, refs: 1 });
    // Sent again for a second caller too: the server only refreshes it (it does not count twice)
    // and pushes the item at once if that caller saw an older version.
    if (this.ws?.readyState === 1 && this.snap.authState === 'USER_VALID')
      await this.sendFrame(u === undefined ? `addWatch/${id}` : `addWatch/${id}/${u}`, undefined).catch(
        () => undefined,
      );
  }

  /** Ends one caller's watch of an item; the server's watch goes with the last one. */
  unwatch(id: string): void {
    const w = this.watches.get(id);
    if (!w) return;
    if (--w.refs > 0) return;
    this.watches.delete(id);
    if (this.ws?.readyState === 1) void this.sendFrame(`removeWatch/${id}`, undefined).catch(() => undefined);
  }

  /** A type watch; returns a handle for unwatchType that survives reconnects. */
  watchType(type: string, filter: MatchFilter): string {
    const handle = `${type}#${++this.handleSeq}`;
    const key = `${type} ${JSON.stringify(filter)}`;
    this.typeWatchHandles.set(handle, key);
    const shared = this.typeWatches.get(key);
    if (shared) {
      shared.refs++;
      return handle;
    }
    const w: TypeWatchEntry = { type, filter, n: 0, refs: 1 };
    this.typeWatches.set(key, w);
    if (this.ws?.readyState === 1 && this.snap.authState === 'USER_VALID') this.sendTypeWatch(w);
    return handle;
  }

  private sendTypeWatch(w: TypeWatchEntry): void {
    w.n = (this.typeWatchCounts.get(w.type) ?? 0) + 1;
    this.typeWatchCounts.set(w.type, w.n);
    void this.sendFrame(`addWatch/${w.type}-0`, w.filter).catch(() => undefined);
  }

  unwatchType(handle: string): void {
    const key = this.typeWatchHandles.get(handle);
    if (key === undefined) return;
    this.typeWatchHandles.delete(handle);
    const w = this.typeWatches.get(key);
    if (!w || --w.refs > 0) return;
    this.typeWatches.delete(key);
    if (this.ws?.readyState === 1 && w.n > 0)
      void this.sendFrame(`removeWatch/${w.type}-0/${w.n}`, undefined).catch(() => undefined);
  }
}

interface TypeWatchEntry {
  type: string;
  filter: MatchFilter;
  /** The server's number for it on the current socket (0: not sent yet). */
  n: number;
  /** The handles that share it. */
  refs: number;
}
