import { ERROR_KEYS } from '../../src/protocol/errors';

// The verdict on one request: the fuzz fails on a hang, on a lost socket, on an error body whose
// userMessage is not a catalogue key, and on generalFailure (an exception nobody handled).

const CATALOGUE = new Set<string>(ERROR_KEYS);

export type Outcome =
  | { kind: 'ws'; reply: unknown }
  | { kind: 'http'; status: number; body: unknown }
  | { kind: 'timeout'; ms: number }
  | { kind: 'closed'; code: number; reason: string };

export interface Verdict {
  /** What counts file the reply under: `ok`, a catalogue key, `close1007`, or a problem's name. */
  key: string;
  /** Null when the reply is acceptable. */
  problem: string | null;
}

function errorProblem(b: unknown): { key: string; problem: string | null } | null {
  if (b === null || typeof b !== 'object' || (b as { erred?: unknown }).erred !== true) return null;
  const key = (b as { userMessage?: unknown }).userMessage;
  if (typeof key !== 'string' || !CATALOGUE.has(key))
    return {
      key: 'noCatalogueKey',
      problem: `error reply without a catalogue key: userMessage=${JSON.stringify(key)}`,
    };
  if (key === 'generalFailure') return { key, problem: 'generalFailure (an unhandled exception)' };
  return { key, problem: null };
}

/** Checks a reply body `b`, and the error bodies one level inside it (readMany's per-id errors). */
export function checkBody(b: unknown): Verdict {
  const top = errorProblem(b);
  if (top) return top;
  if (b !== null && typeof b === 'object')
    for (const v of Object.values(b as Record<string, unknown>)) {
      const inner = errorProblem(v);
      if (inner?.problem) return { key: inner.key, problem: `inside the reply: ${inner.problem}` };
    }
  return { key: 'ok', problem: null };
}

/** The `s` the reply must carry: whatever the frame's own `s` was, as a string, when it could be read. */
export function expectedSeq(text: string | Uint8Array, binary: boolean): string | undefined {
  if (binary || typeof text !== 'string') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const s = (json as { s?: unknown } | null)?.s;
  return typeof s === 'string' || typeof s === 'number' ? String(s) : undefined;
}

export function checkOutcome(
  sent: { data: string | Uint8Array; binary: boolean; expectClose?: boolean },
  out: Outcome,
): Verdict {
  switch (out.kind) {
    case 'timeout':
      return { key: 'hang', problem: `no reply within ${out.ms} ms (a hang)` };
    case 'closed':
      if (sent.expectClose && out.code === 1007) return { key: 'close1007', problem: null };
      return { key: 'closed', problem: `socket closed without a reply (code ${out.code} ${out.reason})` };
    case 'ws': {
      const reply = out.reply as { o?: unknown; b?: unknown; s?: unknown } | null;
      if (reply === null || typeof reply !== 'object' || typeof reply.o !== 'string')
        return { key: 'badReply', problem: 'the reply is not a frame {o, b, s}' };
      if (sent.expectClose)
        return { key: 'noClose', problem: 'invalid UTF-8 was answered instead of closing (1007)' };
      const v = checkBody(reply.b);
      if (v.problem) return v;
      const s = expectedSeq(sent.data, sent.binary);
      if (reply.s !== s)
        return {
          key: 'seqMismatch',
          problem: `the reply's s is ${JSON.stringify(reply.s)}, not ${JSON.stringify(s)}`,
        };
      return v;
    }
    case 'http': {
      if (out.status >= 500) return { key: `http${out.status}`, problem: `HTTP ${out.status}` };
      const data = (out.body as { data?: unknown } | null)?.data;
      if (out.body === null || typeof out.body !== 'object' || !('data' in out.body))
        return {
          key: 'noCatalogueKey',
          problem: `HTTP ${out.status} without {data}: the body has no catalogue key`,
        };
      const v = checkBody(data);
      if (v.problem) return v;
      if (out.status !== 200 && v.key === 'ok')
        return { key: `http${out.status}`, problem: `HTTP ${out.status} without an error body` };
      return v;
    }
  }
}
