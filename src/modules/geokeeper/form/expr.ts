// The XLSForm expression subset the form rules use (docs/geokeeper-forms.md "Expressions"):
// a hand-written tokenizer, a precedence-climbing parser and a tree-walking evaluator. Rules are
// written by organisation admins and arrive in imported spreadsheets, so nothing here ever reaches
// eval or Function, the depth and length are bounded, and regex patterns must be short literals.

export const EXPR_LIMITS = {
  /** Characters in one expression. */
  maxLength: 1000,
  /** Nesting of parentheses, calls and operators. */
  maxDepth: 40,
  /** Characters in a regex() pattern. */
  maxRegexLength: 200,
  /** Characters regex() tests: a longer answer does not match (bounds the worst backtracking). */
  maxRegexInput: 2000,
} as const;

export type ExprNode =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'ref'; name: string; pos: number }
  | { t: 'self'; pos: number }
  | { t: 'bin'; op: BinaryOp; l: ExprNode; r: ExprNode }
  | { t: 'neg'; e: ExprNode }
  | { t: 'call'; fn: FunctionName; args: ExprNode[]; pos: number; re?: RegExp };

export type BinaryOp = 'or' | 'and' | '=' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | 'div' | 'mod';

/** Functions and their arities [min, max]. */
const FUNCTIONS = {
  not: [1, 1],
  selected: [2, 2],
  'count-selected': [1, 1],
  'string-length': [1, 1],
  today: [0, 0],
  regex: [2, 2],
  if: [3, 3],
  true: [0, 0],
  false: [0, 0],
} as const satisfies Record<string, readonly [number, number]>;
export type FunctionName = keyof typeof FUNCTIONS;
export const EXPR_FUNCTIONS = Object.keys(FUNCTIONS) as FunctionName[];

export const EXPR_ERROR_KEYS = [
  'arity',
  'badReference',
  'empty',
  'expected',
  'regexInvalid',
  'regexNotLiteral',
  'regexTooLong',
  'regexUnsafe',
  'tooDeep',
  'tooLong',
  'unexpectedCharacter',
  'unexpectedEnd',
  'unexpectedToken',
  'unknownFunction',
  'unterminatedString',
] as const;
export type ExprErrorKey = (typeof EXPR_ERROR_KEYS)[number];

/** A parse error: `key` names the message (geokeeper.form.expr.<key>), `pos` the 0-based column. */
export class ExprError extends Error {
  constructor(
    readonly key: ExprErrorKey,
    readonly pos: number,
    detail?: string,
  ) {
    super(`${key} at ${pos}${detail ? `: ${detail}` : ''}`);
    this.name = 'ExprError';
  }
}

type Token =
  | { k: 'num'; v: number; pos: number }
  | { k: 'str'; v: string; pos: number }
  | { k: 'ref'; v: string; pos: number }
  | { k: 'id'; v: string; pos: number }
  | { k: 'op'; v: string; pos: number }
  | { k: 'end'; pos: number };

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_-]*/;
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)/;

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const rest = src.slice(i);
    if (c === '$') {
      if (src[i + 1] !== '{') throw new ExprError('badReference', i);
      const close = src.indexOf('}', i + 2);
      const name = close < 0 ? '' : src.slice(i + 2, close);
      if (close < 0 || NAME.exec(name)?.[0] !== name) throw new ExprError('badReference', i);
      out.push({ k: 'ref', v: name, pos: i });
      i = close + 1;
      continue;
    }
    if (c === "'" || c === '"') {
      const close = src.indexOf(c, i + 1);
      if (close < 0) throw new ExprError('unterminatedString', i);
      out.push({ k: 'str', v: src.slice(i + 1, close), pos: i });
      i = close + 1;
      continue;
    }
    const num = NUMBER.exec(rest);
    if (num) {
      out.push({ k: 'num', v: Number(num[0]), pos: i });
      i += num[0].length;
      continue;
    }
    const two = rest.slice(0, 2);
    if (two === '!=' || two === '<=' || two === '>=') {
      out.push({ k: 'op', v: two, pos: i });
      i += 2;
      continue;
    }
    if ('=<>+-*(),.'.includes(c)) {
      out.push({ k: 'op', v: c, pos: i });
      i++;
      continue;
    }
    const id = IDENT.exec(rest);
    if (id) {
      out.push({ k: 'id', v: id[0], pos: i });
      i += id[0].length;
      continue;
    }
    throw new ExprError('unexpectedCharacter', i, c);
  }
  out.push({ k: 'end', pos: src.length });
  return out;
}

