import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import type { XlsFormProblem } from './problems';

// Reading an .xlsx into its sheets' rows with read-excel-file (DESIGN.md: never the `xlsx`
// package). The file comes from a person, so it is bounded before it is unzipped: a small upload
// must not inflate into gigabytes in the server's memory.

export const XLSFORM_LIMITS = {
  /** Bytes of the .xlsx file. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Bytes of all its parts once unzipped, as the zip's directory declares them. */
  maxUnzippedBytes: 50 * 1024 * 1024,
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

function declaredSize(bytes: Uint8Array): number | undefined {
  let total = 0;
  try {
    // The filter sees each entry's declared size and refuses it, so nothing is inflated here.
    unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch {
    return undefined;
  }
  return total;
}

export async function readWorkbook(buffer: Uint8Array): Promise<Workbook | XlsFormProblem> {
  if (buffer.byteLength > XLSFORM_LIMITS.maxFileBytes) {
    return fileProblem('tooLarge', { max: XLSFORM_LIMITS.maxFileBytes });
  }
  // A zip starts with a local file header, PK\x03\x04.
  const zipMagic = buffer[0] === 0x50 && buffer[1] === 0x4b && buffer[2] === 3 && buffer[3] === 4;
  if (!zipMagic) return fileProblem('notXlsx');
  const size = declaredSize(buffer);
  if (size === undefined) return fileProblem('notXlsx');
  if (size > XLSFORM_LIMITS.maxUnzippedBytes) {
    return fileProblem('tooLarge', { max: XLSFORM_LIMITS.maxUnzippedBytes });
  }
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
