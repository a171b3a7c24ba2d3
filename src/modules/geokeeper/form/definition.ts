import { z } from 'zod';
import { ExprError, parseExpr, referencesOf } from './expr';
import { defaultOk } from './values';

// A GeoKeeper form definition (docs/geokeeper-forms.md): the JSON a GeoKeeperFormDef keeps in its
// `definition` property. One schema, used by the builder, the XLSForm compiler, the collection
// screen and the server's validation.

export const FORM_LIMITS = {
  /** Fields in one form, counting those inside groups and repeats. */
  maxFields: 500,
  /** Nesting of groups and repeats (a field at the top is at depth 0). */
  maxDepth: 5,
  maxLists: 100,
  maxChoicesPerList: 2000,
  maxNameLength: 64,
  maxLabelLength: 2000,
  maxMessageLength: 500,
  /** Characters in a text answer (the server keeps field data in jsonb). */
  maxTextLength: 10_000,
} as const;

export const FIELD_KINDS = [
  'text',
  'integer',
  'decimal',
  'date',
  'time',
  'datetime',
  'select_one',
  'select_multiple',
  'geopoint',
  'geotrace',
  'geoshape',
  'photo',
  'video',
  'audio',
  'note',
  'group',
  'repeat',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const CONTAINER_KINDS: readonly FieldKind[] = ['group', 'repeat'];
export const SELECT_KINDS: readonly FieldKind[] = ['select_one', 'select_multiple'];
/** Kinds that hold no answer: a note is text shown to the collector. */
export const VALUELESS_KINDS: readonly FieldKind[] = ['note', 'group', 'repeat'];

// XLSForm names: a letter or underscore, then letters, digits, `_`, `-` or `.`.
export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
// Names become keys of plain objects (formData, lists): these would reach the prototype.
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a field, list or choice name is valid. */
export function validName(s: string): boolean {
  return s.length <= FORM_LIMITS.maxNameLength && NAME_PATTERN.test(s) && !RESERVED_NAMES.has(s);
}

/**
 * Whether a choice value is valid: letters, digits, `_`, `-`, `.` (no space, since XLSForm writes a
 * select_multiple's answer space-separated). Unlike names it may start with a digit: `1`/`0`
 * answers are common in KoboToolbox forms.
 */
export function validChoiceValue(s: string): boolean {
  return s.length <= FORM_LIMITS.maxNameLength && /^[A-Za-z0-9_.-]+$/.test(s);
}

const name = z.string().refine(validName, { message: 'geokeeper.form.def.badName' });
const text = (max: number) => z.string().max(max);
const languageMap = (max: number) => z.record(z.string().min(1).max(64), text(max));

/** Where a select takes its choices: a list inside the definition, or an organisation list of values. */
export const choiceSourceSchema = z.union([
  z.strictObject({ list: name }),
  z.strictObject({ lov: z.string().min(1).max(128) }),
]);
export type ChoiceSource = z.infer<typeof choiceSourceSchema>;

export interface FormField {
  name: string;
  kind: FieldKind;
  label: string;
  /** Labels in other languages, by language name (as XLSForm's `label::English (en)`). */
  labels?: Record<string, string> | undefined;
  hint?: string | undefined;
  choices?: ChoiceSource | undefined;
  required?: boolean | undefined;
  requiredMessage?: string | undefined;
  /** Show the field only when this expression is true. */
  relevant?: string | undefined;
  /** The answer is accepted only when this expression (with `.` the answer) is true. */
  constraint?: string | undefined;
  constraintMessage?: string | undefined;
  /** A literal default, written as XLSForm writes it (a select_multiple's values space-separated). */
  default?: string | undefined;
  readOnly?: boolean | undefined;
  /** A group's or repeat's fields. */
  fields?: FormField[] | undefined;
}

export const formFieldSchema: z.ZodType<FormField> = z.lazy(() =>
  z.strictObject({
    name,
    kind: z.enum(FIELD_KINDS),
    label: text(FORM_LIMITS.maxLabelLength),
    labels: languageMap(FORM_LIMITS.maxLabelLength).optional(),
    hint: text(FORM_LIMITS.maxLabelLength).optional(),
    choices: choiceSourceSchema.optional(),
    required: z.boolean().optional(),
    requiredMessage: text(FORM_LIMITS.maxMessageLength).optional(),
    relevant: z.string().optional(),
    constraint: z.string().optional(),
    constraintMessage: text(FORM_LIMITS.maxMessageLength).optional(),
    default: z.string().max(FORM_LIMITS.maxTextLength).optional(),
    readOnly: z.boolean().optional(),
    fields: z.array(formFieldSchema).optional(),
  }),
);

export const choiceSchema = z.strictObject({
  value: z.string().refine(validChoiceValue, { message: 'geokeeper.form.def.badChoiceValue' }),
  label: text(FORM_LIMITS.maxLabelLength),
  labels: languageMap(FORM_LIMITS.maxLabelLength).optional(),
});
export type Choice = z.infer<typeof choiceSchema>;

export interface FormDefinition {
  title?: string | undefined;
  fields: FormField[];
  /** Named lists of choices the selects refer to. */
  lists: Record<string, Choice[]>;
}

export const DEFINITION_ISSUE_KEYS = [
  'badDefault',
  'badExpression',
  'choicesMissing',
  'choicesOnlyOnSelects',
  'duplicateChoice',
  'duplicateName',
  'emptyContainer',
  'fieldsOnlyInContainers',
  'labelMissing',
  'messageWithoutConstraint',
  'noFields',
  'referenceIntoRepeat',
  'referenceToContainer',
  'ruleNeedsAnswer',
  'tooDeep',
  'tooManyChoices',
  'tooManyFields',
  'tooManyLists',
  'unknownList',
  'unknownReference',
] as const;
export type DefinitionIssueKey = (typeof DEFINITION_ISSUE_KEYS)[number];

/** A rule the checks found wrong: `key` names the message (geokeeper.form.def.<key>). */
export interface DefinitionIssue {
  key: DefinitionIssueKey;
  /** Names from the top to the field. */
  path: string[];
  /** The field itself (the XLSForm compiler maps it back to its row). */
  field?: FormField;
  /** The property at fault, when it is one rule (relevant, constraint, default, choices). */
  property?: keyof FormField;
  params?: Record<string, string | number>;
}

export const RULE_PROPERTIES = ['relevant', 'constraint'] as const;

/** Walks the fields depth-first, in form order, with each field's names path and repeat chain. */
export function walkFields(
  fields: readonly FormField[],
  visit: (field: FormField, path: string[], repeats: FormField[]) => void,
  path: string[] = [],
  repeats: FormField[] = [],
): void {
  for (const field of fields) {
    const here = [...path, field.name];
    visit(field, here, repeats);
    if (field.fields) {
      walkFields(field.fields, visit, here, field.kind === 'repeat' ? [...repeats, field] : repeats);
    }
  }
}

/** A scope is the form or one repeat; groups are transparent to names. */
export interface ScopeEntry {
  field: FormField;
  /** Names from the scope's own object (the form's data or one repeat instance) to the field. */
  rel: string[];
}

/** The names a scope (the form's top fields, or a repeat's fields) holds, through its groups. */
export function scopeIndex(fields: readonly FormField[]): Map<string, ScopeEntry[]> {
  const out = new Map<string, ScopeEntry[]>();
  const add = (list: readonly FormField[], rel: string[]): void => {
    for (const field of list) {
      const here = [...rel, field.name];
      out.set(field.name, [...(out.get(field.name) ?? []), { field, rel: here }]);
      if (field.kind === 'group' && field.fields) add(field.fields, here);
    }
  };
  add(fields, []);
  return out;
}

/**
 * The field `${name}` means for a rule of a field inside `repeats` (outermost first): the
 * innermost repeat's scope first, then outwards to the form. Returns the scope depth it was
 * found at (0 = the form, n = the n-th repeat) or undefined.
 */
export function resolveReference(
  def: Pick<FormDefinition, 'fields'>,
  repeats: readonly FormField[],
  refName: string,
): { depth: number; entry: ScopeEntry } | undefined {
  for (let depth = repeats.length; depth >= 0; depth--) {
    const scopeFields = depth === 0 ? def.fields : (repeats[depth - 1]!.fields ?? []);
    const found = scopeIndex(scopeFields).get(refName);
    if (found?.length === 1) return { depth, entry: found[0]! };
  }
  return undefined;
}

function checkExpression(
  def: FormDefinition,
  field: FormField,
  path: string[],
  repeats: FormField[],
  property: (typeof RULE_PROPERTIES)[number],
  issues: DefinitionIssue[],
): void {
  const src = field[property];
  if (src === undefined) return;
  let refs: string[];
  try {
    refs = referencesOf(parseExpr(src));
  } catch (e) {
    if (!(e instanceof ExprError)) throw e;
    issues.push({ key: 'badExpression', path, field, property, params: { reason: e.key, pos: e.pos } });
    return;
  }
  for (const ref of refs) {
    const found = resolveReference(def, repeats, ref);
    if (!found) {
      let anywhere = false;
      walkFields(def.fields, (f) => (anywhere ||= f.name === ref));
      const key = anywhere ? 'referenceIntoRepeat' : 'unknownReference';
      issues.push({ key, path, field, property, params: { name: ref } });
    } else if (VALUELESS_KINDS.includes(found.entry.field.kind)) {
      issues.push({ key: 'referenceToContainer', path, field, property, params: { name: ref } });
    }
  }
}

function checkField(
  def: FormDefinition,
  field: FormField,
  path: string[],
  repeats: FormField[],
  issues: DefinitionIssue[],
): void {
  const at = (key: DefinitionIssueKey, property?: keyof FormField, params?: DefinitionIssue['params']) =>
    issues.push({ key, path, field, ...(property ? { property } : {}), ...(params ? { params } : {}) });
  const container = CONTAINER_KINDS.includes(field.kind);
  if (container && !field.fields?.length) at('emptyContainer', 'fields');
  if (!container && field.fields !== undefined) at('fieldsOnlyInContainers', 'fields');
  if (!container && field.label.trim() === '') at('labelMissing', 'label');
  if (path.length - 1 > FORM_LIMITS.maxDepth) at('tooDeep');
  if (SELECT_KINDS.includes(field.kind)) {
    if (!field.choices) at('choicesMissing', 'choices');
    else if ('list' in field.choices && !Object.hasOwn(def.lists, field.choices.list))
      at('unknownList', 'choices', { list: field.choices.list });
  } else if (field.choices) at('choicesOnlyOnSelects', 'choices');
  if (VALUELESS_KINDS.includes(field.kind)) {
    for (const p of ['required', 'constraint', 'default', 'readOnly'] as const) {
      if (field[p] !== undefined && field[p] !== false) at('ruleNeedsAnswer', p);
    }
  } else if (!defaultOk(field, def)) at('badDefault', 'default');
  if (field.constraintMessage !== undefined && field.constraint === undefined)
    at('messageWithoutConstraint', 'constraintMessage');
  for (const p of RULE_PROPERTIES) checkExpression(def, field, path, repeats, p, issues);
}

/** Every rule the schema's shape cannot say: names, lists, nesting, expressions, limits. */
export function definitionIssues(def: FormDefinition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  if (Object.keys(def.lists).length > FORM_LIMITS.maxLists) {
    issues.push({ key: 'tooManyLists', path: [], params: { max: FORM_LIMITS.maxLists } });
  }
  for (const [list, choices] of Object.entries(def.lists)) {
    if (choices.length > FORM_LIMITS.maxChoicesPerList) {
      issues.push({ key: 'tooManyChoices', path: [], params: { list } });
    }
    const seen = new Set<string>();
    for (const c of choices) {
      if (seen.has(c.value))
        issues.push({ key: 'duplicateChoice', path: [], params: { list, value: c.value } });
      seen.add(c.value);
    }
  }
  // Names are unique per scope: within the form's top level (through groups) and within each
  // repeat, so that `${name}` always means one field.
  const checkScope = (fields: readonly FormField[], prefix: string[]): void => {
    for (const [n, entries] of scopeIndex(fields)) {
      for (const extra of entries.slice(1)) {
        issues.push({
          key: 'duplicateName',
          path: [...prefix, ...extra.rel],
          field: extra.field,
          params: { name: n },
        });
      }
    }
  };
  checkScope(def.fields, []);
  let count = 0;
  walkFields(def.fields, (field, path, repeats) => {
    count++;
    if (field.kind === 'repeat' && field.fields) checkScope(field.fields, path);
    checkField(def, field, path, repeats, issues);
  });
  if (count > FORM_LIMITS.maxFields) {
    issues.push({ key: 'tooManyFields', path: [], params: { max: FORM_LIMITS.maxFields } });
  }
  if (count === 0) issues.push({ key: 'noFields', path: [] });
  return issues;
}

export const formDefinitionSchema: z.ZodType<FormDefinition> = z
  .strictObject({
    title: text(FORM_LIMITS.maxLabelLength).optional(),
    fields: z.array(formFieldSchema),
    lists: z.record(name, z.array(choiceSchema)),
  })
  .superRefine((def, ctx) => {
    for (const issue of definitionIssues(def)) {
      ctx.addIssue({
        code: 'custom',
        message: `geokeeper.form.def.${issue.key}`,
        path: issue.path,
        params: { ...issue.params, ...(issue.property ? { property: issue.property } : {}) },
      });
    }
  });

/** Parses unknown JSON into a checked definition (throws a ZodError listing every issue). */
export function parseDefinition(json: unknown): FormDefinition {
  return formDefinitionSchema.parse(json);
}
