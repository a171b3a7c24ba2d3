import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../server/xlsform/read';
import { HARVEST_CHOICES, HARVEST_SETTINGS, HARVEST_SURVEY } from './fixtures/harvest-xlsform';
import { writeXlsx } from './xlsx-writer';

// The test workbooks are real .xlsx files: read-excel-file reads back what the writer wrote,
// cell for cell, so the compiler's tests see what a spreadsheet program's file would give.

describe('XLSForm workbook reading', () => {
  it('reads every sheet by lower-cased name, rows aligned with the spreadsheet rows', async () => {
    const book = await readWorkbook(
      writeXlsx([HARVEST_SETTINGS, { ...HARVEST_SURVEY, name: 'Survey' }, HARVEST_CHOICES]),
    );
    if (!(book instanceof Map)) throw new Error(book.key);
    expect([...book.keys()]).toEqual(['settings', 'survey', 'choices']);
    const survey = book.get('survey')!;
    expect(survey).toHaveLength(HARVEST_SURVEY.rows.length);
    // Row 10: text with an apostrophe and a boolean cell; row 7: a number cell.
    expect(survey[9]!.slice(0, 7)).toEqual([
      'select_one species',
      'species',
      'Species',
      'Tth’ı',
      null,
      true,
      'Which animal?',
    ]);
    expect(survey[6]![10]).toBe(1);
    expect(survey[15]![14]).toBe('${species} != name');
    // Row 26 is empty and still takes its place.
    expect(survey[25]!.every((c) => c === null)).toBe(true);
    expect(book.get('choices')![1]).toEqual(['species', 'moose', 'Moose', 'Dëníe']);
    expect(book.get('settings')![1]).toEqual(['Harvest monitoring', 'harvest', '2026112501', 'English (en)']);
  });

  it('escapes markup in cells', async () => {
    const book = await readWorkbook(writeXlsx([{ name: 'survey', rows: [['<b>&"x"</b>']] }]));
    expect(book instanceof Map && book.get('survey')).toEqual([['<b>&"x"</b>']]);
  });
});
