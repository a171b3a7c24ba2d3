// Item ids are `Type-number`, optionally `Type-number-tmp` for items being created.
// The spec's rule: a hyphen is required and there are 2 or 3 dash-separated parts.
export const INVALID_ID = 'Invalid id';

export interface ParsedId {
  type: string;
  num: number;
  /** Third part, used by clients for items not yet created. */
  tmp?: number;
}

const TYPE_RE = /^[A-Za-z][A-Za-z0-9_.]*$/;
const NUM_RE = /^(0|[1-9][0-9]{0,14})$/;

export function parseId(id: unknown): ParsedId {
  if (typeof id !== 'string' || !id.includes('-')) throw new Error(INVALID_ID);
  const parts = id.split('-');
  if (parts.length < 2 || parts.length > 3) throw new Error(INVALID_ID);
  const [type, num, tmp] = parts as [string, string, string | undefined];
  if (!TYPE_RE.test(type) || !NUM_RE.test(num)) throw new Error(INVALID_ID);
  if (tmp !== undefined && !NUM_RE.test(tmp)) throw new Error(INVALID_ID);
  const parsed: ParsedId = { type, num: Number(num) };
  if (tmp !== undefined) parsed.tmp = Number(tmp);
  return parsed;
}

export function tryParseId(id: unknown): ParsedId | null {
  try {
    return parseId(id);
  } catch {
    return null;
  }
}

export function makeId(type: string, num: number): string {
  return `${type}-${num}`;
}

/** A system id (the type itself, for type-level calls) ends in -0. */
export function isSystemId(id: string): boolean {
  const p = tryParseId(id);
  return p !== null && p.num === 0 && p.tmp === undefined;
}

/** A complete id names a stored item: two parts and a number above zero. */
export function isCompleteId(id: string): boolean {
  const p = tryParseId(id);
  return p !== null && p.num > 0 && p.tmp === undefined;
}

/** Types starting with this prefix are system types: labelled 'System', granted to admins only. */
export const SYSTEM_TYPE_PREFIX = 'sys.';