// Binary operators by precedence level, loosest first (XPath 1.0 order).
const LEVELS: BinaryOp[][] = [
  ['or'],
  ['and'],
  ['=', '!='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', 'div', 'mod'],
];

// A regex whose quantified group itself holds a quantifier ((a+)+, (a*)*) can backtrack for
// ages on a long value; such patterns are refused with the length limit.
const NESTED_QUANTIFIER = /\([^)]*[+*}][^)]*\)\s*[+*{]/;

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  private peek(): Token {
    return this.toks[this.i]!;
  }

  private take(): Token {
    return this.toks[this.i++]!;
  }

  private opOf(tok: Token): string | undefined {
    if (tok.k === 'op') return tok.v;
    if (tok.k === 'id' && (tok.v === 'and' || tok.v === 'or' || tok.v === 'div' || tok.v === 'mod'))
      return tok.v;
    return undefined;
  }

  parseAll(): ExprNode {
    const node = this.binary(0, 0);
    const tok = this.peek();
    if (tok.k !== 'end') throw new ExprError('unexpectedToken', tok.pos);
    return node;
  }

  private binary(level: number, depth: number): ExprNode {
    if (depth > EXPR_LIMITS.maxDepth) throw new ExprError('tooDeep', this.peek().pos);
    if (level >= LEVELS.length) return this.unary(depth);
    // Depth counts nesting (parentheses, calls, unary minus), not precedence levels.
    let left = this.binary(level + 1, depth);
    for (;;) {
      const op = this.opOf(this.peek());
      if (!op || !(LEVELS[level] as string[]).includes(op)) return left;
      this.take();
      const right = this.binary(level + 1, depth);
      left = { t: 'bin', op: op as BinaryOp, l: left, r: right };
    }
  }

  private unary(depth: number): ExprNode {
    if (depth > EXPR_LIMITS.maxDepth) throw new ExprError('tooDeep', this.peek().pos);
    const tok = this.peek();
    if (tok.k === 'op' && tok.v === '-') {
      this.take();
      return { t: 'neg', e: this.unary(depth + 1) };
    }
    return this.primary(depth);
  }

  private expect(op: string): void {
    const tok = this.take();
    if (tok.k !== 'op' || tok.v !== op) throw new ExprError('expected', tok.pos, op);
  }

  private primary(depth: number): ExprNode {
    const tok = this.take();
    switch (tok.k) {
      case 'num':
        return { t: 'num', v: tok.v };
      case 'str':
        return { t: 'str', v: tok.v };
      case 'ref':
        return { t: 'ref', name: tok.v, pos: tok.pos };
      case 'op':
        if (tok.v === '.') return { t: 'self', pos: tok.pos };
        if (tok.v === '(') {
          const inner = this.binary(0, depth + 1);
          this.expect(')');
          return inner;
        }
        throw new ExprError('unexpectedToken', tok.pos);
      case 'id':
        return this.call(tok.v, tok.pos, depth);
      case 'end':
        throw new ExprError('unexpectedEnd', tok.pos);
    }
  }

  private call(name: string, pos: number, depth: number): ExprNode {
    if (!Object.hasOwn(FUNCTIONS, name)) throw new ExprError('unknownFunction', pos, name);
    const fn = name as FunctionName;
    this.expect('(');
    const args: ExprNode[] = [];
    const next = this.peek();
    if (!(next.k === 'op' && next.v === ')')) {
      for (;;) {
        args.push(this.binary(0, depth + 1));
        const sep = this.peek();
        if (sep.k === 'op' && sep.v === ',') {
          this.take();
          continue;
        }
        break;
      }
    }
    this.expect(')');
    const [min, max] = FUNCTIONS[fn];
    if (args.length < min || args.length > max) throw new ExprError('arity', pos, name);
    const node: ExprNode = { t: 'call', fn, args, pos };
    if (fn === 'regex') node.re = compilePattern(args[1]!, pos);
    return node;
  }
}

// The pattern is compiled once, at parse time, so an invalid or unsafe one is an author's error
// shown with the form, never a surprise while someone is collecting.
function compilePattern(arg: ExprNode, pos: number): RegExp {
  if (arg.t !== 'str') throw new ExprError('regexNotLiteral', pos);
  if (arg.v.length > EXPR_LIMITS.maxRegexLength) throw new ExprError('regexTooLong', pos);
  if (NESTED_QUANTIFIER.test(arg.v)) throw new ExprError('regexUnsafe', pos);
  try {
    return new RegExp(arg.v, 'u');
  } catch {
    throw new ExprError('regexInvalid', pos);
  }
}

/** Parses an expression; throws ExprError (with a position) when it is not in the subset. */
export function parseExpr(src: string): ExprNode {
  if (src.length > EXPR_LIMITS.maxLength) throw new ExprError('tooLong', EXPR_LIMITS.maxLength);
  if (src.trim() === '') throw new ExprError('empty', 0);
  return new Parser(tokenize(src)).parseAll();
}

