import { describe, expect, it } from 'vitest';
import { defineItemType } from './item-type';
import { renderLabel } from './label';
import type { ItemTypeDef } from './property';

const access = { create: 'admin', defaultLevel: 'PRIVATE' } as const;

function type(name: string, extra: Partial<ItemTypeDef> = {}) {
  return defineItemType({
    name,
    access,
    properties: {
      firstName: { kind: 'string' },
      lastName: { kind: 'string' },
      name: { kind: 'string' },
      email: { kind: 'string' },
      tags: { kind: 'string', list: true },
      count: { kind: 'number' },
    },
    ...extra,
  });
}

describe('renderLabel templates', () => {
  const Person = type('Person', { label: '{firstName} {lastName}' });

  it('fills each placeholder', () => {
    expect(renderLabel(Person, 'Person-1', { firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('drops a missing part and the spacing around it', () => {
    expect(renderLabel(Person, 'Person-1', { lastName: 'Lovelace' })).toBe('Lovelace');
    expect(renderLabel(Person, 'Person-1', { firstName: 'Ada', lastName: null })).toBe('Ada');
  });

  it('keeps literal text around placeholders', () => {
    const T = type('T', { label: 'Meeting: {name} ({count})' });
    expect(renderLabel(T, 'T-1', { name: 'AGM', count: 3 })).toBe('Meeting: AGM (3)');
  });

  it('renders 0, which is not empty', () => {
    const T = type('T', { label: '{count}' });
    expect(renderLabel(T, 'T-1', { count: 0 })).toBe('0');
  });

  it('joins list values with commas', () => {
    const T = type('T', { label: '{tags}' });
    expect(renderLabel(T, 'T-1', { tags: ['elder', 'speaker'] })).toBe('elder, speaker');
  });

  it('collapses whitespace inside values', () => {
    expect(renderLabel(Person, 'Person-1', { firstName: '  Ada ', lastName: '\nLovelace  ' })).toBe(
      'Ada Lovelace',
    );
  });
});

describe('renderLabel {a|b} fallback', () => {
  const User = type('User', { label: '{name|email}' });

  it('uses the first alternative when present', () => {
    expect(renderLabel(User, 'User-1', { name: 'Ada', email: 'ada@example.org' })).toBe('Ada');
  });

  it('falls back to the next when the first is missing, null or empty', () => {
    expect(renderLabel(User, 'User-1', { email: 'ada@example.org' })).toBe('ada@example.org');
    expect(renderLabel(User, 'User-1', { name: null, email: 'ada@example.org' })).toBe('ada@example.org');
    expect(renderLabel(User, 'User-1', { name: '', email: 'ada@example.org' })).toBe('ada@example.org');
  });

  it('tolerates spaces around the bar', () => {
    const T = type('T', { label: '{ name | email }' });
    expect(renderLabel(T, 'T-1', { email: 'ada@example.org' })).toBe('ada@example.org');
  });
});

describe('renderLabel empty result', () => {
  it('falls back to the id when every placeholder is empty', () => {
    const Person = type('Person', { label: '{firstName} {lastName}' });
    expect(renderLabel(Person, 'Person-7', {})).toBe('Person-7');
    expect(renderLabel(Person, 'Person-7', { firstName: '', lastName: null })).toBe('Person-7');
    expect(renderLabel(type('U', { label: '{name|email}' }), 'U-3', {})).toBe('U-3');
  });

  it('without a template, uses the first text field', () => {
    const T = defineItemType({
      name: 'Note',
      access,
      properties: { code: { kind: 'string' }, body: { kind: 'text', textField: true } },
    });
    expect(renderLabel(T, 'Note-2', { code: 'x', body: 'Hello' })).toBe('Hello');
    expect(renderLabel(T, 'Note-2', { code: 'x' })).toBe('Note-2');
  });

  it('without a template or text field, uses the id', () => {
    const T = defineItemType({ name: 'Bare', access, properties: { code: { kind: 'string' } } });
    expect(renderLabel(T, 'Bare-9', { code: 'x' })).toBe('Bare-9');
  });
});

describe("'sys.' types", () => {
  it("are labelled 'System' whatever their data", () => {
    const T = type('sys.alert', { label: '{name}' });
    expect(renderLabel(T, 'sys.alert-1', { name: 'Maintenance' })).toBe('System');
    expect(renderLabel(T, 'sys.alert-1', {})).toBe('System');
  });

  it('only by prefix: a type merely containing sys is labelled normally', () => {
    const T = type('Analysys', { label: '{name}' });
    expect(renderLabel(T, 'Analysys-1', { name: 'Report' })).toBe('Report');
  });
});

describe('renderLabel separators', () => {
  const T = type('T', { label: '{name} — {lastName}' });

  it('keeps a separator between two filled parts', () => {
    expect(renderLabel(T, 'T-1', { name: 'Pipeline', lastName: 'Riverbend' })).toBe('Pipeline — Riverbend');
  });

  it('drops the separator beside an empty part', () => {
    expect(renderLabel(T, 'T-1', { name: 'Pipeline' })).toBe('Pipeline');
    expect(renderLabel(T, 'T-1', { lastName: 'Riverbend' })).toBe('Riverbend');
    expect(renderLabel(T, 'T-1', {})).toBe('T-1');
  });

  it('leaves other literal text and separators inside values alone', () => {
    expect(renderLabel(type('M', { label: 'Meeting: {name}' }), 'M-1', {})).toBe('Meeting:');
    expect(renderLabel(T, 'T-1', { name: 'Phase 2 -', lastName: '' })).toBe('Phase 2 -');
  });
});
