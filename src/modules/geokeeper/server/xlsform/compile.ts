import type { FormDefinition, FormField } from '../../form/definition';
import { definitionIssues, FORM_LIMITS, formDefinitionSchema } from '../../form/definition';
import { compileChoices, readSettings } from './choices';
import type { XlsFormProblem } from './problems';
import { readWorkbook, type Workbook } from './read';
import { compileSurvey } from './survey';

// XLSForm import (docs/geokeeper-forms.md "XLSForm import"): the survey, choices and settings
// sheets into a checked FormDefinition, with every problem reported by sheet and row. What can
// be compiled is: a bad rule drops the rule, a bad field drops the field, and only a file with
// nothing usable in it gives no definition.

export interface XlsFormResult {
  definition?: FormDefinition;
  problems: XlsFormProblem[];
}

// Properties whose fault drops only that property; any other fault drops the field.
const DROPPABLE: readonly (keyof FormField)[] = [
  'relevant',
  'constraint',
  'constraintMessage',
  'default',
  'required',
  'readOnly',
];

/** Compiles an .xlsx XLSForm. Never throws for what the file holds. */
export async function compileXlsForm(buffer: Uint8Array): Promise<XlsFormResult> {
  const book = await readWorkbook(buffer);
  if (!(book instanceof Map)) return { problems: [book] };
  return compileWorkbook(book);
}

export function compileWorkbook(book: Workbook): XlsFormResult {
  const problems: XlsFormProblem[] = [];
  const survey = book.get('survey');
  if (!survey) {
    return { problems: [{ sheet: null, row: 0, key: 'noSurveySheet', severity: 'error' }] };
  }
  const settings = readSettings(book.get('settings'));
  const language = settings.default_language || undefined;
  const lists = compileChoices(book.get('choices'), language, problems);
  const compiled = compileSurvey(survey, language, problems);
  if (!compiled) return { problems };

  const definition: FormDefinition = { fields: compiled.fields, lists };
  const title = settings.form_title?.slice(0, FORM_LIMITS.maxLabelLength);
  if (title) definition.title = title;

  // The definition's own checks (names per scope, lists, references, defaults, nesting) run on the
  // compiled form; each fault is reported at its row and repaired by dropping the rule or field.
  // Dropping a field can break a rule that referred to it, so the checks run again.
  for (let round = 0; round < FORM_LIMITS.maxFields; round++) {
    const issues = definitionIssues(definition).filter((i) => i.field);
    if (issues.length === 0) break;
    const removed = new Set<FormField>();
    for (const issue of issues) {
      const field = issue.field!;
      if (removed.has(field)) continue;
      const row = compiled.rowOf.get(field) ?? 0;
      const dropRule = issue.property !== undefined && DROPPABLE.includes(issue.property);
      problems.push({
        sheet: 'survey',
        row,
        key: issue.key,
        severity: dropRule && issue.key === 'ruleNeedsAnswer' ? 'warning' : 'error',
        ...(issue.params ? { params: issue.params } : {}),
        ...(issue.property ? { column: columnOf(issue.property) } : {}),
      });
      if (dropRule) {
        delete field[issue.property!];
        if (issue.property === 'constraint') delete field.constraintMessage;
      } else {
        const parent = compiled.parentOf.get(field);
        const at = parent?.indexOf(field) ?? -1;
        if (parent && at >= 0) parent.splice(at, 1);
        removed.add(field);
      }
    }
  }

  const checked = formDefinitionSchema.safeParse(definition);
  if (!checked.success) {
    const noFields = definition.fields.length === 0;
    problems.push({
      sheet: noFields ? 'survey' : null,
      row: 0,
      key: noFields ? 'noFields' : 'invalidDefinition',
      severity: 'error',
      ...(noFields ? {} : { params: { reason: checked.error.issues[0]?.message ?? '' } }),
    });
    return { problems: sortProblems(problems) };
  }
  return { definition: checked.data, problems: sortProblems(problems) };
}

const COLUMNS: Partial<Record<keyof FormField, string>> = {
  relevant: 'relevant',
  constraint: 'constraint',
  constraintMessage: 'constraint_message',
  default: 'default',
  required: 'required',
  readOnly: 'read_only',
  choices: 'type',
  label: 'label',
};
const columnOf = (p: keyof FormField): string => COLUMNS[p] ?? p;

const SHEET_ORDER = { null: 0, settings: 1, survey: 2, choices: 3 } as const;

function sortProblems(problems: XlsFormProblem[]): XlsFormProblem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort(
      (a, b) =>
        SHEET_ORDER[String(a.p.sheet) as keyof typeof SHEET_ORDER] -
          SHEET_ORDER[String(b.p.sheet) as keyof typeof SHEET_ORDER] ||
        a.p.row - b.p.row ||
        a.i - b.i,
    )
    .map(({ p }) => p);
}
