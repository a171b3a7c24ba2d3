// JSON built as a tree and written as text. Hostile frames need what a JS object cannot hold:
// a literal "__proto__" key (an object literal sets the prototype instead), duplicate keys, and
// nesting deeper than JSON.stringify's recursion would like. Strings go through JSON.stringify,
// which writes lone surrogates and NUL as \uXXXX escapes, so JSON.parse on the server gets them.

export type J = { k: 'raw'; text: string } | { k: 'obj'; entries: [string, J][] } | { k: 'arr'; items: J[] };

export const raw = (text: string): J => ({ k: 'raw', text });
export const str = (s: string): J => raw(JSON.stringify(s));
export const obj = (entries: [string, J][]): J => ({ k: 'obj', entries });
export const arr = (items: J[]): J => ({ k: 'arr', items });

/** A plain JSON-able value as a tree (its keys are ordinary, so a JS value is safe here). */
export function fromValue(v: unknown): J {
  if (Array.isArray(v)) return arr(v.map(fromValue));
  if (v !== null && typeof v === 'object')
    return obj(Object.entries(v as Record<string, unknown>).map(([key, x]) => [key, fromValue(x)]));
  return raw(JSON.stringify(v ?? null));
}

/** Writes the tree iteratively, so nesting thousands deep cannot overflow the writer's stack. */
export function toText(root: J): string {
  const out: string[] = [];
  const stack: (J | string)[] = [root];
  while (stack.length) {
    const top = stack.pop()!;
    if (typeof top === 'string') {
      out.push(top);
      continue;
    }
    if (top.k === 'raw') {
      out.push(top.text);
      continue;
    }
    const parts: (J | string)[] = [];
    if (top.k === 'arr') {
      parts.push('[');
      top.items.forEach((item, i) => parts.push(...(i ? [','] : []), item));
      parts.push(']');
    } else {
      parts.push('{');
      top.entries.forEach(([key, value], i) => parts.push(`${i ? ',' : ''}${JSON.stringify(key)}:`, value));
      parts.push('}');
    }
    for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
  }
  return out.join('');
}
