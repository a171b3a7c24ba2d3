import { describe, expect, it } from 'vitest';
import type { FieldError } from '../protocol/errors';
import { defineItemType } from './item-type';
import { MAX_JSON_DEPTH, MAX_JSON_LENGTH } from '../protocol/constants';
import { buildValidator, toFieldErrors, validatorFor } from './validator';

// Each form rule of spec core §5 is reported as { path, key } with the rule's message key.

const Widget = defineItemType({
  name: 'Widget',
  access: { create: 'admin', defaultLevel: 'PRIVATE' },
  properties: {
    title: { kind: 'string', maxLength: 10, required: true },
    summary: { kind: 'text', maxLength: 5 },
    motto: { kind: 'string', notBlank: true },
    weight: { kind: 'number', numberKind: 'FLOAT' },
    count: { kind: 'number', numberKind: 'INTEGER' },
    copies: { kind: 'number', numberKind: 'NATURAL' },
    anyNumber: { kind: 'number' },
    handle: { kind: 'string', format: 'lowercase' },
    email: { kind: 'string', format: 'email' },
    emails: { kind: 'string', format: 'email', list: true },
    phone: { kind: 'string', format: 'phone' },
    website: { kind: 'string', format: 'url' },
    colour: { kind: 'string', format: 'hex' },
    tags: { kind: 'string', list: true, minItems: 1, maxItems: 3 },
    pair: { kind: 'number', list: true, exactItems: 2 },
    start: { kind: 'date' },
    end: { kind: 'date', notBefore: 'start' },
    reviewer: { kind: 'string', required: 'exceptAdmin' },
    state: { kind: 'enum', values: ['DRAFT', 'ACTIVE'] },
    org: { kind: 'relation', types: ['Organization'] },
    person: { kind: 'relation', types: ['User', 'Contact'] },
    anything: { kind: 'relation', types: ['*'] },
    born: { kind: 'date' },
    era: { kind: 'date', impreciseDate: true },
    flag: { kind: 'boolean' },
    happened: { kind: 'dateTime' },
  },
});

/** The smallest input every check passes with (for users, who must give the reviewer). */
const base = { title: 'Widget', reviewer: 'Ada' };

function errorsOf(data: Record<string, unknown>, admin = false): FieldError[] {
  const r = buildValidator(Widget, { admin }).safeParse(data);
  return r.success ? [] : toFieldErrors(r.error);
}

/** Errors of `base` plus one field, as {path, key} pairs. */
function check(field: string, value: unknown, admin = false): FieldError[] {
  return errorsOf({ ...base, [field]: value }, admin);
}

const err = (path: string, key: FieldError['key']): FieldError => ({ path, key });

describe('the base input', () => {
  it('is valid for users and admins', () => {
    expect(errorsOf(base)).toEqual([]);
    expect(errorsOf(base, true)).toEqual([]);
  });
});

describe('errors.maxLength', () => {
  it('refuses strings longer than maxLength, and accepts exactly maxLength', () => {
    expect(check('title', 'x'.repeat(11))).toEqual([err('title', 'errors.maxLength')]);
    expect(check('title', 'x'.repeat(10))).toEqual([]);
    expect(check('summary', 'abcdef')).toEqual([err('summary', 'errors.maxLength')]);
    expect(check('summary', 'abcde')).toEqual([]);
  });
});

describe('errors.required', () => {
  it('is reported for a missing, null, empty or absent required field', () => {
    expect(errorsOf({ reviewer: 'Ada' })).toEqual([err('title', 'errors.required')]);
    expect(check('title', null)).toEqual([err('title', 'errors.required')]);
    expect(check('title', '')).toEqual([err('title', 'errors.required')]);
  });

  it('is reported together with the other fields’ errors', () => {
    expect(errorsOf({ reviewer: 'Ada', email: 'nope' })).toEqual(
      expect.arrayContaining([err('title', 'errors.required'), err('email', 'errors.invalidEmail')]),
    );
    expect(errorsOf({ reviewer: 'Ada', email: 'nope' })).toHaveLength(2);
  });

  it('optional fields may be absent or null', () => {
    expect(check('email', null)).toEqual([]);
    expect(check('tags', undefined)).toEqual([]);
  });
});

