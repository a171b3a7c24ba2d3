import { describe, expect, it } from 'vitest';
import { defineItemType } from '../../kernel/item-type';
import { toFieldErrors, validatorFor } from '../../kernel/validator';
import { Contact, LOVValue, Organization, Thread, User } from '../../modules/core/types';
import {
  ACCESS_FIELD,
  PROTOCOLS_FIELD,
  PROTOCOLS_STRICT_FIELD,
  changedFields,
  dirtyKeys,
  fieldErrorMap,
  fieldShape,
  formDefaults,
  formProperties,
  fromFormValue,
  parseRaw,
  rawChanges,
  rawData,
  rebase,
  toFormValue,
  toWireData,
} from './form-model';

const base = {
  _t: 'Thread',
  _i: 3,
  $id: 'Thread-3',
  $version: 2,
  _u: 5,
  $access: 'PROTECTED',
  owner: 'Organization-1',
};

const thread = {
  ...base,
  subject: 'Road access',
  participants: ['User-2', 'Contact-4'],
  resolved: true,
  assignedDue: '2026-03-05',
  sortTS: '2026-03-05T10:00:00.000Z',
};

const Misc = defineItemType({
  name: 'Misc',
  properties: {
    count: { kind: 'number', numberKind: 'INTEGER' },
    tags: { kind: 'string', list: true },
    sizes: { kind: 'number', list: true },
    shape: { kind: 'geometry' },
    at: { kind: 'dateTime' },
    flags: { kind: 'boolean', list: true },
  },
  access: { create: 'signedIn', defaultLevel: 'PRIVATE' },
});

describe('fieldShape', () => {
  it('follows the kind and the list flag', () => {
    expect(fieldShape(Thread.properties.subject!)).toBe('scalar');
    expect(fieldShape(Thread.properties.participants!)).toBe('relationList');
    expect(fieldShape(Thread.properties.assignedTo!)).toBe('relation');
    expect(fieldShape(Thread.properties.resolved!)).toBe('boolean');
    expect(fieldShape(User.properties.capabilities!)).toBe('json');
    expect(fieldShape(Misc.properties.tags!)).toBe('list');
    expect(fieldShape(Misc.properties.shape!)).toBe('json');
    expect(fieldShape(Misc.properties.flags!)).toBe('json');
  });
});

describe('formDefaults', () => {
  it('maps every shown property to its input value', () => {
    const d = formDefaults(Thread, thread);
    expect(d[ACCESS_FIELD]).toBe('PROTECTED');
    expect(d.subject).toBe('Road access');
    expect(d.participants).toEqual(['User-2', 'Contact-4']);
    expect(d.context).toBe('');
    expect(d.resolved).toBe(true);
    expect(d.purpose).toBe('');
    expect(d.assignedDue).toBe('2026-03-05');
    expect(d.sortTS).toMatch(/^2026-03-0\dT\d{2}:\d{2}$/);
    expect(Object.keys(d)).toEqual([
      ACCESS_FIELD,
      PROTOCOLS_FIELD,
      PROTOCOLS_STRICT_FIELD,
      ...Object.keys(Thread.properties),
    ]);
    expect(d[PROTOCOLS_FIELD]).toEqual([]);
    expect(
      formDefaults(Thread, { ...thread, $protocols: ['Protocol-1'], $protocolsStrict: true }),
    ).toMatchObject({
      [PROTOCOLS_FIELD]: ['Protocol-1'],
      [PROTOCOLS_STRICT_FIELD]: true,
    });
  });

  it('leaves out the type’s own name for the level', () => {
    expect(formProperties(LOVValue).map(([k]) => k)).not.toContain('access');
    expect(
      formDefaults(LOVValue, { $access: 'COMMUNITY', access: 'COMMUNITY', key: 'A' }),
    ).not.toHaveProperty('access');
  });

  it('shows JSON indented and booleans as switches', () => {
    const d = formDefaults(User, { $access: 'PRIVATE', capabilities: { Core: true }, dark: undefined });
    expect(d.capabilities).toBe('{\n  "Core": true\n}');
    expect(d.dark).toBe(false);
  });
});