/** The `${name}` references an expression makes, in order, each once. */
export function referencesOf(node: ExprNode): string[] {
  const out = new Set<string>();
  const walk = (n: ExprNode): void => {
    if (n.t === 'ref') out.add(n.name);
    else if (n.t === 'bin') {
      walk(n.l);
      walk(n.r);
    } else if (n.t === 'neg') walk(n.e);
    else if (n.t === 'call') n.args.forEach(walk);
  };
  walk(node);
  return [...out];
}

/** A value as expressions see it: select_multiple answers are arrays of choice values. */
export type ExprValue = string | number | boolean | readonly string[];

export interface ExprEnv {
  /** The value of `${name}`, resolved in the current repeat instance first; '' when empty. */
  ref(name: string): ExprValue;
  /** The value of `.` (the field the rule belongs to). */
  self(): ExprValue;
  /** Today as YYYY-MM-DD. */
  today(): string;
}

export function toStringValue(v: ExprValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : String(v);
  return v.join(' ');
}

export function toNumber(v: ExprValue): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const s = toStringValue(v).trim();
  return /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(s) ? Number(s) : NaN;
}

export function toBoolean(v: ExprValue): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  return toStringValue(v).length > 0;
}

function compare(op: BinaryOp, a: ExprValue, b: ExprValue): boolean {
  if (op === '=' || op === '!=') {
    let eq: boolean;
    if (typeof a === 'boolean' || typeof b === 'boolean') eq = toBoolean(a) === toBoolean(b);
    else if (typeof a === 'number' || typeof b === 'number') eq = toNumber(a) === toNumber(b);
    else eq = toStringValue(a) === toStringValue(b);
    return op === '=' ? eq : !eq;
  }
  // Relational operators compare numbers, as XPath does, except when neither side reads as a
  // number: then two strings compare as text, so ISO dates and times (`. <= today()`) work.
  const na = toNumber(a);
  const nb = toNumber(b);
  if (Number.isNaN(na) && Number.isNaN(nb) && typeof a !== 'number' && typeof b !== 'number') {
    const sa = toStringValue(a);
    const sb = toStringValue(b);
    if (sa === '' || sb === '') return false;
    if (op === '<') return sa < sb;
    if (op === '<=') return sa <= sb;
    if (op === '>') return sa > sb;
    return sa >= sb;
  }
  if (op === '<') return na < nb;
  if (op === '<=') return na <= nb;
  if (op === '>') return na > nb;
  return na >= nb;
}

function selectedValues(v: ExprValue): string[] {
  if (Array.isArray(v)) return [...(v as readonly string[])];
  return toStringValue(v)
    .split(' ')
    .filter((s) => s !== '');
}

/** Evaluates a parsed expression. Never throws for data: odd values give NaN, '' or false. */
export function evalExpr(node: ExprNode, env: ExprEnv): ExprValue {
  switch (node.t) {
    case 'num':
      return node.v;
    case 'str':
      return node.v;
    case 'ref':
      return env.ref(node.name);
    case 'self':
      return env.self();
    case 'neg':
      return -toNumber(evalExpr(node.e, env));
    case 'bin':
      return evalBinary(node.op, node.l, node.r, env);
    case 'call':
      return evalCall(node, env);
  }
}

function evalBinary(op: BinaryOp, l: ExprNode, r: ExprNode, env: ExprEnv): ExprValue {
  if (op === 'or') return toBoolean(evalExpr(l, env)) || toBoolean(evalExpr(r, env));
  if (op === 'and') return toBoolean(evalExpr(l, env)) && toBoolean(evalExpr(r, env));
  const a = evalExpr(l, env);
  const b = evalExpr(r, env);
  switch (op) {
    case '+':
      return toNumber(a) + toNumber(b);
    case '-':
      return toNumber(a) - toNumber(b);
    case '*':
      return toNumber(a) * toNumber(b);
    case 'div':
      return toNumber(a) / toNumber(b);
    case 'mod':
      return toNumber(a) % toNumber(b);
    default:
      return compare(op, a, b);
  }
}

function evalCall(node: Extract<ExprNode, { t: 'call' }>, env: ExprEnv): ExprValue {
  const arg = (i: number): ExprValue => evalExpr(node.args[i]!, env);
  switch (node.fn) {
    case 'not':
      return !toBoolean(arg(0));
    case 'selected':
      return selectedValues(arg(0)).includes(toStringValue(arg(1)).trim());
    case 'count-selected':
      return selectedValues(arg(0)).length;
    case 'string-length':
      return [...toStringValue(arg(0))].length;
    case 'today':
      return env.today();
    case 'regex': {
      const s = toStringValue(arg(0));
      return s.length <= EXPR_LIMITS.maxRegexInput && node.re!.test(s);
    }
    case 'if':
      return toBoolean(arg(0)) ? arg(1) : arg(2);
    case 'true':
      return true;
    case 'false':
      return false;
  }
}
