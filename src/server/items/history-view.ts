import { declaredProperty } from '../../kernel/item-type';
import { changeValuesShown, pastValuesKept } from '../../kernel/property';
import { HIDDEN_VALUE, type HistoryEvent } from '../../protocol/item';
import { AccessHistory } from '../access/access-history';
import type { Principal } from '../access/principal';
import type { ItemService } from './item-service';
import type { ItemRow } from './rows';

// What an item's history shows one reader (docs/access-model.md "History"): a past value only if
// they could read the item, as it then was, for as long as the value was current; the present
// value of a field is theirs already. The events themselves (what kind, who, when) stay listed.

export type { HistoryEvent };

interface Change {
  from?: unknown;
  to?: unknown;
}

const isValue = (v: unknown) => v !== undefined && v !== null;

/**
 * A membership names an organisation and roles: it is that organisation's business, and the
 * person's own. Colleagues in another organisation who read the User do not see it.
 */
function membershipShown(p: Principal, row: ItemRow, e: HistoryEvent): boolean {
  const org = e.data?.org;
  if (e.kind !== 'membershipChanged' || typeof org !== 'string') return true;
  return p.userId === row.id || p.orgs.has(org);
}

/**
 * The events (newest first, as read) as the reader may see them: values they may not see are
 * replaced by HIDDEN_VALUE, an event's own data (a grant's principal, a workflow's moves) by
 * `$hidden: true` unless they could read the item just after it. Admins see everything.
 */
export async function historyFor(
  items: ItemService,
  p: Principal,
  row: ItemRow,
  events: readonly HistoryEvent[],
): Promise<HistoryEvent[]> {
  if (p.admin) return [...events];
  const t = items.typeOf(row.type);
  const past = new AccessHistory(items.db, items.registry, items.policy);
  // A field that keeps no past values (birth facts, geometries) shows them only to the record's
  // keepers, and to them too only under the rule above.
  const keeper = await items.policy.can(p, 'update', row, items.loaderFor(items.db));
  const changedAt = new Map<string, number[]>();
  for (const e of [...events].sort((a, b) => a.id - b.id))
    for (const k of Object.keys(changesOf(e) ?? {})) {
      const list = changedAt.get(k);
      if (list) list.push(e.id);
      else changedAt.set(k, [e.id]);
    }
  const readable = (from: number, to: number) => past.readableThroughout(p, row.id, from, to);

  const out: HistoryEvent[] = [];
  for (const e of events) {
    if (!membershipShown(p, row, e)) continue;
    if (!e.data) {
      out.push(e);
      continue;
    }
    const changes = changesOf(e);
    const { changes: rawChanges, ...own } = e.data;
    // Changes not shaped {field: {from, to}} are judged as the event's own data.
    if (!changes && rawChanges !== undefined) own.changes = rawChanges;
    const data: Record<string, unknown> = {};
    if (Object.keys(own).length) {
      if (await readable(e.id, e.id + 1)) Object.assign(data, own);
      else data.$hidden = true;
    }
    if (changes) {
      const shown: Record<string, unknown> = {};
      for (const [k, c] of Object.entries(changes)) {
        if (!c || typeof c !== 'object') continue;
        const at = changedAt.get(k)!;
        const i = at.indexOf(e.id);
        // Set when the item was made, or by a change older than the events read: taken to have
        // been current since the item was made (the longer span, so the stricter answer).
        const since = i > 0 ? at[i - 1]! : -Infinity;
        const until = at[i + 1];
        const def = declaredProperty(t, k);
        // Only that it changed (a family's facts): no value, nor whether there was one.
        if (!changeValuesShown(def)) {
          shown[k] = { from: HIDDEN_VALUE, to: HIDDEN_VALUE };
          continue;
        }
        const kept = keeper || pastValuesKept(def);
        const from = isValue(c.from) && !(kept && (await readable(since, e.id))) ? HIDDEN_VALUE : c.from;
        // A value nothing replaced since is the field's present value.
        const to =
          isValue(c.to) && until !== undefined && !(kept && (await readable(e.id, until)))
            ? HIDDEN_VALUE
            : c.to;
        shown[k] = { from, to };
      }
      data.changes = shown;
    }
    out.push({ ...e, data });
  }
  return out;
}

function changesOf(e: HistoryEvent): Record<string, Change> | null {
  const c = e.data?.changes;
  if (!c || typeof c !== 'object' || Array.isArray(c)) return null;
  return c as Record<string, Change>;
}
