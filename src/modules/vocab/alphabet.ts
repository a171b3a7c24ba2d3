// Alphabet order (docs/vocabulary-sort.md). A language may declare its alphabet as an ordered
// list of graphemes, several letters long where the orthography says so ("kw", "x̱", "tł"). A
// Lexeme's `sortKey` is its label cut into those graphemes (longest match first) and written as
// fixed-width base-36 codes, computed on write and stored, so a list sorted by label is an
// ordinary ORDER BY over one stored string: no collation knows these alphabets.
//
// Encoding, two characters a unit, all in [0-9a-z] (compares the same in "C" and in the usual
// locale collations, and lower() leaves it alone):
//   "00"           a word break (space, hyphen): "a b" sorts before "ab…"
//   "01".."zy"     the declared graphemes, in their order (up to 1,294 of them)
//   "zz" + 4       a letter the alphabet does not declare: after every declared one, by the
//                  code point of its base letter (accents stripped), so a language that
//                  declares nothing still sorts sensibly
// Apostrophes, colons and other marks that are not part of a declared grapheme are left out.

const BASE = 36;
const UNIT = 2;
const MAX_UNITS = 200;

function code(n: number, width: number): string {
  return n.toString(BASE).padStart(width, '0');
}

/** A grapheme or a label as both sides compare them: NFC and lower case. */
export function normalGrapheme(s: string): string {
  return s.normalize('NFC').toLowerCase();
}

/** The declared alphabet cleaned: normalised, blanks and repeats dropped, order kept. */
export function cleanAlphabet(alphabet: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const g of alphabet) {
    if (typeof g !== 'string') continue;
    const n = normalGrapheme(g.trim());
    if (n && !seen.has(n)) {
      seen.add(n);
      out.push(n);
    }
  }
  return out.slice(0, BASE * BASE - 2);
}

export interface Alphabet {
  /** grapheme → its rank (1-based). */
  rank: ReadonlyMap<string, number>;
  /** Lengths of the graphemes, longest first (greedy longest match). */
  lengths: readonly number[];
}

export function compileAlphabet(alphabet: readonly unknown[]): Alphabet {
  const list = cleanAlphabet(alphabet);
  const rank = new Map(list.map((g, i) => [g, i + 1]));
  const lengths = [...new Set(list.map((g) => [...g].length))].sort((a, b) => b - a);
  return { rank, lengths };
}

/** The label cut into units: declared graphemes, word breaks and undeclared letters. */
export function graphemes(label: string, a: Alphabet): { unit: string; rank: number | null }[] {
  const chars = [...normalGrapheme(label)];
  const out: { unit: string; rank: number | null }[] = [];
  let i = 0;
  while (i < chars.length) {
    let hit = false;
    for (const len of a.lengths) {
      if (i + len > chars.length) continue;
      const g = chars.slice(i, i + len).join('');
      const r = a.rank.get(g);
      if (r !== undefined) {
        out.push({ unit: g, rank: r });
        i += len;
        hit = true;
        break;
      }
    }
    if (hit) continue;
    out.push({ unit: chars[i]!, rank: null });
    i++;
  }
  return out;
}

/** The stored sort key of a label in an alphabet (see the file's head for the encoding). */
export function sortKey(label: string, a: Alphabet): string {
  let key = '';
  let units = 0;
  let lastBreak = true;
  for (const g of graphemes(label, a)) {
    if (units >= MAX_UNITS) break;
    if (g.rank !== null) {
      key += code(g.rank, UNIT);
      lastBreak = false;
    } else if (/^[\s\-‐–—_/]$/u.test(g.unit)) {
      if (!lastBreak) key += '00';
      lastBreak = true;
    } else {
      // An undeclared letter: by its base letter; a mark or punctuation of its own is left out.
      const base = g.unit.normalize('NFD').replace(/\p{M}+/gu, '');
      if (!/^[\p{L}\p{N}]/u.test(base)) continue;
      key += 'zz' + code(Math.min(base.codePointAt(0)!, BASE ** 4 - 1), 4);
      lastBreak = false;
    }
    units++;
  }
  return key.replace(/(00)+$/, '');
}
