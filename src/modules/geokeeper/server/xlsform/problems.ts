import type { DefinitionIssueKey } from '../../form/definition';

// What the XLSForm import reports (docs/geokeeper-forms.md "XLSForm import"). Each problem names
// the sheet and the spreadsheet's own row number (1 = the header row), so the person can find it;
// the message is the i18n key geokeeper.form.xlsform.<key> with `params` (the definition's
// own check keys are there too, with the same texts as geokeeper.form.def.<key>).

export const XLSFORM_PROBLEM_KEYS = [
  // The file
  'notXlsx',
  'tooLarge',
  'noSurveySheet',
  'missingColumn',
  'noFields',
  'invalidDefinition',
  // Columns and cells
  'unknownColumn',
  'unsupportedColumn',
  'tooLong',
  // Survey rows
  'missingType',
  'unsupportedType',
  'missingName',
  'badName',
  'missingLabel',
  'missingList',
  'unknownList',
  'orOtherUnsupported',
  'requiredExpression',
  'readOnlyExpression',
  'unbalancedEnd',
  'mismatchedEnd',
  'unclosed',
  'tooManyFields',
  // Choices rows
  'badListName',
  'duplicateChoice',
  'tooManyChoices',
  'tooManyLists',
] as const;
/** The import's own keys, and the definition's checks mapped back to their rows. */
export type XlsFormProblemKey = (typeof XLSFORM_PROBLEM_KEYS)[number] | DefinitionIssueKey;

export type XlsFormSheet = 'survey' | 'choices' | 'settings';

export interface XlsFormProblem {
  /** null for the file as a whole. */
  sheet: XlsFormSheet | null;
  /** The spreadsheet row (1-based, the header is row 1); 0 for the file as a whole. */
  row: number;
  /** The column's header, when the problem is one cell. */
  column?: string;
  key: XlsFormProblemKey;
  /**
   * `error`: something was left out (a row, a rule, the whole form);
   * `warning`: it compiled, with something ignored or filled in.
   */
  severity: 'error' | 'warning';
  params?: Record<string, string | number>;
}
