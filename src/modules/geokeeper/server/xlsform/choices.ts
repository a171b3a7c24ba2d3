import type { Choice } from '../../form/definition';
import { FORM_LIMITS, validChoiceValue, validName } from '../../form/definition';
import { cellText, Header, headerIndex, rowIsEmpty } from './columns';
import type { XlsFormProblem } from './problems';
import type { Cell } from './read';

// The choices sheet: list_name, name, label (in languages). Bad rows are reported and skipped;
// the lists that remain are what the survey's selects may name.

export function compileChoices(
  rows: readonly Cell[][] | undefined,
  defaultLanguage: string | undefined,
  problems: XlsFormProblem[],
): Record<string, Choice[]> {
  const lists: Record<string, Choice[]> = {};
  if (!rows) return lists;
  const h = headerIndex(rows);
  if (h < 0) return lists;
  const header = new Header(rows[h]!, defaultLanguage);
  const at = (
    row: number,
    key: XlsFormProblem['key'],
    severity: 'error' | 'warning',
    params?: XlsFormProblem['params'],
  ) => problems.push({ sheet: 'choices', row, key, severity, ...(params ? { params } : {}) });
  const listColumn = header.has('list_name') ? 'list_name' : 'list';
  for (const base of [listColumn, 'name']) {
    if (!header.has(base)) {
      at(h + 1, 'missingColumn', 'error', { column: base === 'list' ? 'list_name' : base });
      return lists;
    }
  }
  const values = new Map<string, Set<string>>();
  for (let i = h + 1; i < rows.length; i++) {
    const row = rows[i]!;
    const rowNo = i + 1;
    if (rowIsEmpty(row)) continue;
    const list = header.get(row, listColumn);
    const value = header.get(row, 'name');
    if (!validName(list)) {
      at(rowNo, 'badListName', 'error', { list });
      continue;
    }
    if (value === '') {
      at(rowNo, 'missingName', 'error');
      continue;
    }
    if (!validChoiceValue(value)) {
      at(rowNo, 'badName', 'error', { name: value });
      continue;
    }
    if (!lists[list]) {
      if (Object.keys(lists).length >= FORM_LIMITS.maxLists) {
        at(rowNo, 'tooManyLists', 'error', { max: FORM_LIMITS.maxLists });
        continue;
      }
      lists[list] = [];
      values.set(list, new Set());
    }
    const seen = values.get(list)!;
    if (seen.has(value)) {
      at(rowNo, 'duplicateChoice', 'error', { list, name: value });
      continue;
    }
    if (seen.size >= FORM_LIMITS.maxChoicesPerList) {
      at(rowNo, 'tooManyChoices', 'error', { list, max: FORM_LIMITS.maxChoicesPerList });
      continue;
    }
    seen.add(value);
    let label = header.get(row, 'label');
    if (label === '') {
      at(rowNo, 'missingLabel', 'warning', { name: value });
      label = value;
    }
    if (label.length > FORM_LIMITS.maxLabelLength) {
      at(rowNo, 'tooLong', 'warning', { column: 'label' });
      label = label.slice(0, FORM_LIMITS.maxLabelLength);
    }
    const choice: Choice = { value, label };
    const labels = header.translations(row, 'label');
    if (labels) choice.labels = clip(labels);
    lists[list].push(choice);
  }
  return lists;
}

export function clip(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).map(([k, v]) => [k.slice(0, 64), v.slice(0, FORM_LIMITS.maxLabelLength)]),
  );
}

/** The settings sheet's values by column (form_title, default_language, …), from its first data row. */
export function readSettings(rows: readonly Cell[][] | undefined): Record<string, string> {
  if (!rows) return {};
  const h = headerIndex(rows);
  if (h < 0) return {};
  const out: Record<string, string> = {};
  const values = rows[h + 1] ?? [];
  rows[h]!.forEach((cell, i) => {
    const key = cellText(cell).toLowerCase().replace(/\s+/g, '_');
    if (key !== '') out[key] = cellText(values[i]);
  });
  return out;
}
