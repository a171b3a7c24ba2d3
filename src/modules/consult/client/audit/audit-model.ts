import { AUDIT_CSV_PATH, AUDIT_FILTER_KEYS, auditKindWords } from '../../audit';

// The audit screen's state as data (docs/consult-audit.md): its filters, the act's body and the
// CSV's address built from the same filters, so the file holds what the screen pages through.

export type AuditFilters = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;

/** The filters that are set (an empty field is no filter). */
export function activeFilters(f: AuditFilters): AuditFilters {
  const out: AuditFilters = {};
  for (const k of AUDIT_FILTER_KEYS) {
    const v = f[k]?.trim();
    if (v) out[k] = v;
  }
  return out;
}

/** GET /api/consult/audit.csv with the filters (the token cookie goes with the link). */
export function csvHref(f: AuditFilters): string {
  const q = new URLSearchParams(activeFilters(f) as Record<string, string>).toString();
  return q ? `${AUDIT_CSV_PATH}?${q}` : AUDIT_CSV_PATH;
}

/** A "to" before "from" finds nothing: the screen says so instead of asking. */
export function datesInOrder(f: AuditFilters): boolean {
  return !f.from || !f.to || f.from <= f.to;
}

/** Who did it, in words: the person, "Admin as Person" under a masquerade, or the system. */
export function whoWords(
  row: { actor: string | null; realActor: string | null },
  labels: Readonly<Record<string, string>>,
  words: { system: string; hidden(id: string): string; as(real: string, who: string): string },
): string {
  // A person the viewer may not read (another organisation's) keeps only their id.
  const name = (id: string | null) => (id ? (labels[id] ?? words.hidden(id)) : words.system);
  if (row.realActor && row.realActor !== row.actor) return words.as(name(row.realActor), name(row.actor));
  return name(row.actor);
}

/** The i18n key of a kind's words and the words to fall back on. */
export function kindKey(kind: string): { key: string; fallback: string } {
  return { key: `consult.audit.kinds.${kind}`, fallback: auditKindWords(kind) };
}
