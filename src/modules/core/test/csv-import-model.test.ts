import { describe, expect, it } from 'vitest';
import { autoMapping, previewCsv, problemsByRow } from '../client/csv-import/csv-import-model';

// The CSV import dialog's pure parts: the preview read in the browser, the mapping's first
// guess and the problems table's grouping.

describe('csv import dialog model', () => {
  it('previews the header and the first rows (BOM, quotes, CRLF), leaving out a cut last line', () => {
    const head = '\ufeffFirst name,"Last, name"\r\nAnn,"Smith\r\nJr"\r\nBob,Jones\r\n';
    expect(previewCsv(head)).toEqual({
      headers: ['First name', 'Last, name'],
      rows: [
        ['Ann', 'Smith\r\nJr'],
        ['Bob', 'Jones'],
      ],
    });
    let big = 'a,b\n';
    while (big.length < 64 * 1024) big += '1,2\n';
    expect(previewCsv(big + '3,"unclosed').rows).toHaveLength(3);
  });

  it('guesses each column’s property by name or label, one column per property', () => {
    const props = [
      { name: 'firstName', label: 'First name' },
      { name: 'email', label: 'E-mail' },
      { name: 'lastName', label: 'Last name' },
    ];
    expect(autoMapping(['first_name', 'Email', 'E-MAIL', 'Surname', 'LASTNAME'], props)).toEqual({
      first_name: 'firstName',
      Email: 'email',
      LASTNAME: 'lastName',
    });
  });

  it('groups problems by row, in row order', () => {
    expect(
      problemsByRow([
        { row: 5, column: 'A', key: 'x' },
        { row: 2, key: 'y' },
        { row: 5, column: 'B', key: 'z' },
      ]),
    ).toEqual([
      { row: 2, problems: [{ key: 'y' }] },
      {
        row: 5,
        problems: [
          { column: 'A', key: 'x' },
          { column: 'B', key: 'z' },
        ],
      },
    ]);
  });
});
