import readXlsxFile from 'read-excel-file/node';
import { inflateZip, ZIP_LIMITS, ZipLimitError } from '../../../../server/module-api';
import type { XlsFormProblem } from './problems';

// Reading an .xlsx into its sheets' rows with read-excel-file (DESIGN.md: never the `xlsx`
// package). The file comes from a person, so it is bounded before it is unzipped: a small upload
// must not inflate into gigabytes in the server's memory.

export const XLSFORM_LIMITS = {
  /** Bytes of the .xlsx file. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Bytes of all its parts once unzipped, counted as they inflate (never as declared). */
  maxUnzippedBytes: 50 * 1024 * 1024,
  /** Parts in the zip: a workbook has a few dozen; thousands are no spreadsheet program's. */
  maxEntries: 2_000,
} as const;

/** A cell as read: text, number, boolean, date or empty. */
export type Cell = string | number | boolean | Date | null;

/** The workbook's sheets by lower-cased name; rows[i] is spreadsheet row i + 1. */
export type Workbook = Map<string, Cell[][]>;

const fileProblem = (key: 'notXlsx' | 'tooLarge', params?: XlsFormProblem['params']): XlsFormProblem => ({
  sheet: null,
  row: 0,
  key,
  severity: 'error',
  ...(params ? { params } : {}),
});

/**
 * Whether the workbook's parts really inflate within the limits: each is inflated and counted
 * (then dropped) through the server's zip guard, so a zip whose directory declares small sizes
 * for huge parts is caught by what comes out. read-excel-file then reads the same entries the
 * same way (its Node reader streams the local headers in order), so what it inflates was counted.
 */
async function inflatesWithin(bytes: Uint8Array): Promise<'ok' | 'notZip' | 'tooLarge'> {
  try {
    await inflateZip([bytes], () => ({ data: () => {}, end: () => {} }), {
      limits: {
        ...ZIP_LIMITS,
        maxInflatedBytes: XLSFORM_LIMITS.maxUnzippedBytes,
        maxEntries: XLSFORM_LIMITS.maxEntries,
      },
    });
    return 'ok';
  } catch (e) {
    return e instanceof ZipLimitError ? 'tooLarge' : 'notZip';
  }
}

export async function readWorkbook(buffer: Uint8Array): Promise<Workbook | XlsFormProblem> {
  if (buffer.byteLength > XLSFORM_LIMITS.maxFileBytes) {
    return fileProblem('tooLarge', { max: XLSFORM_LIMITS.maxFileBytes });
  }
  // A zip starts with a local file header, PK\x03\x04.
  const zipMagic = buffer[0] === 0x50 && buffer[1] === 0x4b && buffer[2] === 3 && buffer[3] === 4;
  if (!zipMagic) return fileProblem('notXlsx');
  const inflates = await inflatesWithin(buffer);
  if (inflates === 'notZip') return fileProblem('notXlsx');
  if (inflates === 'tooLarge') return fileProblem('tooLarge', { max: XLSFORM_LIMITS.maxUnzippedBytes });
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = await readXlsxFile(Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength));
  } catch {
    // read-excel-file throws for a zip that is not a workbook and for broken parts alike; both
    // mean the same to the person: this file is not a spreadsheet we can read.
    return fileProblem('notXlsx');
  }
  const out: Workbook = new Map();
  for (const { sheet, data } of sheets) {
    const name = sheet.trim().toLowerCase();
    if (!out.has(name))
      out.set(
        name,
        data.map((row) => row.map(toCell)),
      );
  }
  return out;
}

function toCell(v: unknown): Cell {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v;
  return null;
}
