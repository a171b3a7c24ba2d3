import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enScreens } from './en-screens';
import { flattenMessages } from '../../modules/core/client/admin/systext-model';
import { covers, keyRefs } from './key-refs';

// The English bundle is in two parts (en.ts at start, en-screens.ts with the screens loaded on
// demand). A part of the app loaded at start that used a key of the second part would show the
// bare key: these checks follow the static imports from main.tsx and read every key-like string.
// Each module's client half brings its own strings (src/modules/<id>/i18n/en.ts, loaded with the
// half): its screens' keys are checked against all the bundles, the client's against its own two.

const CLIENT = path.resolve(__dirname, '..');
const MODULES = path.resolve(CLIENT, '..', 'modules');
const later = flattenMessages(enScreens).map(([p]) => p);

/** Each module's English bundle (its i18n/en.ts exports one object), by module id. */
const moduleBundles: [string, Record<string, unknown>][] = await Promise.all(
  readdirSync(MODULES, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(MODULES, e.name, 'i18n', 'en.ts')))
    .map(async (e) => {
      const m = (await import(`../../modules/${e.name}/i18n/en.ts`)) as Record<string, unknown>;
      const values = Object.values(m);
      if (values.length !== 1) throw new Error(`modules/${e.name}/i18n/en.ts exports more than its bundle`);
      return [e.name, values[0] as Record<string, unknown>] as [string, Record<string, unknown>];
    }),
);
const sections = new Set([
  ...Object.keys(en),
  ...Object.keys(enScreens),
  ...moduleBundles.flatMap(([, b]) => Object.keys(b)),
]);
/** The client halves' source files (src/modules/<id>/client). */
const moduleClientFiles = readdirSync(MODULES).flatMap((id) => {
  const dir = path.join(MODULES, id, 'client');
  return existsSync(dir) ? sourceFiles(dir) : [];
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  return null;
}

/** The modules main.tsx loads before the first screen: static, non-type imports only. */
function startModules(): Set<string> {
  const seen = new Set<string>();
  const todo = [path.join(CLIENT, 'main.tsx')];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gms)) {
      if (m[1]) continue;
      const target = resolveImport(file, m[2] ?? m[3]!);
      if (target) todo.push(target);
    }
  }
  return seen;
}

describe('the English bundle in two parts', () => {
  it('keeps the two parts apart: no message is in both', () => {
    const start = new Set(flattenMessages(en).map(([p]) => p));
    expect(later.filter((p) => start.has(p))).toEqual([]);
    expect(later.length).toBeGreaterThan(100);
  });

  it('keeps the modules’ bundles apart from the client’s and from each other', () => {
    expect(moduleBundles.map(([id]) => id)).toContain('core');
    const seen = new Map<string, string>([
      ...flattenMessages(en).map(([p]): [string, string] => [p, 'en.ts']),
      ...later.map((p): [string, string] => [p, 'en-screens.ts']),
    ]);
    const twice: string[] = [];
    for (const [id, bundle] of moduleBundles)
      for (const [p] of flattenMessages(bundle)) {
        const other = seen.get(p);
        if (other) twice.push(`${p}: ${id} and ${other}`);
        seen.set(p, id);
      }
    expect(twice).toEqual([]);
  });

  // Namespaces every module fills for its own types and views, read by generic code with a
  // fallback: `typeNames` (search-labels.ts typeLabel: the type's name made readable), and what
  // an empty list of a module's view or type holds (row-model.ts emptyKeys: "Nothing here yet."),
  // and the names of a module's item-wide properties and of a property's values (items/labels.ts
  // itemPropLabel, propValueLabel: the name made readable, or the value as it is), and the
  // names of enumeration values (labels.ts enumLabel: by value, the value made readable; two
  // modules naming one value would meet in the test above).
  const SHARED_NAMESPACES = [
    'typeNames',
    'search.empty.screens',
    'search.empty.types',
    'itemProperties',
    'values',
    'enums',
  ];

  it('the client names no message only a module’s bundle has (it loads with that module’s half)', () => {
    const own = [...flattenMessages(en), ...flattenMessages(enScreens)].map(([p]) => p);
    const modules = moduleBundles.flatMap(([, b]) => flattenMessages(b).map(([p]) => p));
    const found: string[] = [];
    for (const file of sourceFiles(CLIENT)) {
      if (/i18n[\\/]en(-screens)?\.ts$/.test(file)) continue;
      for (const ref of keyRefs(readFileSync(file, 'utf8'), sections)) {
        if (SHARED_NAMESPACES.includes(ref)) continue;
        if (!own.some((p) => covers(ref, p)) && modules.some((p) => covers(ref, p)))
          found.push(`${path.relative(CLIENT, file)}: ${ref}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('loads nothing at start that uses a key of the on-demand part', () => {
    const start = startModules();
    // The build's start chunks held 76 modules of ours when this was written.
    expect(start.size).toBeGreaterThan(60);
    expect(start.has(path.join(CLIENT, 'shell', 'Shell.tsx'))).toBe(true);
    const found: string[] = [];
    for (const file of start) {
      if (file.endsWith(path.join('i18n', 'en.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      for (const ref of keyRefs(text, sections)) {
        const missing = later.filter((p) => covers(ref, p));
        if (missing.length) found.push(`${path.relative(CLIENT, file)}: ${ref} (${missing.join(', ')})`);
      }
      if (/from '\.\/en-screens'|from '\.\.\/i18n\/en-screens'/.test(text.replace(/import type[^;]+;/g, '')))
        found.push(`${path.relative(CLIENT, file)}: imports en-screens`);
    }
    expect(found).toEqual([]);
  });

  it('loads every part on demand together with the strings (lazyScreen, not React.lazy)', () => {
    const bare: string[] = [];
    const start = startModules();
    for (const file of sourceFiles(CLIENT)) {
      if (file.endsWith('screen-strings.ts')) continue;
      const text = readFileSync(file, 'utf8');
      if (/\blazy\(/.test(text)) bare.push(path.relative(CLIENT, file));
      // A code import on demand outside lazyScreen must be a module's own (markdown, helpers
      // of a part that is itself on demand).
      for (const m of text.matchAll(/import\('([^']+)'\)/g)) {
        const before = text.slice(Math.max(0, m.index - 40), m.index);
        if (m[1]!.endsWith('?raw') || before.includes('lazyScreen(')) continue;
        if (start.has(file)) bare.push(`${path.relative(CLIENT, file)}: import('${m[1]}')`);
      }
    }
    expect(bare).toEqual([]);
  });

  it('has every message the client and the modules’ client halves name, in one bundle or another', () => {
    const all = [
      ...flattenMessages(en),
      ...flattenMessages(enScreens),
      ...moduleBundles.flatMap(([, b]) => flattenMessages(b)),
    ].map(([p]) => p);
    // A section with no messages of its own (enums) is looked up with a default text.
    const open = new Set(
      [...Object.entries(en), ...Object.entries(enScreens)]
        .filter(([, v]) => typeof v === 'object' && Object.keys(v).length === 0)
        .map(([k]) => k),
    );
    const missing: string[] = [];
    for (const file of [...sourceFiles(CLIENT), ...moduleClientFiles]) {
      if (/i18n[\\/]en(-screens)?\.ts$/.test(file)) continue;
      for (const ref of keyRefs(readFileSync(file, 'utf8'), sections))
        if (!open.has(ref.split('.')[0]!) && !all.some((p) => covers(ref, p)))
          missing.push(`${path.relative(CLIENT, file)}: ${ref}`);
    }
    expect(missing).toEqual([]);
  });
});
