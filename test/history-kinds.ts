import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The history event kinds the server writes, read from its source (history-words.test.ts checks
// each has words). An event is written by appendEvent/writeWithEvent (`kind`) or by the item
// service's touchIn/patchIn/update/create (`event`). A kind is followed from the call to its
// string: a literal, either side of a `?:`, `??` or `||`, a const (in the file or imported), or
// a parameter, through every call of its function (the workflow engine's `save(run, 'WKF_…')`,
// fileDerivedField's fourth argument). What cannot be followed so is reported as unread, so a
// new way of naming a kind fails the test instead of slipping past it.

export const ROOT = path.resolve(__dirname, '..');

export interface WrittenKind {
  kind: string;
  /** Where the kind's string is written (repo-relative): it decides whose bundle holds its words. */
  file: string;
  line: number;
}

export interface Unread {
  file: string;
  line: number;
  text: string;
}

/** Where the events are written: the server and every module's server half. */
export function writerFiles(root = ROOT): string[] {
  const modules = path.join(root, 'src', 'modules');
  const dirs = [
    path.join(root, 'src', 'server'),
    ...readdirSync(modules)
      .map((id) => path.join(modules, id, 'server'))
      .filter((d) => existsSync(d)),
  ];
  return dirs.flatMap(sourceFiles);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The calls that write an event, and the property of their options that names its kind. */
const SINKS: Record<string, string> = {
  appendEvent: 'kind',
  writeWithEvent: 'kind',
  touchIn: 'event',
  patchIn: 'event',
  update: 'event',
  create: 'event',
  createIn: 'event',
};

type Fn = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration;

export class HistoryKindScanner {
  private readonly parsed = new Map<string, ts.SourceFile>();
  private readonly seen = new Set<string>();
  readonly kinds: WrittenKind[] = [];
  readonly unread: Unread[] = [];

  constructor(
    private readonly files: readonly string[],
    private readonly root = ROOT,
  ) {}

  scan(): this {
    for (const file of this.files) {
      const sf = this.source(file);
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n)) {
          const prop = SINKS[calleeName(n) ?? ''];
          if (prop)
            for (const arg of n.arguments) {
              if (!ts.isObjectLiteralExpression(arg)) continue;
              for (const p of arg.properties) {
                if (!p.name || !ts.isIdentifier(p.name) || p.name.text !== prop) continue;
                if (ts.isPropertyAssignment(p)) this.resolve(p.initializer, file);
                else if (ts.isShorthandPropertyAssignment(p)) this.resolve(p.name, file);
              }
            }
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    return this;
  }

  private source(file: string): ts.SourceFile {
    let sf = this.parsed.get(file);
    if (!sf) {
      sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      this.parsed.set(file, sf);
    }
    return sf;
  }

  private rel(file: string) {
    return path.relative(this.root, file).split(path.sep).join('/');
  }

  private where(n: ts.Node, file: string) {
    const sf = this.source(file);
    return { file: this.rel(file), line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1 };
  }

  private fail(n: ts.Node, file: string, why: string) {
    this.unread.push({ ...this.where(n, file), text: `${n.getText(this.source(file))} (${why})` });
  }

  private resolve(e: ts.Expression, file: string): void {
    const key = `${file}:${e.pos}:${e.end}:${e.kind}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
      this.kinds.push({ kind: e.text, ...this.where(e, file) });
    } else if (ts.isConditionalExpression(e)) {
      this.resolve(e.whenTrue, file);
      this.resolve(e.whenFalse, file);
    } else if (
      ts.isBinaryExpression(e) &&
      (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      this.resolve(e.left, file);
      this.resolve(e.right, file);
    } else if (
      ts.isParenthesizedExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isNonNullExpression(e)
    ) {
      this.resolve(e.expression, file);
    } else if (ts.isIdentifier(e)) {
      this.resolveName(e, file);
    } else {
      this.fail(e, file, 'not a string, a const or a parameter');
    }
  }

  /** A name: a parameter or a const of an enclosing scope, else a top-level const or an import. */
  private resolveName(id: ts.Identifier, file: string): void {
    const name = id.text;
    for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
      if (isFn(n)) {
        const i = n.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name);
        if (i >= 0) return this.resolveParameter(n, i, file);
      }
      if (ts.isBlock(n) || ts.isSourceFile(n) || ts.isModuleBlock(n) || ts.isCaseClause(n)) {
        const init = localConst(n.statements, name);
        if (init) return this.resolve(init, file);
      }
    }
    const origin = this.originOf(file, name);
    if (origin && origin.file !== file) {
      const init = localConst(this.source(origin.file).statements, origin.name);
      if (init) return this.resolve(init, origin.file);
    }
    this.fail(id, file, 'no const or parameter of that name');
  }

  /** A parameter: what every call of its function passes there (or its default). */
  private resolveParameter(fn: Fn, index: number, file: string): void {
    const name = fnName(fn);
    const param = fn.parameters[index]!;
    if (!name) return this.fail(param.name, file, 'a parameter of an unnamed function');
    const calls = this.callsOf(file, name);
    if (calls.length === 0) return this.fail(param.name, file, `no call of ${name} found`);
    for (const { call, file: at } of calls) {
      const arg = call.arguments[index];
      if (arg) this.resolve(arg, at);
      else if (param.initializer) this.resolve(param.initializer, file);
      else this.fail(call, at, `no argument for ${param.name.getText(this.source(file))}`);
    }
  }

  /** Every call of the function `name` declared in `file`, in that file and in the writers. */
  private callsOf(file: string, name: string): { call: ts.CallExpression; file: string }[] {
    const out: { call: ts.CallExpression; file: string }[] = [];
    for (const f of new Set([file, ...this.files])) {
      const sf = this.source(f);
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
          const local = n.expression.text;
          const origin = f === file && local === name ? { file, name } : this.originOf(f, local);
          if (origin && origin.file === file && origin.name === name) out.push({ call: n, file: f });
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    return out;
  }

  /**
   * The file and name a name of `file` comes from: itself when it declares it, else through its
   * imports and the re-exports on the way (server/module-api.ts re-exports the server's helpers).
   */
  private originOf(file: string, name: string, depth = 0): { file: string; name: string } | null {
    if (depth > 8) return null;
    const sf = this.source(file);
    for (const st of sf.statements) {
      if (declares(st, name)) return { file, name };
      const spec = ts.isImportDeclaration(st) || ts.isExportDeclaration(st) ? st.moduleSpecifier : undefined;
      if (!spec || !ts.isStringLiteral(spec)) continue;
      const target = resolveImport(file, spec.text);
      if (!target) continue;
      if (ts.isImportDeclaration(st)) {
        const named = st.importClause?.namedBindings;
        if (!named || !ts.isNamedImports(named)) continue;
        for (const el of named.elements)
          if (el.name.text === name)
            return this.originOf(target, (el.propertyName ?? el.name).text, depth + 1);
      } else if (depth > 0 && ts.isExportDeclaration(st)) {
        // Only a file imported from re-exports for it.
        const clause = st.exportClause;
        if (!clause) {
          const found = this.originOf(target, name, depth + 1);
          if (found) return found;
        } else if (ts.isNamedExports(clause)) {
          for (const el of clause.elements)
            if (el.name.text === name)
              return this.originOf(target, (el.propertyName ?? el.name).text, depth + 1);
        }
      }
    }
    return null;
  }
}

function calleeName(c: ts.CallExpression): string | undefined {
  const e = c.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
}

function isFn(n: ts.Node): n is Fn {
  return (
    ts.isFunctionDeclaration(n) ||
    ts.isArrowFunction(n) ||
    ts.isFunctionExpression(n) ||
    ts.isMethodDeclaration(n)
  );
}

function fnName(fn: Fn): string | undefined {
  if (ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) return fn.name?.getText();
  const p = fn.parent;
  return ts.isVariableDeclaration(p) && ts.isIdentifier(p.name) ? p.name.text : undefined;
}

function localConst(statements: readonly ts.Statement[], name: string): ts.Expression | undefined {
  for (const st of statements)
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
  return undefined;
}

function declares(st: ts.Statement, name: string): boolean {
  if (ts.isFunctionDeclaration(st)) return st.name?.text === name;
  if (ts.isVariableStatement(st))
    return st.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name);
  return false;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (statSync(c, { throwIfNoEntry: false })?.isFile()) return c;
  return null;
}

/** The kinds written and what could not be read, over the server and the modules' server halves. */
export function scanHistoryKinds(root = ROOT): { kinds: WrittenKind[]; unread: Unread[] } {
  const s = new HistoryKindScanner(writerFiles(root), root).scan();
  return { kinds: s.kinds, unread: s.unread };
}

/** Whose bundle must hold a kind's words: the module that writes it, or the client's (null). */
export function bundleOf(k: WrittenKind): string | null {
  const m = /^src\/modules\/([^/]+)\//.exec(k.file);
  return m ? m[1]! : null;
}
