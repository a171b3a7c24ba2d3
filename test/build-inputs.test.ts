import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildState, STAMP } from '../scripts/build-inputs.mjs';

// `npm start` (scripts/build.mjs --if-stale) builds only when a source is newer than the last
// finished build: checked here on a project folder of our own, with file times set by hand.

let root: string;
const at = (rel: string, seconds: number) => {
  const full = path.join(root, rel);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, rel);
  utimesSync(full, seconds, seconds);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'ckk-stale-'));
  at('src/server/main.ts', 1000);
  at('src/client/index.html', 1000);
  at('package-lock.json', 900);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildState', () => {
  it('is stale without a finished build', () => {
    expect(buildState(root)).toEqual({ stale: true, reason: 'no finished build in dist/' });
  });

  it('skips the build when the stamp is newer than every input, and says so', () => {
    at(STAMP, 2000);
    const state = buildState(root);
    expect(state.stale).toBe(false);
    expect(state.reason).toMatch(/^dist\/ \(built 1970-01-01 00:33:20 UTC\) is newer than every source/);
  });

  it.each(['src/server/deep/new-file.ts', 'src/client/index.html', 'package-lock.json', 'vite.config.ts'])(
    'builds when %s is newer than the stamp, naming it',
    (file) => {
      at(STAMP, 2000);
      at(file, 3000);
      expect(buildState(root)).toEqual({ stale: true, reason: `${file} changed after the last build` });
    },
  );

  it('ignores files that do not go into dist/', () => {
    at(STAMP, 2000);
    at('docs/architecture.md', 3000);
    at('test/x.test.ts', 3000);
    expect(buildState(root).stale).toBe(false);
  });
});
