import { arr, obj, raw, str, type J } from './json-text';
import type { Rng } from './prng';

// Hostile values: each list is what a careless handler mishandles. Sizes stay well below the
// 1 MiB frame limit, since an over-size frame is a close (1009) and not a reply to check.

/** Keys that Object.prototype already has, and keys the server gives meaning to. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
export const SPECIAL_KEYS = [
  '$id',
  '$version',
  '_t',
  '_i',
  '_u',
  '_c',
  '_m',
  '$access',
  'owner',
  '$text',
  '_c.ts',
  '$labels',
  '$allowed',
];

const SHORT_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\udc00\ud800',
  '\u202e\u202dabc',
  '\u200f\u200e',
  '\ufeff',
  '\u2028\u2029',
  'e\u0301\u0301\u0301',
  '😀👩‍👩‍👧‍👦',
  'Ｔｈｒｅａｄ-１',
  '\n\r\t\b\f',
  '\\',
  '"',
  "'; drop table items; --",
  '%00',
  '%2e%2e%2f',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '${process.exit()}',
  '{{constructor.constructor}}',
  'null',
  'undefined',
  'NaN',
  'true',
  '1e308',
  '-0',
  '..',
  '2026-13-45T99:99:99Z',
  '..2026-01-01',
  '1..',
  'Thread-1',
  'User-0',
  'Organization-1',
  '*',
  '%',
  '_',
  ...PROTO_KEYS,
];

/** Valid JSON number texts that JSON.parse turns into edge values (1e309 is Infinity). */
export const NUMBER_TEXTS = [
  '0',
  '-0',
  '-1',
  '1.5',
  '1e308',
  '-1e308',
  '1e309',
  '-1e309',
  '5e-324',
  '1e-400',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '99999999999999999999',
  '123456789012345678901234567890',
  '0.30000000000000004',
  '1E2',
];

export function hostileString(rng: Rng): string {
  const r = rng.next();
  // Mostly short, so thousands of frames a minute still fit through; long and huge ones now and then.
  if (r < 0.9) return rng.pick(SHORT_STRINGS);
  if (r < 0.97) return rng.pick(['a', 'é', '😀', '\u0000', '\ud800', 'ab ']).repeat(rng.int(100, 5000));
  if (r < 0.995) return 'x'.repeat(rng.int(5000, 60_000));
  // A huge string, rarely: every handler must bound it before the database sees it.
  return rng.pick(['y', 'é']).repeat(rng.int(100_000, 400_000));
}

export function hostileKey(rng: Rng, known: readonly string[] = []): string {
  const r = rng.next();
  if (r < 0.35) return rng.pick(PROTO_KEYS);
  if (r < 0.55) return rng.pick(SPECIAL_KEYS);
  if (r < 0.75 && known.length) return rng.pick(known);
  if (r < 0.85) return rng.pick(['', '\u0000', '\ud800', 'a.b.c', '.', 'x'.repeat(300), '\u202e', ' ', '0']);
  return hostileString(rng).slice(0, 400);
}

/** Ids as a client should never send them, plus real ones so some requests get far. */
export function hostileId(rng: Rng, types: readonly string[], realIds: readonly string[]): string {
  const t = rng.pick(types);
  const r = rng.next();
  if (r < 0.3 && realIds.length) return rng.pick(realIds);
  if (r < 0.4) return `${t}-${rng.int(1, 40)}`;
  return rng.pick([
    `${t}-`,
    '-1',
    `${t}--1`,
    `${t}-0`,
    `${t}-01`,
    `${t}-1-`,
    `${t}-1-2`,
    `${t}-1-99999999999999999999`,
    `${t}-99999999999999999999`,
    `${t}-9007199254740993`,
    `${t}-2147483648`,
    `${t}-1e3`,
    `${t}-0x10`,
    `${t}-NaN`,
    `${t}-Infinity`,
    `${t}- 1`,
    `${t}-1 `,
    `${t}-١`,
    `${t.toLowerCase()}-1`,
    `NoSuchType-1`,
    '__proto__-1',
    'constructor-1',
    'toString-0',
    `${t}-1/../User-1`,
    '../../etc/passwd',
    '..%2f..%2fetc',
    `${t}-1%00`,
    `${t}-1\u0000`,
    `${t}\ud800-1`,
    '',
    '-',
    '0',
    `${'A'.repeat(300)}-1`,
  ]);
}

export function hostileNumber(rng: Rng): J {
  return raw(rng.pick(NUMBER_TEXTS));
}

/** Nesting hundreds to thousands deep, of arrays, objects or both. */
export function deepValue(rng: Rng): J {
  const depth = rng.pick([100, 500, 1000, 3000, 8000]);
  const key = JSON.stringify(rng.chance(0.3) ? rng.pick(PROTO_KEYS) : 'a');
  const [open, close] = rng.pick([
    ['[', ']'],
    [`{${key}:`, '}'],
    [`[{${key}:`, '}]'],
  ] as const);
  return raw(open.repeat(depth) + '1' + close.repeat(depth));
}

/** Thousands of members: a handler that loops per member must bound them. */
export function wideValue(rng: Rng): J {
  const n = rng.pick([1000, 5000, 20_000]);
  if (rng.chance(0.5))
    return arr(Array.from({ length: n }, (_, i) => (i % 2 ? raw(String(i)) : str(`v${i}`))));
  return obj(Array.from({ length: n }, (_, i) => [`k${i}`, raw(i % 3 ? 'null' : String(i))] as [string, J]));
}

/** Any hostile value; `depth` limits the random (not the deliberate deep) nesting. */
export function hostileValue(rng: Rng, depth = 0, keys: readonly string[] = []): J {
  const r = rng.next();
  if (r < 0.25) return str(hostileString(rng));
  if (r < 0.4) return hostileNumber(rng);
  if (r < 0.47) return raw(rng.pick(['true', 'false', 'null']));
  if (r < 0.49) return deepValue(rng);
  if (r < 0.505) return wideValue(rng);
  if (depth > 3) return raw('[]');
  if (r < 0.75) return arr(Array.from({ length: rng.int(0, 4) }, () => hostileValue(rng, depth + 1, keys)));
  return obj(
    Array.from(
      { length: rng.int(0, 4) },
      () => [hostileKey(rng, keys), hostileValue(rng, depth + 1, keys)] as [string, J],
    ),
  );
}
