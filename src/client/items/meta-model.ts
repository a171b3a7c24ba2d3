import type { ActReply } from '../../kernel/act-contract';
import type { AppActs } from '../../modules/contracts';
import { isHiddenValue } from '../../protocol/item';
import { RequestError } from '../state/request-error';

// Pure helpers of the Details and History dialogs.

/** act/getGrantedBy: {result: {id: {grantedBy: ["principal:action", …]}}}. */
export type GrantsReply = ActReply<AppActs['getGrantedBy']>;

export interface GrantRow {
  principal: string;
  actions: string[];
  grantedBy: string;
}

/** One row per principal and granter, with the actions granted. */
export function grantRows(reply: GrantsReply | undefined, id: string): GrantRow[] {
  const rows = new Map<string, GrantRow>();
  for (const [grantedBy, entries] of Object.entries(reply?.result?.[id] ?? {})) {
    for (const entry of Array.isArray(entries) ? entries : []) {
      if (typeof entry !== 'string') continue;
      const cut = entry.lastIndexOf(':');
      const principal = cut > 0 ? entry.slice(0, cut) : entry;
      const action = cut > 0 ? entry.slice(cut + 1) : '';
      const k = `${principal}\u0000${grantedBy}`;
      let row = rows.get(k);
      if (!row) rows.set(k, (row = { principal, actions: [], grantedBy }));
      if (action && !row.actions.includes(action)) row.actions.push(action);
    }
  }
  return [...rows.values()];
}

/** act/timeline: {events: [{id, kind, actor, at, data}], $labels}. */
export type TimelineEvent = ActReply<AppActs['timeline']>['events'][number];

export interface ChangeRow {
  field: string;
  from: string;
  to: string;
}

const MAX_VALUE_CHARS = 120;

/** A changed value as short text; absent values are an empty string. */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > MAX_VALUE_CHARS ? `${s.slice(0, MAX_VALUE_CHARS - 1)}…` : s;
}

/**
 * The field changes of an `updated` event (data.changes is {field: {from, to}}). `text`: a
 * value as the record shows it (a list key by its label, a relation by its name), cut short like
 * the raw text; without it, the stored value. `hidden`: the words for a value the server kept
 * back because the reader could not read it when it was current (HIDDEN_VALUE).
 */
export function changeRows(
  data: TimelineEvent['data'] | undefined,
  text?: (field: string, value: unknown) => string,
  hidden = '…',
): ChangeRow[] {
  const changes = data?.changes;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  const shown = (field: string, v: unknown) =>
    v === undefined || v === null
      ? ''
      : isHiddenValue(v)
        ? hidden
        : text
          ? valueText(text(field, v))
          : valueText(v);
  return Object.entries(changes as Record<string, unknown>).map(([field, c]) => {
    const fc = (c && typeof c === 'object' ? c : {}) as { from?: unknown; to?: unknown };
    return { field, from: shown(field, fc.from), to: shown(field, fc.to) };
  });
}

/** The catalogue key to show for a failed request. */
export function errorKey(e: unknown): string {
  return e instanceof RequestError ? `errors.${e.userMessage}` : 'errors.generalFailure';
}