describe('fromFormValue', () => {
  it('turns empty text into no value', () => {
    expect(fromFormValue(Thread.properties.subject!, '')).toEqual({ ok: true, value: null });
    expect(fromFormValue(Thread.properties.assignedTo!, '')).toEqual({ ok: true, value: null });
    expect(fromFormValue(Misc.properties.tags!, ['', 'a', ''])).toEqual({ ok: true, value: ['a'] });
    expect(fromFormValue(Misc.properties.tags!, [])).toEqual({ ok: true, value: null });
  });

  it('parses numbers, and keeps text that is no number for the validator', () => {
    expect(fromFormValue(Misc.properties.count!, ' 42 ')).toEqual({ ok: true, value: 42 });
    expect(fromFormValue(Misc.properties.count!, 'many')).toEqual({ ok: true, value: 'many' });
    expect(fromFormValue(Misc.properties.sizes!, ['1.5', '2'])).toEqual({ ok: true, value: [1.5, 2] });
  });

  it('takes money as typed, in dollars and cents, and keeps it as whole cents', () => {
    const money = { kind: 'number', numberKind: 'NATURAL', money: true } as const;
    expect(fromFormValue(money, '45.50')).toEqual({ ok: true, value: 4550 });
    expect(fromFormValue(money, '$1,234.5')).toEqual({ ok: true, value: 123450 });
    expect(fromFormValue(money, '45')).toEqual({ ok: true, value: 4500 });
    // Three decimals are no amount: kept as text, which the validator names as no number.
    expect(fromFormValue(money, '4.505')).toEqual({ ok: true, value: '4.505' });
    expect(toFormValue(money, 4550)).toBe('45.50');
    expect(toFormValue(money, 7)).toBe('0.07');
  });

  it('parses JSON and names bad JSON', () => {
    expect(fromFormValue(Misc.properties.shape!, '{"type":"Point","coordinates":[1,2]}')).toEqual({
      ok: true,
      value: { type: 'Point', coordinates: [1, 2] },
    });
    expect(fromFormValue(Misc.properties.shape!, '  ')).toEqual({ ok: true, value: null });
    expect(fromFormValue(Misc.properties.shape!, '{nope')).toEqual({
      ok: false,
      key: 'errors.invalidJsonText',
    });
  });

  it('converts date-times to ISO', () => {
    const v = toFormValue(Misc.properties.at!, '2026-03-05T14:07:00.000Z');
    expect(fromFormValue(Misc.properties.at!, v)).toEqual({ ok: true, value: '2026-03-05T14:07:00.000Z' });
  });
});

describe('toWireData and the shared validator', () => {
  it('passes a valid item', () => {
    const { data, errors } = toWireData(Thread, formDefaults(Thread, thread));
    expect(errors).toEqual([]);
    expect(data).not.toHaveProperty('context');
    expect(data).not.toHaveProperty(ACCESS_FIELD);
    expect(validatorFor(Thread, { admin: false }).safeParse(data).success).toBe(true);
  });

  it('reports the same rule keys as the server', () => {
    const values = { ...formDefaults(Contact, { $access: 'PROTECTED' }), email: 'nope', mobilePhone: '123' };
    const { data } = toWireData(Contact, values);
    const res = validatorFor(Contact, { admin: false }).safeParse(data);
    expect(res.success).toBe(false);
    const { byField } = fieldErrorMap(toFieldErrors(res.error!), new Set(Object.keys(values)));
    expect(byField.firstName?.key).toBe('errors.required');
    expect(byField.lastName?.key).toBe('errors.required');
    expect(byField.email?.key).toBe('errors.invalidEmail');
    expect(byField.mobilePhone?.key).toBe('errors.invalidPhone');
  });

  it('reports bad JSON text', () => {
    const values = { ...formDefaults(Misc, { $access: 'PRIVATE' }), shape: '{' };
    expect(toWireData(Misc, values).errors).toEqual([{ path: 'shape', key: 'errors.invalidJsonText' }]);
  });

  it('lets enum values through and refuses others', () => {
    const values = formDefaults(Organization, { $access: 'PUBLIC', displayName: 'X', type: 'MUSEUM' });
    expect(
      validatorFor(Organization, { admin: false }).safeParse(toWireData(Organization, values).data).success,
    ).toBe(true);
  });
});

