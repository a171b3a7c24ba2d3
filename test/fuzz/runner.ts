import { checkOutcome, type Outcome } from './check';
import { makeFrame, type FuzzContext, type FuzzFrame } from './frames';
import { freshPing, Lane } from './lane';

// Sends the frames of a seed from several sockets at once, each signed out or signed in as a user
// of some role, a share over HTTP POST /api/item, and checks every answer (check.ts).

export interface FuzzRole {
  name: string;
  userId: string | null;
}

export interface RunOptions {
  url: string;
  wsUrl: string;
  ctx: FuzzContext;
  roles: FuzzRole[];
  /** A fresh session token for a user (the runner's tokens get revoked by fuzzed signouts). */
  issueToken(userId: string): Promise<string>;
  seed: number;
  frames: number;
  socketsPerRole?: number;
  replyTimeoutMs?: number;
  httpShare?: number;
  /** Every this many frames, a new socket must still get `pong`. */
  pingEvery?: number;
  /** Replay: send only these frame indices of the seed (each still as its own role). */
  only?: number[];
  /** Stop sending after this long (the frames not sent are counted as such). */
  deadlineMs?: number;
  /** The server's last logged error for an op, to explain a generalFailure. */
  serverError?(op: string): string | undefined;
}

export interface Failure {
  seed: number;
  index: number;
  role: string;
  transport: 'ws' | 'http';
  family: string;
  key: string;
  problem: string;
  frame: string;
  frameLength: number;
  reply: string;
  serverError?: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  seconds: number;
  byFamily: Record<string, Record<string, number>>;
  byKey: Record<string, number>;
  /** Total milliseconds spent waiting on each op family's replies: where the run's time goes. */
  msByFamily: Record<string, number>;
  failures: Failure[];
  /** One entry per distinct failure, with the shortest frame that showed it. */
  distinct: { signature: string; count: number; example: Failure }[];
  authCloses: number;
  rolesLost: string[];
  fatal: string | null;
}

const MAX_SHOWN = 600;

