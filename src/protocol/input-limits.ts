// Generic checks of untrusted JSON, shared by the server (every inbound frame and HTTP body) and
// the kernel's validator (json properties). They walk with an explicit stack, never recursion:
// the input they exist to refuse is nested deeply enough to overflow any recursive walk.

export interface InputProblem {
  kind: 'tooDeep' | 'nul' | 'loneSurrogate';
  /** Where: keys and indexes from the checked value's root. */
  path: (string | number)[];
}

const NUL = '\u0000';
// A UTF-16 surrogate without its partner: JSON.parse accepts "\udfff", but PostgreSQL's json and
// jsonb refuse it ("unsupported Unicode escape sequence"), so like a NUL it must never reach SQL.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What in a string PostgreSQL text cannot hold, if anything. */
function badText(s: string): 'nul' | 'loneSurrogate' | null {
  if (s.includes(NUL)) return 'nul';
  return LONE_SURROGATE.test(s) ? 'loneSurrogate' : null;
}

/** Plain JSON containers only: a Buffer or a stream given as a body is not walked. */
function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  if (typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

interface Step {
  v: Record<string, unknown> | unknown[];
  depth: number;
  parent: Step | null;
  key: string | number;
}

function pathOf(step: Step | null, last?: string | number): (string | number)[] {
  const out: (string | number)[] = last === undefined ? [] : [last];
  for (let s = step; s?.parent; s = s.parent) out.push(s.key);
  return out.reverse();
}

/**
 * The first problem in a JSON value: nesting deeper than `maxDepth` (a scalar is depth 0, `{}` or
 * `[]` depth 1), or a NUL character or a lone surrogate in a string or a key (PostgreSQL text and
 * jsonb cannot hold them, so they would fail as a database error). A walk stops at the first level over the limit, so
 * its cost is bounded by the size of the input, whatever its depth.
 */
export function findInputProblem(
  value: unknown,
  maxDepth: number,
  opts: { nul: boolean } = { nul: true },
): InputProblem | null {
  const nul = opts.nul;
  if (typeof value === 'string') {
    const bad = nul ? badText(value) : null;
    return bad ? { kind: bad, path: [] } : null;
  }
  if (!isContainer(value)) return null;
  const stack: Step[] = [{ v: value, depth: 1, parent: null, key: '' }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    if (step.depth > maxDepth) return { kind: 'tooDeep', path: pathOf(step) };
    const v = step.v;
    const keys: (string | number)[] = Array.isArray(v) ? [] : Object.keys(v);
    const n = Array.isArray(v) ? v.length : keys.length;
    for (let i = 0; i < n; i++) {
      const key = Array.isArray(v) ? i : (keys[i] as string);
      const badKey = nul && typeof key === 'string' ? badText(key) : null;
      if (badKey) return { kind: badKey, path: pathOf(step, key) };
      const child = Array.isArray(v) ? v[i] : v[key as string];
      if (typeof child === 'string') {
        const bad = nul ? badText(child) : null;
        if (bad) return { kind: bad, path: pathOf(step, key) };
      } else if (isContainer(child)) stack.push({ v: child, depth: step.depth + 1, parent: step, key });
    }
  }
  return null;
}

/** A path as dotted text for a message; a key's NUL is shown escaped. */
export function pathText(path: readonly (string | number)[]): string {
  return path.map((p) => String(p).replaceAll(NUL, '\\u0000')).join('.');
}

/**
 * Whether a json property's value is within its limits: at most `maxDepth` deep and at most
 * `maxLength` characters of JSON text (the text is measured only once the depth is known to be
 * safe for JSON.stringify).
 */
export function jsonWithinLimits(value: unknown, maxDepth: number, maxLength: number): boolean {
  if (findInputProblem(value, maxDepth, { nul: false })) return false;
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined || text.length <= maxLength;
}
