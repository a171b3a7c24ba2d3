import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLines } from './read-lines';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function all(text: string, block?: number) {
  const file = path.join(dir, `f${Math.random()}.txt`);
  writeFileSync(file, text);
  const out: string[] = [];
  for await (const l of readLines(file, block)) out.push(l);
  return out;
}

describe('readLines', () => {
  it('splits on \\n and \\r\\n, keeps empty lines, and gives a last line without its newline', async () => {
    expect(await all('a\nb\r\n\nc')).toEqual(['a', 'b', '', 'c']);
    expect(await all('a\n')).toEqual(['a']);
    expect(await all('')).toEqual([]);
  });

  it('joins lines cut across blocks, multi-byte characters included', async () => {
    const long = 'é'.repeat(5000) + '🌲' + 'x'.repeat(777);
    const text = ['short', long, 'ñandú', long + 'z'].join('\n') + '\n';
    expect(await all(text, 7)).toEqual(['short', long, 'ñandú', long + 'z']);
  });

  it('stops reading when the reader stops', async () => {
    const file = path.join(dir, 'many.txt');
    writeFileSync(file, Array.from({ length: 10_000 }, (_, i) => `line ${i}`).join('\n'));
    const it = readLines(file, 16);
    expect((await it.next()).value).toBe('line 0');
    expect((await it.return()).done).toBe(true);
    expect((await it.next()).done).toBe(true);
  });
});
