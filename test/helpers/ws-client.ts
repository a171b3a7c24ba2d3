import WebSocket from 'ws';

export interface Frame {
  o: string;
  b: unknown;
  s?: string;
}

/**
 * A client that knows only spec core §7 and docs/protocol.md: JSON frames {o, b, s, v}
 * over /ws, replies matched by `s`, everything else collected as pushes.
 */
export class WsClient {
  readonly pushes: Frame[] = [];
  closeCode: number | null = null;
  closeReason = '';
  /** The signed-in user's id, once connectAs has authenticated the socket. */
  userId: string | null = null;
  private seq = 0;
  private readonly pending = new Map<string, (f: Frame) => void>();
  private readonly waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private readonly closed: Promise<void>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const f = JSON.parse(data.toString()) as Frame;
      const resolve = f.s !== undefined ? this.pending.get(f.s) : undefined;
      if (resolve) {
        this.pending.delete(f.s!);
        resolve(f);
        return;
      }
      this.pushes.push(f);
      for (const w of [...this.waiters]) {
        if (w.pred(f)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(f);
        }
      }
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        resolve();
      }),
    );
  }

  static async connect(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    const ws = new WebSocket(url, { headers });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new WsClient(ws);
  }

  /** Sends a request and resolves with the reply frame (success or error body). */
  request(o: string, b?: unknown, extra: { v?: string } = {}, timeoutMs = 10_000): Promise<Frame> {
    return this.send(o, timeoutMs, (s) => JSON.stringify({ o, b, s, ...extra }));
  }

  /**
   * Sends a request whose body is given as JSON text, as a fuzzer would: a body nested thousands
   * of levels deep cannot be built with JSON.stringify, which recurses.
   */
  requestRaw(o: string, bodyJson: string, timeoutMs = 10_000): Promise<Frame> {
    return this.send(o, timeoutMs, (s) => `{"o":${JSON.stringify(o)},"s":"${s}","b":${bodyJson}}`);
  }

  private send(o: string, timeoutMs: number, frame: (s: string) => string): Promise<Frame> {
    const s = String(++this.seq);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(s);
        reject(new Error(`no reply to ${o} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(s, (f) => {
        clearTimeout(timer);
        resolve(f);
      });
      this.ws.send(frame(s));
    });
  }

  /** Like request, but throws on an error body and returns `b`. */
  async call<T = Record<string, unknown>>(o: string, b?: unknown): Promise<T> {
    const f = await this.request(o, b);
    const body = f.b as { erred?: boolean; userMessage?: string; sysMessage?: string };
    if (body && body.erred) throw new Error(`${o} failed: ${body.userMessage} (${body.sysMessage})`);
    return f.b as T;
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  /** Resolves with the first push (already received or coming) that matches. */
  waitForPush(pred: (f: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
    const seen = this.pushes.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve: (f: Frame) => (clearTimeout(timer), resolve(f)) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(
          new Error(
            `no matching push within ${timeoutMs} ms; got ${JSON.stringify(this.pushes.map((p) => p.o))}`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  waitForClose(timeoutMs = 5_000): Promise<void> {
    return Promise.race([
      this.closed,
      new Promise<void>((_, reject) =>
        setTimeout(() => reject(new Error('socket did not close')), timeoutMs),
      ),
    ]);
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close();
    return this.closed;
  }
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers.get('token');
  if (res.status !== 200 || !token) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return token;
}

/** Signs in over HTTP, opens a socket and authenticates it with tokenAuth. */
export async function connectAs(server: { url: string; wsUrl: string }, email: string, password: string) {
  const token = await signIn(server.url, email, password);
  const client = await WsClient.connect(server.wsUrl);
  const authed = await client.request('tokenAuth', { token }, { v: 'test' });
  if (authed.o !== 'authed') throw new Error(`tokenAuth failed: ${JSON.stringify(authed.b)}`);
  const user = authed.b as Record<string, unknown> & { $id: string };
  client.userId = user.$id;
  return { client, token, user };
}
