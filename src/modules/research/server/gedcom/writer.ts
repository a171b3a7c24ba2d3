// GEDCOM 5.5.1 lines as text (docs/research-gedcom.md "Export"): a value longer than a line
// may be is cut with CONC, a line break starts a CONT, and a value's leading @ is doubled so no
// reader takes it for a pointer.

/** Value characters per line: under 5.5.1's 255 with the level, tag and a pointer. */
const MAX_VALUE = 200;

export function gedcomLine(level: number, tag: string, value = '', xref?: string): string {
  const head = `${level}${xref ? ` @${xref}@` : ''} ${tag}`;
  if (!value) return `${head}\r\n`;
  const lines = value.replace(/\r\n?/g, '\n').split('\n');
  let out = '';
  lines.forEach((text, i) => {
    const safe = text.replace(/^@/, '@@');
    const parts: string[] = [];
    for (let at = 0; at < safe.length || parts.length === 0; at += MAX_VALUE) {
      let end = Math.min(safe.length, at + MAX_VALUE);
      // Never cut a surrogate pair, nor leave a part ending in a space (readers trim it).
      if (end < safe.length && /[\uD800-\uDBFF]/.test(safe[end - 1]!)) end--;
      while (end < safe.length && end > at + 1 && safe[end - 1] === ' ') end--;
      parts.push(safe.slice(at, end));
      at = end - MAX_VALUE;
    }
    parts.forEach((part, j) => {
      if (i === 0 && j === 0) out += part ? `${head} ${part}\r\n` : `${head}\r\n`;
      else if (j === 0) out += part ? `${level + 1} CONT ${part}\r\n` : `${level + 1} CONT\r\n`;
      else out += `${level + 1} CONC ${part}\r\n`;
    });
  });
  return out;
}

/** A line whose value is a pointer to a record (1 FAMC @F1@): never escaped. */
export function pointerLine(level: number, tag: string, xref: string): string {
  return `${level} ${tag} @${xref}@\r\n`;
}
