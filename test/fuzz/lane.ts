import WebSocket from 'ws';
import { PUSH_OPS } from '../../src/protocol/frames';
import type { Outcome } from './check';

// One fuzzing socket: one request in flight at a time, so the next message that is not a push is
// the reply, whatever `s` the hostile frame carried (or failed to carry).

const PUSHES: ReadonlySet<string> = new Set(PUSH_OPS);

function isPush(f: { o?: unknown; b?: unknown; s?: unknown }): boolean {
  const erred = (f.b as { erred?: unknown } | null)?.erred === true;
  return f.s === undefined && typeof f.o === 'string' && PUSHES.has(f.o) && !erred;
}

export class Lane {
  private ws: WebSocket | null = null;
  private waiting: ((o: Outcome) => void) | null = null;
  private closed: Promise<{ code: number; reason: string }> | null = null;
  /** How many times the server closed this socket under a request with an auth close (4401). */
  authCloses = 0;
  /** Set when the role's tokenAuth failed after a reconnect (e.g. a fuzzed blockUser hit the user). */
  signedOutAgainstRole = false;

  constructor(
    private readonly wsUrl: string,
    private readonly token: () => Promise<string | null>,
    private readonly timeoutMs: number,
  ) {}

  get open() {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  async connect(): Promise<void> {
    const ws = new WebSocket(this.wsUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('error', () => {});
    ws.on('message', (data) => {
      let f: unknown;
      try {
        f = JSON.parse(data.toString());
      } catch {
        f = { o: undefined, unparsable: data.toString().slice(0, 200) };
      }
      if (f && typeof f === 'object' && isPush(f as Record<string, unknown>)) return;
      const w = this.waiting;
      this.waiting = null;
      w?.({ kind: 'ws', reply: f });
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        const w = this.waiting;
        this.waiting = null;
        w?.({ kind: 'closed', code, reason: reason.toString() });
        resolve({ code, reason: reason.toString() });
      }),
    );
    this.ws = ws;
    const token = await this.token();
    if (token) {
      const out = await this.send(
        JSON.stringify({ o: 'tokenAuth', b: { token }, s: 'auth', v: 'fuzz' }),
        false,
      );
      this.signedOutAgainstRole = !(out.kind === 'ws' && (out.reply as { o?: string }).o === 'authed');
      if (this.signedOutAgainstRole) await this.settle();
    }
  }

  /** Sends one frame and resolves with its reply, the socket's close, or a timeout. */
  send(data: string | Uint8Array, binary: boolean): Promise<Outcome> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN)
      return Promise.resolve({ kind: 'closed', code: -1, reason: 'not open' });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        resolve({ kind: 'timeout', ms: this.timeoutMs });
      }, this.timeoutMs);
      this.waiting = (o) => {
        clearTimeout(timer);
        resolve(o);
      };
      ws.send(data, { binary });
    });
  }

  /** After signout or a failed tokenAuth the server closes the socket: wait for it, briefly. */
  async settle(ms = 1000): Promise<void> {
    if (!this.closed || !this.open) return;
    await Promise.race([this.closed, new Promise((r) => setTimeout(r, ms))]);
  }

  async close(): Promise<void> {
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) {
      this.ws.close();
      await this.closed;
    }
  }
}

/** A new socket, one ping: the server is alive and still serving. */
export async function freshPing(wsUrl: string, timeoutMs: number): Promise<string | null> {
  const lane = new Lane(wsUrl, async () => null, timeoutMs);
  try {
    await lane.connect();
    const out = await lane.send('{"o":"ping","s":"alive"}', false);
    if (out.kind !== 'ws') return `fresh-socket ping: ${out.kind}`;
    const f = out.reply as { o?: unknown; s?: unknown };
    return f.o === 'pong' && f.s === 'alive'
      ? null
      : `fresh-socket ping answered ${JSON.stringify(f).slice(0, 200)}`;
  } catch (e) {
    return `fresh-socket ping: cannot connect (${(e as Error).message})`;
  } finally {
    await lane.close().catch(() => {});
  }
}
