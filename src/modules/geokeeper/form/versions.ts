import type { FieldKind, FormDefinition, FormField } from './definition';
import { walkFields } from './definition';
import { evaluateForm, type EvaluateOptions } from './evaluate';

// Form versions (docs/geokeeper-forms.md "Versions"). A change that adds, removes or retypes a
// field (or takes a choice away) makes a new version; labels, hints and rules do not. Field data
// keeps the version it was collected with (formVersion) and is never rewritten: it is read and
// validated with its own version's definition, and shown under another version by projection.

/** One version of a form, as the form definition item keeps its history. */
export interface FormVersion {
  version: number;
  definition: FormDefinition;
}

interface Shape {
  kind: FieldKind;
  /** `list:<name>` or `lov:<key>` for selects. */
  source?: string;
  /** The values of the select's own list. */
  values?: string[];
}

/** The structure of a definition: each answer-holding field (and container) by its names path. */
function shapeOf(def: FormDefinition): Map<string, Shape> {
  const out = new Map<string, Shape>();
  walkFields(def.fields, (field, path) => {
    const shape: Shape = { kind: field.kind };
    if (field.choices) {
      shape.source = 'list' in field.choices ? `list:${field.choices.list}` : `lov:${field.choices.lov}`;
      if ('list' in field.choices) shape.values = (def.lists[field.choices.list] ?? []).map((c) => c.value);
    }
    if (field.kind !== 'note') out.set(path.join('/'), shape);
  });
  return out;
}

export interface DefinitionDiff {
  added: string[];
  removed: string[];
  retyped: { path: string; from: string; to: string }[];
  /** Choices a select of both versions lost: data holding them would not be valid any more. */
  choicesRemoved: { path: string; values: string[] }[];
}

const describe = (s: Shape) => (s.source ? `${s.kind}(${s.source})` : s.kind);

/** What changed in the structure from one definition to the next (paths are names joined by `/`). */
export function diffDefinitions(from: FormDefinition, to: FormDefinition): DefinitionDiff {
  const a = shapeOf(from);
  const b = shapeOf(to);
  const diff: DefinitionDiff = { added: [], removed: [], retyped: [], choicesRemoved: [] };
  for (const [path, shape] of a) {
    const next = b.get(path);
    if (!next) diff.removed.push(path);
    else if (describe(next) !== describe(shape))
      diff.retyped.push({ path, from: describe(shape), to: describe(next) });
    else if (shape.values && next.values) {
      const gone = shape.values.filter((v) => !next.values!.includes(v));
      if (gone.length > 0) diff.choicesRemoved.push({ path, values: gone });
    }
  }
  for (const path of b.keys()) if (!a.has(path)) diff.added.push(path);
  return diff;
}

export function isStructuralChange(diff: DefinitionDiff): boolean {
  return diff.added.length + diff.removed.length + diff.retyped.length + diff.choicesRemoved.length > 0;
}

/** The version a saved definition gets: the same one unless its structure changed. */
export function nextVersion(current: FormVersion | undefined, next: FormDefinition): number {
  if (!current) return 1;
  return isStructuralChange(diffDefinitions(current.definition, next))
    ? current.version + 1
    : current.version;
}

/** The definition data of `version` was collected with; undefined when the history lacks it. */
export function definitionAt(history: readonly FormVersion[], version: number): FormDefinition | undefined {
  return history.find((v) => v.version === version)?.definition;
}

// Widening retypes: every answer of the old kind is a valid answer of the new one.
const WIDENS: Record<string, readonly FieldKind[]> = { integer: ['decimal'] };

export interface Compatibility {
  /** The two definitions have the same structure. */
  same: boolean;
  /** The target shows every answer the data's version can hold, each with a kind that fits it. */
  readable: boolean;
  /** Fields of the data's version the target lacks (their answers are kept, shown apart). */
  lost: string[];
  /** Fields whose kind changed in a way old answers may not fit. */
  retyped: string[];
  /** With data given: it passes the target's rules (required, constraints, types). */
  valid?: boolean;
}

/**
 * Whether data collected with `dataDef` (version N) reads under `targetDef` (version M), and,
 * given the data, whether it would also be valid under M.
 */
export function compatibility(
  dataDef: FormDefinition,
  targetDef: FormDefinition,
  formData?: unknown,
  options?: EvaluateOptions,
): Compatibility {
  const diff = diffDefinitions(dataDef, targetDef);
  const retyped = diff.retyped
    .filter((r) => {
      const from = r.from.split('(')[0]!;
      const to = r.to.split('(')[0]!;
      return !(WIDENS[from] ?? []).includes(to as FieldKind);
    })
    .map((r) => r.path);
  retyped.push(...diff.choicesRemoved.map((c) => c.path));
  const result: Compatibility = {
    same: !isStructuralChange(diff),
    readable: diff.removed.length === 0 && retyped.length === 0,
    lost: diff.removed,
    retyped,
  };
  if (formData !== undefined) result.valid = evaluateForm(targetDef, formData, options).valid;
  return result;
}

export interface Projection {
  /** The answers the target has a field of the same (or a wider) kind for, nested as it nests them. */
  data: Record<string, unknown>;
  /** Answers the target has no place for, by names path (repeat answers under their index). */
  extra: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Shows data of an older (or newer) version under `targetDef` without changing it: the stored
 * formData and its formVersion stay as collected; this is a view for tables, maps and exports.
 */
export function projectData(
  dataDef: FormDefinition,
  targetDef: FormDefinition,
  formData: Record<string, unknown>,
): Projection {
  const extra: Record<string, unknown> = {};
  const fits = (a: FormField, b: FormField) => a.kind === b.kind || (WIDENS[a.kind] ?? []).includes(b.kind);
  const walk = (
    fromFields: readonly FormField[],
    toFields: readonly FormField[] | undefined,
    data: Record<string, unknown>,
    at: string,
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const field of fromFields) {
      const v = Object.hasOwn(data, field.name) ? data[field.name] : undefined;
      if (v === undefined || field.kind === 'note') continue;
      const target = toFields?.find((t) => t.name === field.name);
      const here = at ? `${at}/${field.name}` : field.name;
      if (field.kind === 'group' && isRecord(v)) {
        const inner = walk(field.fields ?? [], target?.kind === 'group' ? target.fields : undefined, v, here);
        if (Object.keys(inner).length > 0) out[field.name] = inner;
      } else if (field.kind === 'repeat' && Array.isArray(v)) {
        const rows = v.map((row, i) =>
          walk(
            field.fields ?? [],
            target?.kind === 'repeat' ? target.fields : undefined,
            isRecord(row) ? row : {},
            `${here}/${i}`,
          ),
        );
        if (target?.kind === 'repeat') out[field.name] = rows;
      } else if (target && fits(field, target)) out[field.name] = v;
      else extra[here] = v;
    }
    return out;
  };
  return { data: walk(dataDef.fields, targetDef.fields, formData, ''), extra };
}