describe('changedFields', () => {
  const defaults = formDefaults(Thread, thread);

  it('is empty when nothing changed, even for date-times', () => {
    expect(changedFields(Thread, defaults, { ...defaults })).toEqual({});
    expect(dirtyKeys(defaults, { ...defaults })).toEqual([]);
  });

  it('sends only changed fields, removed values as null', () => {
    const values = {
      ...defaults,
      subject: 'New',
      participants: ['User-2'],
      assignedDue: '',
      resolved: false,
    };
    expect(changedFields(Thread, defaults, values)).toEqual({
      subject: 'New',
      participants: ['User-2'],
      assignedDue: null,
      resolved: false,
    });
  });

  it('sends the visibility level', () => {
    expect(changedFields(Thread, defaults, { ...defaults, [ACCESS_FIELD]: 'PRIVATE' })).toEqual({
      $access: 'PRIVATE',
    });
  });

  it('sends the protocols and their mode together, none as an empty list', () => {
    const restricted = { ...defaults, [PROTOCOLS_FIELD]: ['Protocol-1', 'Protocol-2'] };
    expect(changedFields(Thread, defaults, restricted)).toEqual({
      $protocols: ['Protocol-1', 'Protocol-2'],
      $protocolsStrict: false,
    });
    expect(changedFields(Thread, restricted, { ...restricted, [PROTOCOLS_STRICT_FIELD]: true })).toEqual({
      $protocols: ['Protocol-1', 'Protocol-2'],
      $protocolsStrict: true,
    });
    expect(changedFields(Thread, restricted, { ...restricted, [PROTOCOLS_FIELD]: [] })).toEqual({
      $protocols: [],
      $protocolsStrict: false,
    });
  });

  it('sends an emptied list as null', () => {
    expect(changedFields(Thread, defaults, { ...defaults, participants: [] })).toEqual({
      participants: null,
    });
  });
});

describe('rebase', () => {
  it('takes new values for untouched fields and keeps touched ones', () => {
    const oldDefaults = formDefaults(Thread, thread);
    const newer = {
      ...thread,
      $version: 3,
      _u: 6,
      subject: 'Theirs',
      resolved: false,
      purpose: 'CONSULT_ACK',
    };
    const newDefaults = formDefaults(Thread, newer);
    const current = { ...oldDefaults, subject: 'Mine', participants: ['User-9'] };
    const r = rebase(oldDefaults, newDefaults, current);
    expect(r.subject).toBe('Mine');
    expect(r.participants).toEqual(['User-9']);
    expect(r.resolved).toBe(false);
    expect(r.purpose).toBe('CONSULT_ACK');
    expect(dirtyKeys(newDefaults, r).sort()).toEqual(['participants', 'subject']);
  });

  it('is the new item when nothing was touched', () => {
    const oldDefaults = formDefaults(Thread, thread);
    const newDefaults = formDefaults(Thread, { ...thread, subject: 'Theirs' });
    expect(rebase(oldDefaults, newDefaults, { ...oldDefaults })).toEqual(newDefaults);
  });

  it('keeps an edit that happens to equal the new value, and it is then clean', () => {
    const oldDefaults = formDefaults(Thread, thread);
    const newDefaults = formDefaults(Thread, { ...thread, subject: 'Same' });
    const r = rebase(oldDefaults, newDefaults, { ...oldDefaults, subject: 'Same' });
    expect(dirtyKeys(newDefaults, r)).toEqual([]);
  });
});

describe('fieldErrorMap', () => {
  it('maps list entries to their field and keeps the first error', () => {
    const { byField, other } = fieldErrorMap(
      [
        { path: 'participants.1', key: 'errors.invalidValue' },
        { path: 'participants', key: 'errors.array.max' },
        { path: '$version', key: 'errors.required' },
      ],
      new Set(['participants']),
    );
    expect(byField).toEqual({ participants: { path: 'participants', key: 'errors.invalidValue' } });
    expect(other).toEqual([{ path: '$version', key: 'errors.required' }]);
  });
});

describe('raw edit', () => {
  const item = {
    ...thread,
    $labels: { 'User-2': 'Ann' },
    $allowed: { update: true },
    _c: { ts: 'x' },
    url: '/i-Thread-3',
  };

  it('shows the data with visibility and owner, not the server keys', () => {
    const raw = rawData(item);
    expect(raw).toHaveProperty('subject');
    expect(raw).toHaveProperty('$access');
    expect(raw).toHaveProperty('owner');
    for (const k of ['$id', '$version', '$labels', '$allowed', '_c', '_u', 'url', '_t', '_i'])
      expect(raw).not.toHaveProperty(k);
  });

  it('sends changed top-level fields, removed ones as null', () => {
    const raw = rawData(item);
    const { resolved: _r, ...edited }: Record<string, unknown> = { ...raw, subject: 'Raw', _u: 99 };
    expect(rawChanges(raw, edited)).toEqual({ subject: 'Raw', resolved: null });
  });

  it('parses only objects', () => {
    expect(parseRaw('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseRaw('[1]')).toEqual({ ok: false });
    expect(parseRaw('{')).toEqual({ ok: false });
  });
});