describe("required 'exceptAdmin'", () => {
  it('is required for users', () => {
    expect(errorsOf({ title: 'Widget' })).toEqual([err('reviewer', 'errors.required')]);
    expect(errorsOf({ title: 'Widget', reviewer: '' })).toEqual([err('reviewer', 'errors.required')]);
  });

  it('is not required for admins', () => {
    expect(errorsOf({ title: 'Widget' }, true)).toEqual([]);
  });

  it('validatorFor picks the admin or user validator and caches each', () => {
    const user = validatorFor(Widget, { admin: false });
    const admin = validatorFor(Widget, { admin: true });
    expect(user).not.toBe(admin);
    expect(validatorFor(Widget, { admin: false })).toBe(user);
    expect(validatorFor(Widget, { admin: true })).toBe(admin);
    const u = user.safeParse({ title: 'Widget' });
    expect(u.success).toBe(false);
    if (!u.success) expect(toFieldErrors(u.error)).toEqual([err('reviewer', 'errors.required')]);
    expect(admin.safeParse({ title: 'Widget' }).success).toBe(true);
  });
});

describe('numbers', () => {
  it('errors.number.float: refuses non-numbers and non-finite numbers', () => {
    expect(check('weight', 1.25)).toEqual([]);
    expect(check('weight', -3)).toEqual([]);
    expect(check('weight', '1.25')).toEqual([err('weight', 'errors.number.float')]);
    expect(check('weight', Number.NaN)).toEqual([err('weight', 'errors.number.float')]);
    expect(check('weight', Number.POSITIVE_INFINITY)).toEqual([err('weight', 'errors.number.float')]);
    expect(check('anyNumber', 'x')).toEqual([err('anyNumber', 'errors.number.float')]);
  });

  it('errors.number.integer: refuses fractions, accepts zero and negatives', () => {
    expect(check('count', 1.5)).toEqual([err('count', 'errors.number.integer')]);
    expect(check('count', 0)).toEqual([]);
    expect(check('count', -4)).toEqual([]);
  });

  it('errors.number.natural: greater than 0 and whole', () => {
    expect(check('copies', 1)).toEqual([]);
    expect(check('copies', 250)).toEqual([]);
    expect(check('copies', 0)).toEqual([err('copies', 'errors.number.natural')]);
    expect(check('copies', -1)).toEqual([err('copies', 'errors.number.natural')]);
    expect(check('copies', 2.5)).toEqual([err('copies', 'errors.number.natural')]);
  });
});

describe('errors.lowercase', () => {
  it('refuses any upper-case letter', () => {
    expect(check('handle', 'river-bend_2')).toEqual([]);
    expect(check('handle', 'River')).toEqual([err('handle', 'errors.lowercase')]);
  });
});

describe('errors.invalidEmail', () => {
  it.each(['ada@example.org', 'a.b+c@sub.example.ca'])('accepts %s', (v) => {
    expect(check('email', v)).toEqual([]);
  });

  it.each(['ada', 'ada@example', '@example.org', 'ada @example.org', 'ada@exa mple.org'])(
    'refuses %j',
    (v) => {
      expect(check('email', v)).toEqual([err('email', 'errors.invalidEmail')]);
    },
  );

  it('reports a bad element of a list at its index', () => {
    expect(check('emails', ['ada@example.org', 'nope'])).toEqual([err('emails.1', 'errors.invalidEmail')]);
  });
});

describe('errors.invalidPhone', () => {
  it.each([
    '6135551234',
    '(613) 555-1234',
    '613-555-1234',
    '613.555.1234',
    '16135551234',
    '1 (613) 555-1234',
    '+1 613 555 1234',
    '(613) 555-1234 x123',
    '613-555-1234 ext 45',
    '613-555-1234 ext. 45',
  ])('accepts %j', (v) => {
    expect(check('phone', v)).toEqual([]);
  });

  it.each([
    '613555123', // 9 digits
    '(613) 555-123',
    '26135551234', // 11 digits without a leading 1
    '161355512345', // 12 digits
    '613-555-abcd',
    'x123',
    '',
  ])('refuses %j', (v) => {
    expect(check('phone', v)).toEqual([err('phone', 'errors.invalidPhone')]);
  });
});

describe('errors.invalidURL', () => {
  it.each(['https://example.org', 'http://example.org/a?b=c#d'])('accepts %s', (v) => {
    expect(check('website', v)).toEqual([]);
  });

  it.each(['example.org', 'not a url', 'ftp://example.org', 'javascript:alert(1)'])('refuses %j', (v) => {
    expect(check('website', v)).toEqual([err('website', 'errors.invalidURL')]);
  });
});

