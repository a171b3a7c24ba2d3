// The XLSForm import's entry: compileXlsForm(buffer) → { definition?, problems[] }.
export { compileWorkbook, compileXlsForm, type XlsFormResult } from './compile';
export { XLSFORM_PROBLEM_KEYS, type XlsFormProblem, type XlsFormProblemKey } from './problems';
export { XLSFORM_LIMITS } from './read';
