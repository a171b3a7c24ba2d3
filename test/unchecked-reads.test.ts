import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 36, deliver 12: a module reads for a person with the checked reads
// (`services.items.readableRow`, `readableRows`). The reads with no access rule are the
// system's: `loadRowAsSystem` and `loadRowsAsSystem` of the module API, and the item service's
// `readRow`, `readRows` and `systemRow`. Each call in module code says why the system reads there
// (a `// As the system: …` comment at most 3 lines above it), and the calls per file are listed in
// test/unchecked-reads.txt, so a new one is a visible decision in review.
const root = path.resolve(import.meta.dirname, '..');
const LIST = 'test/unchecked-reads.txt';
const UNCHECKED = /\b(loadRowAsSystem|loadRowsAsSystem)\(|\.(readRow|readRows|systemRow)\(/;
const REASON = /^\/\/ As the system: \S/;
const ABOVE = 3;

interface Call {
  line: number;
  text: string;
  explained: boolean;
}

/** The unchecked reads of one file's text, each with whether a reason stands above it. */
function uncheckedCalls(source: string): Call[] {
  const lines = source.split('\n');
  const out: Call[] = [];
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (text.startsWith('//') || text.startsWith('*') || !UNCHECKED.test(text)) return;
    const above = lines.slice(Math.max(0, i - ABOVE), i).map((l) => l.trim());
    out.push({ line: i + 1, text, explained: above.some((l) => REASON.test(l)) });
  });
  return out;
}

/** Names imported from the rows file, or the unchecked reads imported under another name. */
function bypassingImports(source: string): string[] {
  const bad: string[] = [];
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const names = m[1]!
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, ''))
      .filter(Boolean);
    const from = m[2]!;
    for (const n of names) {
      const [name, alias] = n.split(/\s+as\s+/);
      if (/(^|\/)server\/items\/rows$/.test(from) && /^loadRows?$/.test(name!))
        bad.push(`${name} from ${from}`);
      if (/^loadRows?AsSystem$/.test(name!) && alias && alias !== name) bad.push(`${name} as ${alias}`);
    }
  }
  return bad;
}

function moduleFiles(): string[] {
  return readdirSync(path.join(root, 'src/modules'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.split('/').includes('test'))
    .sort();
}

function listed(): Map<string, number> {
  const out = new Map<string, number>();
  for (const raw of readFileSync(path.join(root, LIST), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(\S+):\s*(\d+)$/.exec(line);
    if (!m) throw new Error(`${LIST}: not "path: count": ${line}`);
    out.set(m[1]!, Number(m[2]));
  }
  return out;
}

const files = moduleFiles();
const calls = new Map(files.map((f) => [f, uncheckedCalls(readFileSync(path.join(root, f), 'utf8'))]));

describe('unchecked reads in module code', () => {
  it('are found (the scan reads the modules)', () => {
    expect([...calls.values()].flat().length).toBeGreaterThan(0);
  });

  it('each say why the system reads there, in a "// As the system: …" comment just above', () => {
    const unexplained = [...calls].flatMap(([f, list]) =>
      list.filter((c) => !c.explained).map((c) => `${f}:${c.line}: ${c.text}`),
    );
    expect(
      unexplained,
      'Read for a person with services.items.readableRow / readableRows. If the system must read ' +
        `here, say why in a "// As the system: …" comment at most ${ABOVE} lines above the call.`,
    ).toEqual([]);
  });

  it(`are the calls listed in ${LIST}`, () => {
    const found = new Map([...calls].filter(([, l]) => l.length > 0).map(([f, l]) => [f, l.length]));
    const text = (m: Map<string, number>) =>
      [...m]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([f, n]) => `${f}: ${n}`)
        .join('\n');
    expect(
      text(found),
      `A call of an unchecked read was added or removed: update ${LIST} (one "path: count" a line), ` +
        'and give the reason in the review.',
    ).toBe(text(listed()));
  });

  it('never come from src/server/items/rows directly, nor under another name', () => {
    const bad = files.flatMap((f) =>
      bypassingImports(readFileSync(path.join(root, f), 'utf8')).map((b) => `${f}: ${b}`),
    );
    expect(bad, 'Modules read through src/server/module-api.ts (loadRowAsSystem, loadRowsAsSystem).').toEqual(
      [],
    );
  });
});

describe('the scan', () => {
  const call = '  const row = await loadRowAsSystem(tx, id);';
  it.each([
    ['no comment', ['const a = 1;', call], false],
    ['a reason on the line above', ['  // As the system: a write hook.', call], true],
    ['a wrapped reason 3 lines above', ['// As the system: one', '// two', '// three', call], true],
    ['a reason 4 lines above', ['// As the system: far', 'a;', 'b;', 'c;', call], false],
    ['a comment with no reason', ['// As the system', call], false],
    ['another comment', ['// Reads the row.', call], false],
  ])('%s', (_name, lines, explained) => {
    expect(uncheckedCalls(lines.join('\n'))).toEqual([{ line: lines.length, text: call.trim(), explained }]);
  });

  it('finds the item service reads and ignores comments', () => {
    const src = [
      '// loadRowAsSystem(x) in a comment',
      'await services.items.readRows(ids);',
      ' * readRow(id)',
    ];
    expect(uncheckedCalls(src.join('\n')).map((c) => c.line)).toEqual([2]);
  });

  it('refuses the rows file and an alias', () => {
    expect(bypassingImports("import { loadRow, queueNotify } from '../../../server/items/rows';")).toEqual([
      'loadRow from ../../../server/items/rows',
    ]);
    expect(
      bypassingImports(
        "import {\n  AppError,\n  loadRowsAsSystem as load,\n} from '../../../server/module-api';",
      ),
    ).toEqual(['loadRowsAsSystem as load']);
    expect(bypassingImports("import { loadRowAsSystem, query } from '../../../server/module-api';")).toEqual(
      [],
    );
  });
});