describe('errors.invalidHex', () => {
  it.each(['#abc', '#a1b2c3', '#ABC', '#424242'])('accepts %s', (v) => {
    expect(check('colour', v)).toEqual([]);
  });

  it.each(['#abcd', '#ab', 'abc', 'a1b2c3', '#ggg', '#a1b2c3d', '#a1b2c'])('refuses %j', (v) => {
    expect(check('colour', v)).toEqual([err('colour', 'errors.invalidHex')]);
  });
});

describe('errors.notBlank', () => {
  it('refuses whitespace only', () => {
    expect(check('motto', '   ')).toEqual([err('motto', 'errors.notBlank')]);
    expect(check('motto', '\t\n')).toEqual([err('motto', 'errors.notBlank')]);
    expect(check('motto', ' a ')).toEqual([]);
  });
});

describe('errors.array.*', () => {
  it('errors.array.min', () => {
    expect(check('tags', [])).toEqual([err('tags', 'errors.array.min')]);
    expect(check('tags', ['a'])).toEqual([]);
  });

  it('errors.array.max', () => {
    expect(check('tags', ['a', 'b', 'c'])).toEqual([]);
    expect(check('tags', ['a', 'b', 'c', 'd'])).toEqual([err('tags', 'errors.array.max')]);
  });

  it('errors.array.exactly', () => {
    expect(check('pair', [1, 2])).toEqual([]);
    expect(check('pair', [1])).toEqual([err('pair', 'errors.array.exactly')]);
    expect(check('pair', [1, 2, 3])).toEqual([err('pair', 'errors.array.exactly')]);
  });

  it('a list property refuses a single value', () => {
    expect(check('tags', 'a')).toEqual([err('tags', 'errors.invalidType')]);
  });
});

describe('errors.endBeforeStart', () => {
  it('refuses an end before its start', () => {
    expect(errorsOf({ ...base, start: '2024-05-10', end: '2024-05-09' })).toEqual([
      err('end', 'errors.endBeforeStart'),
    ]);
  });

  it('accepts an end on or after its start, or either alone', () => {
    expect(errorsOf({ ...base, start: '2024-05-10', end: '2024-05-10' })).toEqual([]);
    expect(errorsOf({ ...base, start: '2024-05-10', end: '2025-01-01' })).toEqual([]);
    expect(errorsOf({ ...base, end: '2000-01-01' })).toEqual([]);
    expect(errorsOf({ ...base, start: '2030-01-01' })).toEqual([]);
  });
});

describe('errors.unknownField', () => {
  it('names each undeclared field', () => {
    expect(errorsOf({ ...base, colour2: '#fff' })).toEqual([err('colour2', 'errors.unknownField')]);
    expect(errorsOf({ ...base, a: 1, b: 2 })).toEqual([
      err('a', 'errors.unknownField'),
      err('b', 'errors.unknownField'),
    ]);
  });

  it('automatic properties are not writable data', () => {
    expect(errorsOf({ ...base, _t: 'Widget' })).toEqual([err('_t', 'errors.unknownField')]);
  });
});

describe('enum: errors.invalidValue', () => {
  it('accepts declared values only', () => {
    expect(check('state', 'DRAFT')).toEqual([]);
    expect(check('state', 'ACTIVE')).toEqual([]);
    expect(check('state', 'draft')).toEqual([err('state', 'errors.invalidValue')]);
    expect(check('state', 'ARCHIVED')).toEqual([err('state', 'errors.invalidValue')]);
  });
});

describe('relation target types', () => {
  it('accepts a complete id of a target type', () => {
    expect(check('org', 'Organization-3')).toEqual([]);
    expect(check('person', 'User-1')).toEqual([]);
    expect(check('person', 'Contact-8')).toEqual([]);
  });

  it('refuses an id of another type', () => {
    expect(check('org', 'Contact-3')).toEqual([err('org', 'errors.invalidValue')]);
    expect(check('person', 'Organization-3')).toEqual([err('person', 'errors.invalidValue')]);
  });

  it('refuses system ids, ids of items being created and invalid ids', () => {
    expect(check('org', 'Organization-0')).toEqual([err('org', 'errors.invalidValue')]);
    expect(check('org', 'Organization-3-1')).toEqual([err('org', 'errors.invalidValue')]);
    expect(check('org', 'Organization')).toEqual([err('org', 'errors.invalidValue')]);
    expect(check('anything', 'garbage')).toEqual([err('anything', 'errors.invalidValue')]);
  });

  it("'*' accepts any type", () => {
    expect(check('anything', 'Organization-1')).toEqual([]);
    expect(check('anything', 'Whatever-77')).toEqual([]);
  });

  it('refuses a non-string', () => {
    expect(check('org', 3)).toEqual([err('org', 'errors.invalidType')]);
  });
});

