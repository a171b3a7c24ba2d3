type Strings = Record<string, unknown>;
const isObj = (v: unknown): v is Strings => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge of two string trees; a key in both that is not an object on both sides is a bug. */
export function mergeStrings(a: Strings, b: Strings): Strings {
  const out: Strings = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const have = out[k];
    if (have === undefined) out[k] = v;
    else if (isObj(have) && isObj(v)) out[k] = mergeStrings(have, v);
    else throw new Error(`strings: ${k} defined twice`);
  }
  return out;
}
