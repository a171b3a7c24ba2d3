// Search folding (docs/vocabulary.md "Search"): the words a Lexeme adds to full-text search
// besides its label, translation and spellings, so a learner typing on an English keyboard finds
// the word. The search already ignores case and accents (ckk_unaccent) and cuts words at
// punctuation, so "sto:lo" finds "Stó:lō" as "sto" + "lo"; folding adds each spelling written
// plainly as one word ("stolo") and with the letters of Americanist orthographies written in
// Latin letters (ə → e, ł → l, ʷ → w, ʔ left out), which unaccent does not do.

const LETTERS: Readonly<Record<string, string>> = {
  ə: 'e',
  ɛ: 'e',
  ɨ: 'i',
  ɔ: 'o',
  ʊ: 'u',
  ł: 'l',
  ɬ: 'l',
  ƛ: 'tl',
  λ: 'tl',
  ʷ: 'w',
  ʸ: 'y',
  ŋ: 'ng',
  χ: 'x',
  ɣ: 'g',
  š: 's',
  č: 'c',
  ǰ: 'j',
  ʃ: 'sh',
  ʕ: '',
  ʔ: '',
  ʼ: '',
  ʻ: '',
  '’': '',
  "'": '',
  '·': '',
  ':': '',
  '꞉': '',
};

/** One spelling in plain Latin letters, as one word per word of it: "Stó:lō" → "stolo". */
export function foldSpelling(s: string): string {
  const base = s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase();
  let out = '';
  for (const ch of base) out += LETTERS[ch] ?? ch;
  return out
    .replace(/[^\p{L}\p{N}\s-]+/gu, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

/** The folded forms of a Lexeme's spellings that add something, joined for the search text. */
export function foldedText(spellings: readonly unknown[]): string {
  const out = new Set<string>();
  for (const s of spellings) {
    if (typeof s !== 'string' || !s.trim()) continue;
    const f = foldSpelling(s);
    if (f && f !== s.toLowerCase()) out.add(f);
  }
  return [...out].join(' ').slice(0, 5000);
}
