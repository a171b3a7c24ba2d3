import { useCallback, useEffect, useRef } from 'react';
import { clearDraft, DRAFT_VERSION, writeDraft, type PickedDraft } from './intake-draft';

/** Changes are written this long after the last one (and at once when the page goes away). */
const WRITE_DELAY_MS = 400;

/** The browser's local storage, or null where it is blocked. */
export function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export interface DraftSnapshot {
  step: number;
  values: Record<string, unknown>;
  picks: Record<string, PickedDraft>;
}

/**
 * Keeps the guided form's work in the user's draft: `touch()` after each change schedules a
 * write of `snapshot()` (after a pause), and a pending write happens at once when the tab is
 * hidden or closed and when the dialog closes, so nothing typed is lost to a reload or a closed
 * tab. A null snapshot (nothing typed, or discarded) removes the draft. Inactive (the referral
 * is saved), it stops.
 */
export function useIntakeDraft(opts: {
  userId: string | null;
  active: boolean;
  snapshot(): DraftSnapshot | null;
  onWriteFailed(): void;
}): () => void {
  const latest = useRef(opts);
  latest.current = opts;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current);
    pending.current = null;
    const { userId, active, snapshot, onWriteFailed } = latest.current;
    if (!userId || !active) return;
    const s = snapshot();
    if (!s) return clearDraft(localStore(), userId);
    if (!writeDraft(localStore(), userId, { v: DRAFT_VERSION, savedAt: new Date().toISOString(), ...s }))
      onWriteFailed();
  }, []);

  const touch = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      // Marked pending still, so flush writes it.
      flush();
    }, WRITE_DELAY_MS);
  }, [flush]);

  useEffect(() => {
    const hidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      // The dialog closed: what is pending is written, not dropped.
      flush();
    };
  }, [flush]);

  return touch;
}
