import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { defineItemType } from '../../../kernel/item-type';
import { convertCell, rowData, splitList } from '../server/csv-import/convert';
import { csvRecords } from '../server/csv-import/parse';

// The CSV reader and the cell conversion of importCsv (docs/csv-import.md), without a server.

async function read(text: string | Buffer, chunk = 7) {
  const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  // Small chunks, so quotes, CRLFs and the BOM fall across chunk boundaries as in a real upload.
  const parts: Buffer[] = [];
  for (let i = 0; i < buf.length; i += chunk) parts.push(buf.subarray(i, i + chunk));
  const out: unknown[] = [];
  for await (const r of csvRecords(Readable.from(parts))) out.push(r);
  return out;
}

describe('csvRecords', () => {
  it('reads quoted fields with commas, quotes and newlines, numbering rows from the header', async () => {
    const recs = await read('name,note\r\n"Smith, Ann","said ""hello""\r\nthen left"\r\nBob,plain\r\n');
    expect(recs).toEqual([
      { headers: ['name', 'note'] },
      { row: 2, cells: ['Smith, Ann', 'said "hello"\r\nthen left'] },
      { row: 3, cells: ['Bob', 'plain'] },
    ]);
  });

  it('drops a UTF-8 BOM, reads LF files and skips blank lines', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name,Ä\n\nx,ÿ\n', 'utf8')]);
    expect(await read(bom, 2)).toEqual([{ headers: ['Name', 'Ä'] }, { row: 2, cells: ['x', 'ÿ'] }]);
  });

  it('keeps short and long rows (a missing cell is empty), and fails on an unclosed quote', async () => {
    expect(await read('a,b\n1\n1,2,3\n')).toEqual([
      { headers: ['a', 'b'] },
      { row: 2, cells: ['1'] },
      { row: 3, cells: ['1', '2', '3'] },
    ]);
    await expect(read('a,b\n"1,2\n')).rejects.toThrow(/quote/i);
  });
});

const T = defineItemType({
  name: 'CsvProbe',
  label: '{title}',
  properties: {
    title: { kind: 'string', maxLength: 50 },
    body: { kind: 'text' },
    count: { kind: 'number' },
    done: { kind: 'boolean' },
    day: { kind: 'date' },
    year: { kind: 'date', impreciseDate: true },
    at: { kind: 'dateTime' },
    state: { kind: 'enum', values: ['IN_PROGRESS', 'DONE'] },
    tags: { kind: 'lov', lov: 'TAGS', list: true },
    links: { kind: 'relation', types: ['Contact'], list: true },
  },
  access: { create: 'signedIn', defaultLevel: 'PROTECTED' },
});
const prop = (name: string) => T.properties[name]!;

describe('convertCell', () => {
  it('numbers, booleans and dates', () => {
    expect(convertCell(prop('count'), ' 1 234.5 ')).toEqual({ value: 1234.5 });
    expect(convertCell(prop('count'), '12abc')).toEqual({ problem: 'csvImport.problem.number' });
    expect(convertCell(prop('done'), 'Yes')).toEqual({ value: true });
    expect(convertCell(prop('done'), '0')).toEqual({ value: false });
    expect(convertCell(prop('done'), 'maybe')).toEqual({ problem: 'csvImport.problem.boolean' });
    expect(convertCell(prop('day'), '2024-03-05T10:00:00Z')).toEqual({ value: '2024-03-05' });
    expect(convertCell(prop('year'), '1968')).toEqual({ value: '1968' });
    expect(convertCell(prop('day'), '05/03/2024')).toEqual({ problem: 'csvImport.problem.date' });
    expect(convertCell(prop('at'), '2024-03-05 10:00Z')).toEqual({ value: '2024-03-05T10:00:00.000Z' });
  });

  it('enums by value or label, case-insensitively', () => {
    expect(convertCell(prop('state'), 'IN_PROGRESS')).toEqual({ value: 'IN_PROGRESS' });
    expect(convertCell(prop('state'), 'in progress')).toEqual({ value: 'IN_PROGRESS' });
    expect(convertCell(prop('state'), 'done')).toEqual({ value: 'DONE' });
    expect(convertCell(prop('state'), 'Finished')).toEqual({ problem: 'csvImport.problem.enum' });
  });

  it("lists split on '|' or ';', empty parts dropped; an empty cell is no value", () => {
    expect(splitList('a; b;;c ')).toEqual(['a', 'b', 'c']);
    expect(splitList('a;1|b')).toEqual(['a;1', 'b']);
    expect(convertCell(prop('tags'), 'RED|BLUE')).toEqual({ value: ['RED', 'BLUE'] });
    expect(convertCell(prop('links'), 'Contact-1; Contact-2')).toEqual({ value: ['Contact-1', 'Contact-2'] });
    expect(convertCell(prop('tags'), ' ; ')).toEqual({ value: undefined });
    expect(convertCell(prop('title'), '   ')).toEqual({ value: undefined });
    expect(convertCell(prop('body'), ' one\r\ntwo ')).toEqual({ value: 'one\ntwo' });
  });

  it('rowData maps columns to properties and names the column of each problem', () => {
    const { data, problems } = rowData(
      T,
      ['Title', 'Count', 'Ignored', 'State'],
      ['Hello', 'x', 'whatever', 'Done'],
      { Title: 'title', Count: 'count', State: 'state' },
      7,
    );
    expect(data).toEqual({ title: 'Hello', state: 'DONE' });
    expect(problems).toEqual([{ row: 7, column: 'Count', key: 'csvImport.problem.number' }]);
  });
});
