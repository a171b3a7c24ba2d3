import type { LETTERHEAD_TYPES } from '../../letter-types';

// The frame of a letter (render.ts): what its template gave it to print around its text.

/** What a letter carries around its text. */
export interface LetterFrame {
  /** The letterhead image's bytes and kind (PNG or JPEG), if the letter has one. */
  letterhead?: { bytes: Buffer; type: (typeof LETTERHEAD_TYPES)[number] } | undefined;
  address?: string | undefined;
  fileNumber?: string | undefined;
  signatoryName?: string | undefined;
  signatoryTitle?: string | undefined;
}

/** The letter's reference line, in the words of the letter (record content, not the UI's). */
export const fileNumberLine = (n: string) => `File no. ${n}`;
