import type { WebSocket } from 'ws';
import type { OutboundFrame } from '../../protocol/frames';
import type { MatchFilter } from '../../protocol/match';
import { ANONYMOUS, type Principal } from '../access/principal';

export interface TypeWatch {
  /** The n-th addWatch of this type on this socket, 1-based: removeWatch/{Type}-0/{n} names it. */
  n: number;
  filter: MatchFilter;
  /** The filter's size as JSON: counted against the socket's filter budget (watch-limits.ts). */
  bytes: number;
}

/** One socket's state: who it is, what it watches, and the timers of its token. */
export class Session {
  principal: Principal = ANONYMOUS;
  token: string | null = null;
  tokenExpiresAt: Date | null = null;
  /** Watched item id → the last `_u` this socket has seen. */
  readonly watches = new Map<string, number>();
  readonly typeWatches = new Map<string, TypeWatch[]>();
  readonly typeWatchCounts = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  closed = false;

  constructor(
    readonly socket: WebSocket,
    readonly remoteAddress: string,
    readonly cookieToken: string | null,
  ) {}

  get userId(): string | null {
    return this.principal.userId;
  }

  /**
   * The type watches on this socket, all types together, and their filters' bytes. Counted on
   * demand (at most a few hundred entries) so that no running total can drift from the lists.
   */
  typeWatchUsage(): { count: number; bytes: number } {
    let count = 0;
    let bytes = 0;
    for (const list of this.typeWatches.values())
      for (const w of list) {
        count++;
        bytes += w.bytes;
      }
    return { count, bytes };
  }

  send(frame: OutboundFrame): void {
    this.sendText(JSON.stringify(frame));
  }

  /**
   * A frame already written as JSON. Frames sent in one turn of the event loop leave in one
   * write: the socket is corked at the first and uncorked once the turn's callbacks and promise
   * reactions have run (process.nextTick runs after them). Replies to the requests of one
   * incoming packet then share a system call instead of one each, which was a fifth of the
   * server's time under bench:ws-items' reads.
   */
  sendText(text: string): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    const raw = (this.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (raw && !this.corked) {
      this.corked = true;
      raw.cork();
      process.nextTick(() => {
        this.corked = false;
        raw.uncork();
      });
    }
    this.socket.send(text);
  }
  private corked = false;

  push(o: string, b: unknown): void {
    this.send({ o, b });
  }

  setTimer(ms: number, fn: () => void): void {
    // setTimeout takes at most 2^31-1 ms; longer token lives re-arm on the next auth or rotation.
    if (ms > 2_147_000_000) return;
    this.timers.push(setTimeout(fn, Math.max(0, ms)));
  }

  clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  close(code: number, reason: string): void {
    this.clearTimers();
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason);
  }
}