describe('dates', () => {
  it('a date is YYYY-MM-DD', () => {
    expect(check('born', '2024-02-29')).toEqual([]);
    expect(check('born', '2024')).toEqual([err('born', 'errors.invalidValue')]);
    expect(check('born', '2024-02')).toEqual([err('born', 'errors.invalidValue')]);
    expect(check('born', '2024-13-01')).toEqual([err('born', 'errors.invalidValue')]);
    expect(check('born', '2024-02-29T10:00')).toEqual([err('born', 'errors.invalidValue')]);
    expect(check('born', '29-02-2024')).toEqual([err('born', 'errors.invalidValue')]);
  });

  it('an impreciseDate also allows YYYY and YYYY-MM', () => {
    expect(check('era', '1850')).toEqual([]);
    expect(check('era', '1850-07')).toEqual([]);
    expect(check('era', '1850-07-01')).toEqual([]);
    expect(check('era', '1850-13')).toEqual([err('era', 'errors.invalidValue')]);
    expect(check('era', '185')).toEqual([err('era', 'errors.invalidValue')]);
    expect(check('era', '1850-7')).toEqual([err('era', 'errors.invalidValue')]);
  });

  it('a dateTime needs a time', () => {
    expect(check('happened', '2024-02-29T10:00:00Z')).toEqual([]);
    expect(check('happened', '2024-02-29')).toEqual([err('happened', 'errors.invalidValue')]);
  });
});

describe('wrong JSON types', () => {
  it('reports errors.invalidType', () => {
    expect(check('title', 5)).toEqual([err('title', 'errors.invalidType')]);
    expect(check('flag', 'true')).toEqual([err('flag', 'errors.invalidType')]);
  });

  it('refuses a non-object body', () => {
    const r = buildValidator(Widget, { admin: true }).safeParse(['x']);
    expect(r.success).toBe(false);
  });
});

describe('calendar dates and duplicate messages', () => {
  const t = defineItemType({
    name: 'DateCheck',
    properties: {
      day: { kind: 'date' },
      when: { kind: 'date', impreciseDate: true },
      name: { kind: 'string', required: true, notBlank: true },
    },
    access: { create: 'signedIn', defaultLevel: 'PRIVATE' },
  });
  const errs = (data: Record<string, unknown>) => {
    const r = buildValidator(t, { admin: false }).safeParse(data);
    return r.success ? [] : toFieldErrors(r.error);
  };

  it('refuses dates that are not on the calendar', () => {
    expect(errs({ name: 'x', day: '2023-02-29' })).toEqual([{ path: 'day', key: 'errors.invalidValue' }]);
    expect(errs({ name: 'x', day: '2024-02-29' })).toEqual([]);
    expect(errs({ name: 'x', when: '2024-02-30' })).toEqual([{ path: 'when', key: 'errors.invalidValue' }]);
    expect(errs({ name: 'x', when: '1880' })).toEqual([]);
  });

  it('says only "required" for an empty required field', () => {
    expect(errs({ name: '' })).toEqual([{ path: 'name', key: 'errors.required' }]);
    expect(errs({ name: '  ' })).toEqual([{ path: 'name', key: 'errors.notBlank' }]);
  });
});

describe('errors.jsonTooLarge', () => {
  const Doc = defineItemType({
    name: 'Doc',
    access: { create: 'admin', defaultLevel: 'PRIVATE' },
    properties: { shape: { kind: 'json' } },
  });
  const deep = (n: number) => JSON.parse('{"a":'.repeat(n) + '1' + '}'.repeat(n)) as unknown;
  const errorsOfDoc = (shape: unknown) => {
    const r = buildValidator(Doc, { admin: true }).safeParse({ shape });
    return r.success ? [] : toFieldErrors(r.error);
  };

  it('names the json field nested deeper than MAX_JSON_DEPTH, or longer than MAX_JSON_LENGTH', () => {
    expect(errorsOfDoc(deep(MAX_JSON_DEPTH))).toEqual([]);
    expect(errorsOfDoc(deep(MAX_JSON_DEPTH + 1))).toEqual([err('shape', 'errors.jsonTooLarge')]);
    expect(errorsOfDoc(deep(50_000))).toEqual([err('shape', 'errors.jsonTooLarge')]);
    expect(errorsOfDoc({ note: 'x'.repeat(MAX_JSON_LENGTH) })).toEqual([err('shape', 'errors.jsonTooLarge')]);
    expect(errorsOfDoc(null)).toEqual([]);
  });
});
