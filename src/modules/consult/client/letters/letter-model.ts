import { asRefusal, errorKey } from '../response/consult-acts';

// The letter panel's pure parts (tested in consult-client-logic): which message a refusal of a
// letter act or step shows, and what a user may do with the letter in its state.

export type LetterState = 'DRAFT' | 'PROPOSED' | 'APPROVED' | 'SENT';

/** The catalogue or panel key for a refusal, with its parameters. */
export function letterRefusal(e: unknown): { key: string; params?: Record<string, string> } {
  const r = asRefusal(e);
  if (r?.userMessage === 'invalidInput') {
    const f = r.fields[0] as { path: string; key: string; params?: Record<string, string> } | undefined;
    if (f?.path === 'body' && f.params?.missing)
      return { key: 'consult.letter.errors.unfilled', params: { fields: f.params.missing } };
    if (f?.path === 'letter') return { key: 'consult.letter.errors.noLetter' };
  }
  if (r?.userMessage === 'notAllowed') return { key: 'consult.letter.errors.notApprover' };
  return { key: errorKey(e) };
}

/** Staff edit the text while it is a draft or waits for approval (editing takes it back to draft). */
export const editableLetter = (state: unknown) => state === 'DRAFT' || state === 'PROPOSED';

/**
 * The text to show when the saved letter changes under the editor: the new saved text, unless
 * the user has typed over what was shown (a push arriving mid-edit must not lose the edit).
 */
export const shownAfterSave = (shown: string, savedBefore: string, savedNow: string) =>
  shown === savedBefore ? savedNow : shown;
