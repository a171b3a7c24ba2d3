import { describe, expect, it } from 'vitest';
import {
  EXPR_LIMITS,
  ExprError,
  evalExpr,
  parseExpr,
  referencesOf,
  type ExprEnv,
  type ExprValue,
} from '../form/expr';

// The expression subset of the form rules (docs/geokeeper-forms.md "Expressions").

function env(values: Record<string, ExprValue>, self: ExprValue = ''): ExprEnv {
  return { ref: (n) => values[n] ?? '', self: () => self, today: () => '2026-11-25' };
}
const run = (src: string, values: Record<string, ExprValue> = {}, self: ExprValue = '') =>
  evalExpr(parseExpr(src), env(values, self));

function parseError(src: string): ExprError {
  try {
    parseExpr(src);
  } catch (e) {
    if (e instanceof ExprError) return e;
    throw e;
  }
  throw new Error(`${src} parsed`);
}

describe('form expressions', () => {
  it('compares references, literals and the current value', () => {
    expect(run("${kind} = 'moose'", { kind: 'moose' })).toBe(true);
    expect(run("${kind} != 'moose'", { kind: 'moose' })).toBe(false);
    expect(run('. >= 0 and . <= 40', {}, 12)).toBe(true);
    expect(run('. >= 0 and . <= 40', {}, 41)).toBe(false);
    expect(run('${a} < ${b}', { a: 2, b: 10 })).toBe(true);
    // Two numbers written as text compare as numbers, as XPath does.
    expect(run("'10' > '9'")).toBe(true);
    // Dates compare as text, so today() bounds a date.
    expect(run('. <= today()', {}, '2026-11-24')).toBe(true);
    expect(run('. <= today()', {}, '2026-12-01')).toBe(false);
    // An empty answer is never greater or smaller than anything.
    expect(run('${n} > 0', { n: '' })).toBe(false);
    expect(run('${n} < 0', { n: '' })).toBe(false);
  });

  it('does arithmetic with XPath precedence and div/mod', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('7 div 2')).toBe(3.5);
    expect(run('7 mod 3')).toBe(1);
    expect(run('-${x} + 1', { x: 4 })).toBe(-3);
    expect(run('10 - 2 - 3')).toBe(5);
    expect(run('1 + 1 = 2 or 0')).toBe(true);
    expect(run('not(1 = 1) or 2 > 1 and 0')).toBe(false);
  });

  it('evaluates the functions', () => {
    const sm = { gear: ['net', 'rifle'] as readonly string[] };
    expect(run("selected(${gear}, 'net')", sm)).toBe(true);
    expect(run("selected(${gear}, 'trap')", sm)).toBe(false);
    // A space-separated answer (as ODK stores it) reads the same.
    expect(run("selected(${gear}, 'trap')", { gear: 'net trap' })).toBe(true);
    expect(run('count-selected(${gear})', sm)).toBe(2);
    expect(run('count-selected(${gear})', { gear: '' })).toBe(0);
    expect(run('string-length(.)', {}, 'Kâ')).toBe(2);
    expect(run('today()')).toBe('2026-11-25');
    expect(run("regex(., '^[A-Z]{2}[0-9]{3}$')", {}, 'HU123')).toBe(true);
    expect(run("regex(., '^[A-Z]{2}[0-9]{3}$')", {}, 'hu123')).toBe(false);
    expect(run("if(${n} > 5, 'many', 'few')", { n: 6 })).toBe('many');
    expect(run("if(${n} > 5, 'many', 'few')", { n: 2 })).toBe('few');
    expect(run('true() and not(false())')).toBe(true);
  });

  it('lists the references an expression makes, once each', () => {
    expect(referencesOf(parseExpr("${a} > 1 and selected(${b}, 'x') or ${a} = 2"))).toEqual(['a', 'b']);
    expect(referencesOf(parseExpr('. > 0'))).toEqual([]);
  });

  it('reports parse errors with their key and position', () => {
    expect(parseError('${a} >').key).toBe('unexpectedEnd');
    expect(parseError('${a} > ').pos).toBe(7);
    expect(parseError("'open").key).toBe('unterminatedString');
    expect(parseError('1 + $b').key).toBe('badReference');
    expect(parseError('1 + $b').pos).toBe(4);
    expect(parseError('${bad name}').key).toBe('badReference');
    expect(parseError('eval(1)').key).toBe('unknownFunction');
    expect(parseError('1 + eval(1)').pos).toBe(4);
    expect(parseError('if(1, 2)').key).toBe('arity');
    expect(parseError('(1 + 2').key).toBe('expected');
    expect(parseError('1 2').key).toBe('unexpectedToken');
    expect(parseError('1 # 2').key).toBe('unexpectedCharacter');
    expect(parseError('1 # 2').pos).toBe(2);
    expect(parseError('  ').key).toBe('empty');
  });

  it('bounds regex patterns, expression length and depth', () => {
    expect(parseError(`regex(., '${'a'.repeat(EXPR_LIMITS.maxRegexLength + 1)}')`).key).toBe('regexTooLong');
    expect(() => parseExpr(`regex(., '${'a'.repeat(EXPR_LIMITS.maxRegexLength)}')`)).not.toThrow();
    expect(parseError("regex(., '(a+)+$')").key).toBe('regexUnsafe');
    // An answer longer than the bound never matches, so no pattern runs on a huge text.
    expect(run("regex(., '^a+$')", {}, 'a'.repeat(EXPR_LIMITS.maxRegexInput))).toBe(true);
    expect(run("regex(., '^a+$')", {}, 'a'.repeat(EXPR_LIMITS.maxRegexInput + 1))).toBe(false);
    expect(parseError("regex(., '[')").key).toBe('regexInvalid');
    expect(parseError('regex(., ${p})').key).toBe('regexNotLiteral');
    expect(parseError('1 + '.repeat(300) + '1').key).toBe('tooLong');
    expect(run('('.repeat(30) + '1 + 2 * 3' + ')'.repeat(30))).toBe(7);
    expect(parseError('('.repeat(60) + '1' + ')'.repeat(60)).key).toBe('tooDeep');
  });
});
