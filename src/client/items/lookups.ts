// Pure helpers of the two lookups a form makes: search/ids for relation suggestions and
// GET /lov/{locale}/{listName} for lists of values (spec core §7).

export const RELATION_MIN_CHARS = 2;
export const RELATION_MAX = 20;

/** The search/ids query: the property's target types (none for '*') and the typed text. */
export function searchBody(types: readonly string[] | undefined, text: string) {
  const targets = types && types.length > 0 && !types.includes('*') ? [...types] : null;
  // Blocked accounts are never offered in a picker.
  return {
    must: { ...(targets ? { _t: targets } : {}), $text: [text] },
    max: RELATION_MAX,
    labels: true,
    excludeBlocked: true,
  };
}

export interface RelationSearchResult {
  ids: string[];
  labels: Record<string, string>;
}

/** Reads a search/ids reply defensively: the op is new, so anything odd means "no options". */
export function readSearchReply(r: unknown): RelationSearchResult {
  const o = (r && typeof r === 'object' ? r : {}) as { ids?: unknown; labels?: unknown };
  const ids = Array.isArray(o.ids) ? o.ids.filter((x): x is string => typeof x === 'string') : [];
  const labels: Record<string, string> = {};
  if (o.labels && typeof o.labels === 'object')
    for (const [k, v] of Object.entries(o.labels)) if (typeof v === 'string') labels[k] = v;
  return { ids, labels };
}

export type LovReply = Record<
  string,
  Record<string, { t?: Record<string, string>; label?: string; state?: string; superState?: string }>
>;

export interface LovEntry {
  key: string;
  label: string;
  archived: boolean;
  /** Where a value of a list of states stands (LOVValue.superState: INIT, IN_PROGRESS, DONE). */
  superState?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isLovReply(v: unknown): v is LovReply {
  return isObject(v) && Object.values(v).every(isObject);
}

/**
 * Flattens a list's owners into one map; the item's own organisation wins over others. A label
 * is the translation for the language, else the server's `label`, else English, else the key.
 */
export function lovEntries(reply: LovReply, owner: string | null, language: string): Map<string, LovEntry> {
  const out = new Map<string, LovEntry>();
  const owners = Object.keys(reply).sort((a, b) => Number(a === owner) - Number(b === owner));
  for (const o of owners) {
    for (const [key, v] of Object.entries(reply[o] ?? {})) {
      const label = v?.t?.[language] ?? v?.label ?? v?.t?.en ?? key;
      out.set(key, {
        key,
        label,
        archived: v?.state === 'ARCHIVED',
        ...(typeof v?.superState === 'string' ? { superState: v.superState } : {}),
      });
    }
  }
  return out;
}

/** The choices of a lov select: archived values are hidden unless one is the current value. */
export function lovOptions(entries: Map<string, LovEntry>, current: string): LovEntry[] {
  const out = [...entries.values()].filter((e) => !e.archived || e.key === current);
  if (current && !entries.has(current)) out.unshift({ key: current, label: current, archived: false });
  return out;
}
