import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { machineCpuSeconds, processCpuSeconds } from './children';
import { summarize, type Summary } from './percentiles';

export interface Frame {
  o: string;
  b: unknown;
  s?: string;
}

interface Pending {
  sentAt: number;
  resolve: (r: { frame: Frame; bytes: number }) => void;
  reject: (e: Error) => void;
}

/**
 * One WebSocket with many requests in flight: frames {o, b, s}, replies matched by `s`,
 * frames without a known `s` (pushes) ignored. Timeouts are swept once a second rather
 * than with a timer per request, so the client stays cheap.
 */
export class Conn {
  private seq = 0;
  private readonly pending = new Map<string, Pending>();
  private readonly sweeper: NodeJS.Timeout;

  private constructor(
    readonly ws: WebSocket,
    private readonly timeoutMs: number,
  ) {
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      const frame = JSON.parse(text) as Frame;
      const p = frame.s === undefined ? undefined : this.pending.get(frame.s);
      if (!p) return;
      this.pending.delete(frame.s!);
      p.resolve({ frame, bytes: text.length });
    });
    ws.on('close', () => this.failAll(new Error('socket closed')));
    ws.on('error', () => undefined);
    this.sweeper = setInterval(() => {
      const old = performance.now() - this.timeoutMs;
      for (const [s, p] of this.pending)
        if (p.sentAt < old) {
          this.pending.delete(s);
          p.reject(new Error(`no reply within ${this.timeoutMs} ms`));
        }
    }, 1_000);
    this.sweeper.unref();
  }

  static open(url: string, timeoutMs = 10_000): Promise<Conn> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Conn(ws, timeoutMs)));
      ws.once('error', reject);
    });
  }

  request(
    o: string,
    b?: unknown,
    extra: Record<string, unknown> = {},
  ): Promise<{ frame: Frame; bytes: number }> {
    const s = String(++this.seq);
    return new Promise((resolve, reject) => {
      if (this.ws.readyState !== WebSocket.OPEN) return reject(new Error('socket not open'));
      this.pending.set(s, { sentAt: performance.now(), resolve, reject });
      this.ws.send(JSON.stringify({ o, b, s, ...extra }));
    });
  }

  /** Like request, but throws on an error body and returns `b`. */
  async call<T>(o: string, b?: unknown, extra: Record<string, unknown> = {}): Promise<T> {
    const { frame } = await this.request(o, b, extra);
    if (isError(frame.b)) throw new Error(`${o} failed: ${JSON.stringify(frame.b)}`);
    return frame.b as T;
  }

  private failAll(e: Error) {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, 2_000);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close();
    });
  }
}

export function isError(b: unknown): b is { erred: true; userMessage?: string; [k: string]: unknown } {
  return typeof b === 'object' && b !== null && (b as { erred?: unknown }).erred === true;
}

export type Outcome = 'ok' | 'error' | 'stale';

export interface Req<C = unknown> {
  o: string;
  b?: unknown;
  /** Anything the check needs to know about the request (e.g. the id being updated). */
  ctx?: C;
}

export interface LoadOptions<C> {
  conns: Conn[];
  /** Requests in flight in total, spread evenly over the connections. */
  inFlight: number;
  warmupMs: number;
  measureMs: number;
  /** The next request of slot `slot` (0 .. inFlight-1). */
  next: (slot: number) => Req<C>;
  /** Judges a reply; by default an error body is an error. */
  check?: (frame: Frame, req: Req<C>, slot: number) => Outcome;
  /** Whose CPU time to report as "server". */
  serverPid?: number;
  /** CPU seconds used so far by the database server, when it runs in processes of its own. */
  dbCpuSeconds?: () => number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  latency: Summary;
  errors: number;
  stale: number;
  meanReplyBytes: number;
  /** CPU use in the measured window, in cores (1.0 = one core busy all the time). */
  clientCores: number;
  serverCores: number;
  /** NaN when the database runs inside the server (PGlite). */
  dbCores: number;
  machineCores: number;
  firstError?: string;
}

const defaultCheck = (f: Frame): Outcome => (isError(f.b) ? 'error' : 'ok');

/**
 * Runs `inFlight` closed-loop slots for warm-up + measured time. A request counts when its
 * reply arrives inside the measured window; its latency is from send to reply.
 */
export async function runLoad<C>(opts: LoadOptions<C>): Promise<LoadResult> {
  const check = opts.check ?? defaultCheck;
  const start = performance.now();
  const measureFrom = start + opts.warmupMs;
  const endAt = measureFrom + opts.measureMs;
  const latencies: number[] = [];
  let errors = 0;
  let stale = 0;
  let bytes = 0;
  let firstError: string | undefined;

  type Cpu = { client: NodeJS.CpuUsage; server: number; db: number; machine: number; at: number };
  const sampleCpu = (): Cpu => ({
    client: process.cpuUsage(),
    server: opts.serverPid ? processCpuSeconds(opts.serverPid) : NaN,
    db: opts.dbCpuSeconds ? opts.dbCpuSeconds() : NaN,
    machine: machineCpuSeconds().busy,
    at: performance.now(),
  });
  let cpuStart: Cpu | undefined;
  let cpuEnd: Cpu | undefined;
  const t1 = setTimeout(() => (cpuStart = sampleCpu()), opts.warmupMs);
  const t2 = setTimeout(() => (cpuEnd = sampleCpu()), opts.warmupMs + opts.measureMs);

  async function slot(i: number) {
    const conn = opts.conns[i % opts.conns.length]!;
    while (performance.now() < endAt) {
      const req = opts.next(i);
      const sent = performance.now();
      let outcome: Outcome;
      let size = 0;
      try {
        const { frame, bytes: n } = await conn.request(req.o, req.b);
        size = n;
        outcome = check(frame, req, i);
        if (outcome === 'error' && firstError === undefined)
          firstError = JSON.stringify(frame.b).slice(0, 300);
      } catch (e) {
        outcome = 'error';
        firstError ??= e instanceof Error ? e.message : String(e);
        if (conn.ws.readyState !== WebSocket.OPEN) break;
      }
      const done = performance.now();
      if (done < measureFrom || done > endAt) continue;
      latencies.push(done - sent);
      bytes += size;
      if (outcome === 'error') errors++;
      else if (outcome === 'stale') stale++;
    }
  }

  await Promise.all(Array.from({ length: opts.inFlight }, (_, i) => slot(i)));
  clearTimeout(t1);
  clearTimeout(t2);
  cpuEnd ??= sampleCpu();
  cpuStart ??= cpuEnd;
  const wall = (cpuEnd.at - cpuStart.at) / 1000 || NaN;
  const clientSec =
    (cpuEnd.client.user - cpuStart.client.user + cpuEnd.client.system - cpuStart.client.system) / 1e6;
  const seconds = opts.measureMs / 1000;
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    latency: summarize(latencies),
    errors,
    stale,
    meanReplyBytes: latencies.length ? bytes / latencies.length : 0,
    clientCores: clientSec / wall,
    serverCores: (cpuEnd.server - cpuStart.server) / wall,
    dbCores: (cpuEnd.db - cpuStart.db) / wall,
    machineCores: (cpuEnd.machine - cpuStart.machine) / wall,
    ...(firstError !== undefined ? { firstError } : {}),
  };
}
