import { describe, expect, it } from 'vitest';
import { centsToText, formatCents, textToCents } from './money';

describe('money', () => {
  it('reads what people type as whole cents, digit by digit', () => {
    expect(textToCents('45')).toBe(4500);
    expect(textToCents('45.5')).toBe(4550);
    expect(textToCents('$1,234.50')).toBe(123450);
    expect(textToCents(' 0.07 ')).toBe(7);
    // 0.1 + 0.2 in floats is 0.30000000000000004: the digits are read, never multiplied.
    expect(textToCents('0.29')).toBe(29);
    expect(textToCents('-3.20')).toBe(-320);
  });

  it('refuses what is not an amount of at most two decimals', () => {
    for (const bad of ['', 'abc', '1.234', '1.2.3', '12e3', '$', '--1']) expect(textToCents(bad)).toBeNull();
  });

  it('writes cents back as the text the form shows, and as money to read', () => {
    expect(centsToText(4550)).toBe('45.50');
    expect(centsToText(7)).toBe('0.07');
    expect(centsToText(-250)).toBe('-2.50');
    expect(textToCents(centsToText(123456))).toBe(123456);
    expect(formatCents(123450, 'en-CA')).toBe('$1,234.50');
  });
});
