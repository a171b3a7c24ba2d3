import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// CI runs the client's, the kernel's and the wire protocol's tests once, on PGlite, and not again
// on PostgreSQL (.ci/run), because they open no database. This keeps that true: a test there that
// reached for the database or the server would be tested on one database only.
const root = path.resolve(import.meta.dirname, '..');
const DB_FREE = ['src/client', 'src/kernel', 'src/protocol'];

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('database-free test folders', () => {
  it.each(DB_FREE)('%s: no test imports the database, the server or the test servers', (dir) => {
    const files = testFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const imports = [...readFileSync(path.join(root, f), 'utf8').matchAll(/from '([^']+)'/g)].map(
        (m) => m[1]!,
      );
      // Relative imports of the server or the test helpers, and the database drivers.
      const bad = imports.filter(
        (i) =>
          (i.startsWith('.') && /\/(server|test\/helpers)(\/|$)/.test(i)) || /^(@electric-sql|pg$)/.test(i),
      );
      expect(bad, f).toEqual([]);
    }
  });
});
