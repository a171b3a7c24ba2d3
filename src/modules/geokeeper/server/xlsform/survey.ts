import type { FieldKind, FormField } from '../../form/definition';
import { FORM_LIMITS, validName } from '../../form/definition';
import { clip } from './choices';
import { cellText, Header, headerIndex, rowIsEmpty } from './columns';
import type { XlsFormProblem } from './problems';
import type { Cell } from './read';

// The survey sheet, row by row, into fields. Every row that cannot be compiled is reported with
// its row number and skipped; begin/end rows build the groups and repeats.

const TYPES: Record<string, FieldKind> = {
  text: 'text',
  string: 'text',
  integer: 'integer',
  int: 'integer',
  decimal: 'decimal',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  select_one: 'select_one',
  select_multiple: 'select_multiple',
  geopoint: 'geopoint',
  geotrace: 'geotrace',
  geoshape: 'geoshape',
  image: 'photo',
  photo: 'photo',
  video: 'video',
  audio: 'audio',
  note: 'note',
};

/** Columns read into the definition. */
const READ = new Set([
  'type',
  'name',
  'label',
  'hint',
  'required',
  'required_message',
  'relevant',
  'constraint',
  'constraint_message',
  'default',
  'read_only',
]);
/** Columns that change what a row means; a row using one compiles without it and is reported. */
const UNSUPPORTED = new Set([
  'calculation',
  'choice_filter',
  'repeat_count',
  'trigger',
  'parameters',
  'body',
  'bind',
  'instance',
]);
/** Presentation columns: how a field looks on ODK's screens, not what it holds. Ignored quietly. */
const PRESENTATION = new Set([
  'appearance',
  'guidance_hint',
  'media',
  'image',
  'audio',
  'video',
  'big-image',
  'autoplay',
  'style',
]);

const YES = new Set(['yes', 'true', 'true()', '1']);
const NO = new Set(['', 'no', 'false', 'false()', '0']);

export interface SurveyResult {
  fields: FormField[];
  /** Each field's row, to report the definition's own checks where the person wrote them. */
  rowOf: Map<FormField, number>;
  /** The array each field sits in, so a field the checks refuse can be taken out. */
  parentOf: Map<FormField, FormField[]>;
}

// A begin row left out still opens a level, so its end closes it quietly; its rows go to the
// nearest level that was kept.
interface Open {
  kind: 'group' | 'repeat';
  field: FormField | undefined;
  row: number;
}

