import { isHiddenValue, type HistoryEvent } from '../../../protocol/item';
import { INSTITUTION_GRANTOR } from '../types';

// The repatriation history's model (docs/belongings.md "History"), pure so it is tested without
// a browser: the belonging's events (act/timeline, newest first) that tell its repatriation — the
// workflow's events, the status changes and the sharing with the institution — as lines, oldest
// first, each a message key and its parameters. Other events (an edited description) are left
// to the record's generic History.
export type { HistoryEvent };

export interface HistoryLine {
  /** The event's id, and the move's index within it. */
  key: string;
  at: string;
  /** A key under belongings.history. */
  message: string;
  params: Record<string, string>;
}

interface Names {
  /** A step's label by its id (the instance's steps). */
  step(id: string): string;
  /** A person's or organisation's name by id. */
  name(id: string | null): string;
  /** A step state's words. */
  state(s: string): string;
  /** A repatriation status's words. */
  status(s: string | null): string;
}

/** The step states the history tells. */
const TOLD = new Set(['ACTIVE', 'COMPLETE', 'SKIP']);

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function linesOf(e: HistoryEvent, n: Names): HistoryLine[] {
  const d = e.data ?? {};
  const who = n.name(e.actor);
  const line = (message: string, params: Record<string, string>, i = 0): HistoryLine => ({
    key: `${e.id}.${i}`,
    at: e.at,
    message,
    params: { who, ...params },
  });
  // What the event did was kept back (the reader could not read the belonging just after it):
  // no line, rather than one naming an empty step or nobody.
  if (d.$hidden === true) return [];
  switch (e.kind) {
    case 'WKF_APPLIED_STEPS':
    case 'WKF_MANUAL_INIT':
      return [line('started', {})];
    case 'WKF_STEP_STATE_SET':
    case 'WKF_STEP_STATE_FORCED': {
      const moves = Array.isArray(d.moves) ? (d.moves as { step?: unknown; to?: unknown }[]) : [];
      // A forced move records no `moves` entry of its own: its step and state are the data.
      const all = moves.length ? moves : [{ step: d.step, to: d.state }];
      // What the work did: a step started, completed or skipped. A step becoming "next" or
      // going back to waiting is the engine's bookkeeping (the panel shows it), not history.
      return all
        .filter((m) => typeof m.step === 'string' && typeof m.to === 'string' && TOLD.has(m.to))
        .map((m, i) => line('moved', { step: n.step(m.step as string), to: n.state(m.to as string) }, i));
    }
    case 'WKF_STEP_ASSIGNED':
      return [line('assigned', { step: n.step(str(d.step) ?? ''), person: n.name(str(d.to)) })];
    case 'WKF_STEP_UNASSIGNED':
      return [line('unassigned', { step: n.step(str(d.step) ?? '') })];
    case 'WKF_STEP_DUE_SET':
      return typeof d.step === 'string' && typeof d.to === 'string'
        ? [line('due', { step: n.step(d.step), date: d.to })]
        : [];
    case 'WKF_CLEARED':
      return [line('cleared', {})];
    case 'granted':
    case 'grantRemoved':
      if (d.grantedBy !== INSTITUTION_GRANTOR) return [];
      return [line(e.kind === 'granted' ? 'shared' : 'unshared', { org: n.name(str(d.principal)) })];
    case 'updated': {
      const c = (d.changes as Record<string, { from?: unknown; to?: unknown }> | undefined)
        ?.repatriationStatus;
      // A status the reader could not read while it held (act/timeline keeps it back) is left
      // to the generic History, which words it; here it would read as "no status".
      if (!c || isHiddenValue(c.to)) return [];
      return [line('status', { status: n.status(str(c.to)) })];
    }
    default:
      return [];
  }
}

/** The events' repatriation lines, oldest first. */
export function historyLines(events: readonly HistoryEvent[], names: Names): HistoryLine[] {
  return [...events].sort((a, b) => a.id - b.id).flatMap((e) => linesOf(e, names));
}

/** Whether the last sharing event left the belonging shared with its institution. */
export function isShared(events: readonly HistoryEvent[]): boolean {
  const last = [...events]
    .filter(
      (e) => (e.kind === 'granted' || e.kind === 'grantRemoved') && e.data?.grantedBy === INSTITUTION_GRANTOR,
    )
    .sort((a, b) => b.id - a.id)[0];
  return last?.kind === 'granted';
}
