import type { Page } from 'playwright-core';

// What a person should never be shown (issue 38, Deliver 5): an enumeration's or a list's key
// (NORTH, CONSULTING), an item id in the text (User-3, Contact-8) and a message key of the bundle
// (types.Consultation, consult.desk.late), in the text and in the accessible names. The sweep of
// outside-words.e2e.ts and the proponent's journey both read pages with it.

/** Capitals that are words, not keys: file formats and the like. */
const WORDS = new Set(['PDF', 'CSV', 'KML', 'KMZ', 'DOCX', 'GPX', 'URL', 'ID', 'OK', 'UTC', 'AM', 'PM']);

/** What the page shows that is a key or an id: each with where it was found. */
export async function rawWords(page: Page, types: readonly string[]): Promise<string[]> {
  const texts: string[] = await page.evaluate(`(() => {
    const out = [];
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = w.nextNode())) {
      const el = n.parentElement;
      if (!el || el.closest('script, style, [aria-hidden="true"]')) continue;
      const t = n.textContent.trim();
      if (t) out.push(t);
    }
    for (const e of document.querySelectorAll('[aria-label], [title]'))
      for (const a of ['aria-label', 'title']) { const v = e.getAttribute(a); if (v) out.push(v); }
    return out;
  })()`);
  const id = new RegExp(`\\b(${types.join('|')})-\\d+\\b`);
  const found: string[] = [];
  for (const t of texts) {
    // A key is a text of its own in capitals (NORTH), or a word joined by underscores
    // (CNS_REGIONS); capitals inside a file number (MOL-PL-88213) are the proponent's own.
    const whole = /^[A-Z][A-Z0-9_]{2,}$/.test(t) && !WORDS.has(t) ? [t] : [];
    for (const word of [...whole, ...(t.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [])])
      found.push(`key ${word} in “${t.slice(0, 80)}”`);
    if (id.test(t)) found.push(`id in “${t.slice(0, 80)}”`);
    if (/\b(types|nav|consult|item|search|dashboard|errors)\.[a-z][A-Za-z]*(\.[A-Za-z_]+)*\b/.test(t))
      found.push(`message key in “${t.slice(0, 80)}”`);
  }
  return found;
}
