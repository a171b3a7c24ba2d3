// The guided form's unsaved work, kept as the officer types (docs/consultation-screens.md "The
// draft as you go"): in the browser's local storage under the signed-in user's id, so a reload
// or a closed tab loses nothing, and another person signed in on the same browser never gets it.
// Pure parts (the storage is passed in), unit-tested.

/** Bumped when the shape changes: an older draft is dropped rather than misread. */
export const DRAFT_VERSION = 1;
/** A draft left this long is dropped when read: a shared computer does not keep it for ever. */
export const DRAFT_MAX_AGE_DAYS = 30;

export interface PickedDraft {
  ids: string[];
  labels: Record<string, string>;
}

export interface IntakeDraft {
  v: typeof DRAFT_VERSION;
  /** ISO time of the last change. */
  savedAt: string;
  step: number;
  /** The form's own fields, as react-hook-form holds them (the area as GeoJSON text). */
  values: Record<string, unknown>;
  picks: Record<string, PickedDraft>;
}

/** Where a user's draft lives; nothing else is read or written under it. */
export function draftKey(userId: string): string {
  return `ckk.consult.intake.${userId}`;
}

const isPicked = (v: unknown): v is PickedDraft =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as PickedDraft).ids) &&
  (v as PickedDraft).ids.every((x) => typeof x === 'string') &&
  typeof (v as PickedDraft).labels === 'object' &&
  (v as PickedDraft).labels !== null;

/** The user's draft, or null when there is none, it is malformed, of another version, or too old. */
export function readDraft(storage: Storage | null, userId: string, now = new Date()): IntakeDraft | null {
  if (!storage) return null;
  let v: unknown;
  try {
    v = JSON.parse(storage.getItem(draftKey(userId)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const d = v as Partial<IntakeDraft>;
  if (d.v !== DRAFT_VERSION || typeof d.savedAt !== 'string' || typeof d.step !== 'number') return null;
  if (typeof d.values !== 'object' || d.values === null || Array.isArray(d.values)) return null;
  if (typeof d.picks !== 'object' || d.picks === null || !Object.values(d.picks).every(isPicked)) return null;
  const age = now.getTime() - Date.parse(d.savedAt);
  if (!(age >= 0 && age <= DRAFT_MAX_AGE_DAYS * 86_400_000)) {
    clearDraft(storage, userId);
    return null;
  }
  return d as IntakeDraft;
}

/** Keeps the draft; false when the browser refuses (full or blocked), so the form can say so. */
export function writeDraft(storage: Storage | null, userId: string, draft: IntakeDraft): boolean {
  if (!storage) return false;
  try {
    storage.setItem(draftKey(userId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: Storage | null, userId: string): void {
  try {
    storage?.removeItem(draftKey(userId));
  } catch {
    // A blocked storage holds nothing to clear.
  }
}

const blank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.every(blank)) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every(blank));

/**
 * Has the officer entered anything (a field that differs from its default, or a pick beyond the
 * preset ones)? Closing then asks first; an untouched form closes at once.
 */
export function hasTyped(
  values: Record<string, unknown>,
  defaults: Record<string, unknown>,
  picks: Record<string, PickedDraft>,
  preset: Record<string, PickedDraft>,
): boolean {
  for (const [k, v] of Object.entries(values)) {
    if (blank(v) && blank(defaults[k])) continue;
    if (JSON.stringify(v) !== JSON.stringify(defaults[k])) return true;
  }
  for (const [k, p] of Object.entries(picks))
    if (p.ids.join(',') !== (preset[k]?.ids ?? []).join(',')) return true;
  return false;
}
