import { z } from 'zod';
import { ACCESS_LEVELS } from '../../protocol/access-levels';

// importCsv's body (docs/csv-import.md): an Import of kind CSV_IMPORT_KIND with the file
// attached, read into items of one type. Joined into core's async acts (contract.ts).

export { CSV_IMPORT_KIND, CSV_PROBLEMS_KEPT, isCsvImportKind, type CsvImportResult } from './csv-import';

/** The most columns a mapping names: a spreadsheet wider than this is not one type's items. */
export const CSV_MAX_COLUMNS = 200;

const Header = z.string().min(1).max(300);

export const ImportCsvBody = z.strictObject({
  import: z.string().regex(/^Import-[1-9][0-9]*$/, 'an Import id'),
  type: z.string().min(1).max(100),
  /** Column header → property name; unmapped columns are left out. */
  mapping: z
    .record(Header, z.string().min(1).max(100))
    .refine((m) => Object.keys(m).length <= CSV_MAX_COLUMNS, 'too many columns'),
  /** The column whose value finds the item a row wrote before (see docs/csv-import.md). */
  keyColumn: Header.optional(),
  owner: z
    .string()
    .regex(/^Organization-[1-9][0-9]*$/, 'an Organization id')
    .optional(),
  access: z.enum(ACCESS_LEVELS).optional(),
  /**
   * Values every row gets, property → a cell's text (research's "Import coded data" on a
   * project presets `project`): read as a cell is, and not also mapped from a column.
   */
  preset: z
    .record(z.string().min(1).max(100), z.string().max(2000))
    .refine((m) => Object.keys(m).length <= 20, 'too many preset values')
    .optional(),
  dryRun: z.boolean(),
});
export type ImportCsvBody = z.infer<typeof ImportCsvBody>;
