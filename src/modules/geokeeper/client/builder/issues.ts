import type { TFunction } from 'i18next';
import {
  definitionIssues,
  validChoiceValue,
  validName,
  type DefinitionIssue,
  type FormDefinition,
  type FormField,
} from '../../form/definition';
import { ExprError, parseExpr } from '../../form/expr';
import { pathsByField } from './model';

// What is wrong with the definition being built, in words, by field and by the property at fault
// (the same checks the server runs when it is saved: form/definition.ts).

export interface BuilderIssue {
  /** The field's index path; null for the form as a whole. */
  path: number[] | null;
  property?: string | undefined;
  text: string;
}

/** An expression's parse error in words, or null when it parses. */
export function exprErrorText(t: TFunction, src: string | undefined): string | null {
  if (src === undefined || src.trim() === '') return null;
  try {
    parseExpr(src);
    return null;
  } catch (e) {
    if (!(e instanceof ExprError)) throw e;
    return t('geokeeper.builder.exprError', { message: t(`geokeeper.form.expr.${e.key}`), pos: e.pos + 1 });
  }
}

export function issueText(t: TFunction, issue: Pick<DefinitionIssue, 'key' | 'params'>): string {
  if (issue.key === 'badExpression') {
    const reason = String(issue.params?.reason ?? 'unexpectedToken');
    return t('geokeeper.builder.exprError', {
      message: t(`geokeeper.form.expr.${reason}`),
      pos: Number(issue.params?.pos ?? 0) + 1,
    });
  }
  return t(`geokeeper.form.def.${issue.key}`, issue.params ?? {});
}

export function builderIssues(t: TFunction, def: FormDefinition): BuilderIssue[] {
  const paths = pathsByField(def);
  const out: BuilderIssue[] = [];
  for (const issue of definitionIssues(def)) {
    // An empty form is simply not started: the list says so, not as a problem.
    if (issue.key === 'noFields') continue;
    out.push({
      path: issue.field ? (paths.get(issue.field) ?? null) : null,
      property: issue.property,
      text: issueText(t, issue),
    });
  }
  // What the schema's shape checks beyond definitionIssues: names and choice values.
  for (const [field, path] of paths) {
    if (!validName(field.name)) out.push({ path, property: 'name', text: t('geokeeper.form.def.badName') });
    if (field.choices && 'list' in field.choices)
      for (const c of def.lists[field.choices.list] ?? [])
        if (!validChoiceValue(c.value))
          out.push({ path, property: 'choices', text: t('geokeeper.form.def.badChoiceValue') });
  }
  return out;
}

export const issuesOf = (
  issues: readonly BuilderIssue[],
  path: readonly number[],
  property?: keyof FormField,
) =>
  issues.filter(
    (i) =>
      i.path &&
      i.path.length === path.length &&
      i.path.every((x, k) => x === path[k]) &&
      (property === undefined || i.property === property),
  );
