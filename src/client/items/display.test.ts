import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { displayValue, isEmptyValue } from './display';
import { propLabel, propValueLabel } from './labels';

// A stand-in for i18next: the key, or the default value when one is given.
const t = ((key: string, o?: { defaultValue?: string }) => o?.defaultValue ?? key) as unknown as TFunction;

describe('displayValue', () => {
  it('formats by kind', () => {
    expect(displayValue(t, { kind: 'date' }, '2026-03-05')).toBe('05-Mar-2026');
    expect(displayValue(t, { kind: 'string', format: 'phone' }, '604 555 1234 x5')).toBe('(604) 555-1234 x5');
    expect(displayValue(t, { kind: 'enum', values: ['NOT_FOR_PROFIT'] }, 'NOT_FOR_PROFIT')).toBe(
      'Not for profit',
    );
    expect(displayValue(t, { kind: 'boolean' }, true)).toBe('item.yes');
    expect(displayValue(t, { kind: 'number' }, 4.5)).toBe('4.5');
    expect(displayValue(t, { kind: 'number', numberKind: 'NATURAL', money: true }, 123450)).toBe('$1,234.50');
    expect(displayValue(t, { kind: 'string', list: true }, ['a', 'b'])).toBe('a, b');
  });

  it('knows empty values', () => {
    expect(isEmptyValue('')).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue(false)).toBe(false);
    expect(displayValue(t, { kind: 'string' }, null)).toBe('');
  });
});

describe('propLabel', () => {
  it('humanizes missing translations', () => {
    expect(propLabel(t, 'Contact', 'mobilePhone')).toBe('Mobile phone');
    expect(propLabel(t, 'Contact', '_related')).toBe('Related');
    expect(propLabel(t, 'Thread', '$access')).toBe('item.access');
  });
});

describe('item-wide property names and value names (a module’s itemProperties and values)', () => {
  const bundle: Record<string, string> = {
    'itemProperties.$tkLabels': 'Traditional Knowledge labels',
    'values.$tkLabels.TK_SEASONAL': 'TK Seasonal',
  };
  const tb = ((key: string, o?: { defaultValue?: string }) =>
    bundle[key] ?? o?.defaultValue ?? key) as unknown as TFunction;

  it('names a property every type has from the module’s bundle, the type’s own name first', () => {
    expect(propLabel(tb, 'Thread', '$tkLabels')).toBe('Traditional Knowledge labels');
    expect(propLabel(t, 'Thread', '$lcProject')).toBe('Lc project');
  });

  it('names a value when the bundle has it, else says it has no name', () => {
    expect(propValueLabel(tb, '$tkLabels', 'TK_SEASONAL')).toBe('TK Seasonal');
    expect(propValueLabel(tb, '$tkLabels', 'TK_NOPE')).toBeNull();
  });
});
