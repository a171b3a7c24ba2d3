import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

// The CSV as records, streamed (never the whole file in memory): RFC 4180 quoting with embedded
// commas, quotes and newlines, a UTF-8 byte-order mark, CRLF or LF line ends, blank lines skipped.
// The first record is the header; data records are numbered as a spreadsheet numbers rows
// (the header is row 1), which equals the line only when no cell holds a newline.

/** The longest record read: a bigger one is a broken file (an unclosed quote), not a row. */
export const MAX_RECORD_CHARS = 1024 * 1024;

export interface CsvRecord {
  row: number;
  cells: string[];
}

export async function* csvRecords(
  input: Readable,
): AsyncGenerator<{ headers: string[] } | CsvRecord, void, undefined> {
  const parser = input.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
    }),
  );
  input.on('error', (e) => parser.destroy(e));
  let row = 0;
  for await (const rec of parser as AsyncIterable<string[]>) {
    row++;
    if (row === 1) yield { headers: rec.map((h) => h.trim()) };
    else yield { row, cells: rec };
  }
}