export function compileSurvey(
  rows: readonly Cell[][],
  defaultLanguage: string | undefined,
  problems: XlsFormProblem[],
): SurveyResult | undefined {
  const result: SurveyResult = { fields: [], rowOf: new Map(), parentOf: new Map() };
  const at = (
    row: number,
    key: XlsFormProblem['key'],
    severity: 'error' | 'warning',
    params?: XlsFormProblem['params'],
    column?: string,
  ) =>
    problems.push({
      sheet: 'survey',
      row,
      key,
      severity,
      ...(column ? { column } : {}),
      ...(params ? { params } : {}),
    });

  const h = headerIndex(rows);
  const header = h < 0 ? undefined : new Header(rows[h]!, defaultLanguage);
  for (const base of ['type', 'name']) {
    if (!header?.has(base)) {
      at(h + 1, 'missingColumn', 'error', { column: base });
      return undefined;
    }
  }
  if (!header) return undefined;
  for (const c of header.columns) {
    // KoboToolbox writes its own bookkeeping columns ($given_name, $autoname, kobo--…).
    const tool = c.base.startsWith('$') || c.base.startsWith('kobo--');
    if (!tool && !READ.has(c.base) && !UNSUPPORTED.has(c.base) && !PRESENTATION.has(c.base)) {
      at(h + 1, 'unknownColumn', 'warning', undefined, c.header);
    }
  }

  const stack: Open[] = [];
  const current = (): FormField[] => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.field) return stack[i]!.field!.fields!;
    return result.fields;
  };
  let count = 0;
  let full = false;

  for (let i = h + 1; i < rows.length; i++) {
    const row = rows[i]!;
    const rowNo = i + 1;
    if (rowIsEmpty(row)) continue;
    const typeText = header.get(row, 'type');
    const name = header.get(row, 'name');
    if (typeText === '') {
      at(rowNo, 'missingType', 'error');
      continue;
    }
    const words = typeText.split(/\s+/);
    let word = words[0]!.toLowerCase();
    if ((word === 'begin' || word === 'end') && words[1]) word = `${word}_${words[1].toLowerCase()}`;

    if (word === 'end_group' || word === 'end_repeat') {
      const kind = word === 'end_group' ? 'group' : 'repeat';
      const open = stack[stack.length - 1];
      if (!open) at(rowNo, 'unbalancedEnd', 'error', { type: typeText });
      else if (open.kind !== kind) at(rowNo, 'mismatchedEnd', 'error', { type: typeText, open: open.row });
      else stack.pop();
      continue;
    }

    const container = word === 'begin_group' ? 'group' : word === 'begin_repeat' ? 'repeat' : undefined;
    const kind: FieldKind | undefined = container ?? TYPES[word];
    if (!kind) {
      at(rowNo, 'unsupportedType', 'error', { type: typeText });
      continue;
    }
    const skipped = () => {
      if (container) stack.push({ kind: container, field: undefined, row: rowNo });
    };
    if (full) {
      skipped();
      continue;
    }
    if (count >= FORM_LIMITS.maxFields) {
      at(rowNo, 'tooManyFields', 'error', { max: FORM_LIMITS.maxFields });
      full = true;
      skipped();
      continue;
    }
    if (name === '') {
      at(rowNo, 'missingName', 'error');
      skipped();
      continue;
    }
    if (!validName(name)) {
      at(rowNo, 'badName', 'error', { name });
      skipped();
      continue;
    }

    const field: FormField = { name, kind, label: '' };
    if (kind === 'select_one' || kind === 'select_multiple') {
      const list = words[1];
      if (!list) {
        at(rowNo, 'missingList', 'error', { type: typeText });
        skipped();
        continue;
      }
      field.choices = { list };
      if (words[2]?.toLowerCase() === 'or_other') at(rowNo, 'orOtherUnsupported', 'warning', { list });
      else if (words.length > 2) {
        at(rowNo, 'unsupportedType', 'error', { type: typeText });
        skipped();
        continue;
      }
    }

    const text = (base: string, max: number): string | undefined => {
      const v = header.get(row, base);
      if (v === '') return undefined;
      if (v.length <= max) return v;
      at(rowNo, 'tooLong', 'warning', undefined, header.column(base)?.header);
      return v.slice(0, max);
    };
    const label = text('label', FORM_LIMITS.maxLabelLength);
    if (label !== undefined) field.label = label;
    else if (!container) {
      at(rowNo, 'missingLabel', 'warning', { name });
      field.label = name;
    }
    const labels = header.translations(row, 'label');
    if (labels) field.labels = clip(labels);
    const hint = text('hint', FORM_LIMITS.maxLabelLength);
    if (hint !== undefined) field.hint = hint;

    const flag = (base: 'required' | 'read_only'): boolean | undefined => {
      const raw = header.raw(row, base);
      if (typeof raw === 'boolean') return raw;
      const v = cellText(raw).toLowerCase();
      if (YES.has(v)) return true;
      if (NO.has(v)) return undefined;
      const key = base === 'required' ? 'requiredExpression' : 'readOnlyExpression';
      at(rowNo, key, 'error', { value: cellText(raw) }, header.column(base)?.header);
      return undefined;
    };
    if (flag('required')) field.required = true;
    if (flag('read_only')) field.readOnly = true;
    const requiredMessage = text('required_message', FORM_LIMITS.maxMessageLength);
    if (requiredMessage !== undefined) field.requiredMessage = requiredMessage;
    const relevant = text('relevant', Infinity);
    if (relevant !== undefined) field.relevant = relevant;
    const constraint = text('constraint', Infinity);
    if (constraint !== undefined) field.constraint = constraint;
    const constraintMessage = text('constraint_message', FORM_LIMITS.maxMessageLength);
    if (constraintMessage !== undefined) field.constraintMessage = constraintMessage;
    const def = text('default', FORM_LIMITS.maxTextLength);
    if (def !== undefined) field.default = def;

    for (const c of header.columns) {
      if (UNSUPPORTED.has(c.base) && cellText(row[c.index]) !== '') {
        at(rowNo, 'unsupportedColumn', 'error', { type: typeText }, c.header);
      }
    }

    const parent = current();
    parent.push(field);
    result.parentOf.set(field, parent);
    result.rowOf.set(field, rowNo);
    count++;
    if (container) {
      field.fields = [];
      stack.push({ kind: container, field, row: rowNo });
    }
  }
  for (const open of stack) if (open.field) at(open.row, 'unclosed', 'warning', { name: open.field.name });
  return result;
}