export function shown(data: string | Uint8Array): string {
  const text =
    typeof data === 'string'
      ? data
      : `<${data.length} bytes: ${Buffer.from(data).toString('hex').slice(0, 120)}>`;
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} chars)` : text;
}

function opOf(frame: FuzzFrame): string {
  if (typeof frame.data !== 'string') return '';
  try {
    const o = (JSON.parse(frame.data) as { o?: unknown } | null)?.o;
    return typeof o === 'string' ? o : '';
  } catch {
    return '';
  }
}

/** A failure's identity: its op family, what went wrong, and the server's own error if logged. */
export function signature(f: Failure): string {
  const server = f.serverError
    ? ` | ${f.serverError.split('\n')[0]!.replace(/\d+/g, 'N').slice(0, 160)}`
    : '';
  return `${f.family} | ${f.transport} | ${f.problem.replace(/\d+ ms/, 'N ms')}${server}`;
}

async function postItem(
  url: string,
  frame: FuzzFrame,
  token: string | null,
  timeoutMs: number,
): Promise<Outcome> {
  try {
    const res = await fetch(`${url}/api/item`, {
      method: 'POST',
      headers: {
        ...(frame.contentType ? { 'content-type': frame.contentType } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: typeof frame.data === 'string' ? frame.data : Buffer.from(frame.data),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text.slice(0, 300);
    }
    return { kind: 'http', status: res.status, body };
  } catch (e) {
    if ((e as Error).name === 'TimeoutError') return { kind: 'timeout', ms: timeoutMs };
    return { kind: 'http', status: 599, body: `request failed: ${(e as Error).message}` };
  }
}

export async function runFuzz(o: RunOptions): Promise<FuzzReport> {
  const timeoutMs = o.replyTimeoutMs ?? 5000;
  const perRole = o.socketsPerRole ?? 2;
  const pingEvery = o.pingEvery ?? 250;
  const started = Date.now();
  const report: FuzzReport = {
    seed: o.seed,
    sent: 0,
    seconds: 0,
    byFamily: {},
    byKey: {},
    msByFamily: {},
    failures: [],
    distinct: [],
    authCloses: 0,
    rolesLost: [],
    fatal: null,
  };
  const distinct = new Map<string, { count: number; example: Failure }>();
  // Frames are dealt to roles by index (index % roles), so (seed, index) names the role too.
  const dealt = o.roles.map(() => 0);
  let sinceping = 0;
  let pinging: Promise<void> | null = null;

  const record = (frame: FuzzFrame, role: FuzzRole, out: Outcome) => {
    const v = checkOutcome(frame, out);
    report.sent++;
    report.byKey[v.key] = (report.byKey[v.key] ?? 0) + 1;
    const fam = (report.byFamily[frame.family] ??= {});
    fam[v.key] = (fam[v.key] ?? 0) + 1;
    if (!v.problem) return;
    const reply =
      out.kind === 'ws' ? out.reply : out.kind === 'http' ? { status: out.status, body: out.body } : out;
    const failure: Failure = {
      seed: o.seed,
      index: frame.index,
      role: role.name,
      transport: frame.transport,
      family: frame.family,
      key: v.key,
      problem: v.problem,
      frame: shown(frame.data),
      frameLength: frame.data.length,
      reply: JSON.stringify(reply).slice(0, 400),
      serverError: v.key === 'generalFailure' ? o.serverError?.(opOf(frame)) : undefined,
    };
    report.failures.push(failure);
    const sig = signature(failure);
    const d = distinct.get(sig);
    if (!d) distinct.set(sig, { count: 1, example: failure });
    else {
      d.count++;
      if (failure.frameLength < d.example.frameLength) d.example = failure;
    }
  };

  const checkAlive = async () => {
    const problem = await freshPing(o.wsUrl, timeoutMs);
    if (problem) report.fatal = problem;
  };

  const tokens = new Map<string, string>();
  const tokenFor = async (role: FuzzRole, fresh: boolean) => {
    if (!role.userId) return null;
    if (fresh || !tokens.has(role.name)) tokens.set(role.name, await o.issueToken(role.userId));
    return tokens.get(role.name)!;
  };

  const worker = async (role: FuzzRole, roleIndex: number) => {
    const lane = new Lane(o.wsUrl, () => tokenFor(role, true), timeoutMs);
    await lane.connect();
    let httpToken = await tokenFor(role, false);
    for (;;) {
      if (report.fatal || (o.deadlineMs && Date.now() - started > o.deadlineMs)) break;
      const k = dealt[roleIndex]!++;
      const index = o.only
        ? (o.only.filter((i) => i % o.roles.length === roleIndex)[k] ?? Infinity)
        : roleIndex + o.roles.length * k;
      if (index >= (o.only ? Infinity : o.frames)) break;
      const frame = makeFrame(o.seed, index, o.ctx, o.httpShare);
      const t0 = Date.now();
      if (frame.transport === 'http') {
        const out = await postItem(o.url, frame, httpToken, timeoutMs);
        record(frame, role, out);
        // A fuzzed blockUser or masquerade may have revoked the token; the next request gets a new one.
        if (out.kind === 'http' && out.status === 401 && role.userId) httpToken = await tokenFor(role, true);
      } else {
        if (!lane.open) await lane.connect();
        const out = await lane.send(frame.data, frame.binary);
        if (out.kind === 'closed' && out.code === 4401) {
          // Another lane's blockUser or signout ended this user's sessions: an auth close, not a crash.
          report.authCloses++;
          report.sent++;
        } else record(frame, role, out);
        const replyOp = out.kind === 'ws' ? (out.reply as { o?: unknown } | null)?.o : undefined;
        if (replyOp === 'tokenAuth' || replyOp === 'authed' || replyOp === 'signout') await lane.settle();
        // A late reply to a timed-out request would be taken for the next one's: start over.
        if (out.kind === 'timeout') await lane.close();
        if (lane.signedOutAgainstRole && !report.rolesLost.includes(role.name) && role.userId)
          report.rolesLost.push(role.name);
      }
      report.msByFamily[frame.family] = (report.msByFamily[frame.family] ?? 0) + Date.now() - t0;
      if (++sinceping >= pingEvery && !pinging) {
        sinceping = 0;
        pinging = checkAlive().finally(() => (pinging = null));
      }
    }
    await lane.close();
  };

  await Promise.all(o.roles.flatMap((role, r) => Array.from({ length: perRole }, () => worker(role, r))));
  await pinging;
  if (!report.fatal) await checkAlive();
  report.seconds = (Date.now() - started) / 1000;
  report.distinct = [...distinct]
    .map(([sig, d]) => ({ signature: sig, ...d }))
    .sort((a, b) => b.count - a.count);
  return report;
}
