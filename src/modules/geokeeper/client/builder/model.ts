import {
  CONTAINER_KINDS,
  FORM_LIMITS,
  SELECT_KINDS,
  VALUELESS_KINDS,
  validName,
  type FieldKind,
  type FormDefinition,
  type FormField,
} from '../../form/definition';

// The builder's edits of a definition, as pure functions (each returns a new definition): a
// field is addressed by its index path (its index, and its container's, up to the top).

export type IndexPath = readonly number[];

export const EMPTY_DEFINITION: FormDefinition = { fields: [], lists: {} };

const isContainer = (f: FormField | undefined) => !!f && CONTAINER_KINDS.includes(f.kind);

export function fieldAt(def: FormDefinition, path: IndexPath): FormField | undefined {
  let list: readonly FormField[] = def.fields;
  let f: FormField | undefined;
  for (const i of path) {
    f = list[i];
    if (!f) return undefined;
    list = f.fields ?? [];
  }
  return f;
}

/** The fields list that holds `path`'s field (its container's, or the top). */
function mapList(
  fields: readonly FormField[],
  containerPath: IndexPath,
  fn: (list: FormField[]) => FormField[],
): FormField[] {
  if (containerPath.length === 0) return fn([...fields]);
  const [i, ...rest] = containerPath as [number, ...number[]];
  return fields.map((f, j) => (j === i ? { ...f, fields: mapList(f.fields ?? [], rest, fn) } : f));
}

export function updateField(def: FormDefinition, path: IndexPath, patch: Partial<FormField>): FormDefinition {
  const parent = path.slice(0, -1);
  const i = path[path.length - 1]!;
  const fields = mapList(def.fields, parent, (list) => {
    const next = { ...list[i]!, ...patch };
    // An empty optional property is left out, as the schema and the XLSForm compiler write it.
    for (const [k, v] of Object.entries(next))
      if (v === undefined || (v === '' && k !== 'label')) delete (next as Record<string, unknown>)[k];
    list[i] = next;
    return list;
  });
  return { ...def, fields };
}

/** Inserts `field` at `index` of the container at `containerPath` (the end when index is undefined). */
export function insertField(
  def: FormDefinition,
  containerPath: IndexPath,
  field: FormField,
  index?: number,
): { def: FormDefinition; path: number[] } {
  let at = 0;
  const fields = mapList(def.fields, containerPath, (list) => {
    at = index === undefined ? list.length : index;
    list.splice(at, 0, field);
    return list;
  });
  return { def: { ...def, fields }, path: [...containerPath, at] };
}

/** Removes the field (and its own list of choices, when no other select uses it). */
export function removeField(def: FormDefinition, path: IndexPath): FormDefinition {
  const gone = fieldAt(def, path);
  const parent = path.slice(0, -1);
  const i = path[path.length - 1]!;
  const fields = mapList(def.fields, parent, (list) => list.filter((_, j) => j !== i));
  const next = { ...def, fields };
  return pruneLists(next, gone);
}

function listsUsed(fields: readonly FormField[], out = new Set<string>()): Set<string> {
  for (const f of fields) {
    if (f.choices && 'list' in f.choices) out.add(f.choices.list);
    if (f.fields) listsUsed(f.fields, out);
  }
  return out;
}

/** Drops lists no select uses any more (the builder makes one list per select). */
export function pruneLists(def: FormDefinition, _removed?: FormField): FormDefinition {
  const used = listsUsed(def.fields);
  const lists = Object.fromEntries(Object.entries(def.lists).filter(([k]) => used.has(k)));
  return { ...def, lists };
}

/** Moves the field one place up (-1) or down (+1) among its siblings; the new path. */
export function moveField(
  def: FormDefinition,
  path: IndexPath,
  dir: -1 | 1,
): { def: FormDefinition; path: number[] } {
  const parent = path.slice(0, -1);
  const i = path[path.length - 1]!;
  let to = i;
  const fields = mapList(def.fields, parent, (list) => {
    const j = i + dir;
    if (j < 0 || j >= list.length) return list;
    [list[i], list[j]] = [list[j]!, list[i]!];
    to = j;
    return list;
  });
  return { def: { ...def, fields }, path: [...parent, to] };
}

/** Whether the field has a group or repeat just above it to move into. */
export function canMoveIn(def: FormDefinition, path: IndexPath): boolean {
  const i = path[path.length - 1]!;
  if (i === 0) return false;
  return isContainer(fieldAt(def, [...path.slice(0, -1), i - 1])) && path.length < FORM_LIMITS.maxDepth;
}

/** Into the group or repeat just above it, at its end. */
export function moveIn(def: FormDefinition, path: IndexPath): { def: FormDefinition; path: number[] } {
  const field = fieldAt(def, path);
  if (!field || !canMoveIn(def, path)) return { def, path: [...path] };
  const i = path[path.length - 1]!;
  const target = [...path.slice(0, -1), i - 1];
  const without = {
    ...def,
    fields: mapList(def.fields, path.slice(0, -1), (l) => l.filter((_, j) => j !== i)),
  };
  return insertField(without, target, field);
}

/** Out of its group or repeat, just after it. */
export function moveOut(def: FormDefinition, path: IndexPath): { def: FormDefinition; path: number[] } {
  const field = fieldAt(def, path);
  if (!field || path.length < 2) return { def, path: [...path] };
  const parent = path.slice(0, -1);
  const i = path[path.length - 1]!;
  const without = { ...def, fields: mapList(def.fields, parent, (l) => l.filter((_, j) => j !== i)) };
  return insertField(without, parent.slice(0, -1), field, parent[parent.length - 1]! + 1);
}

/** A machine name from a label: lower case, letters, digits and `_`, starting with a letter. */
export function slugOf(label: string): string {
  const s = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
  if (!s) return 'field';
  return /^[a-z_]/.test(s) ? s : `q_${s}`;
}

/** Every name in the definition (names are unique per scope; the builder keeps them unique overall). */
export function allNames(def: FormDefinition): Set<string> {
  const out = new Set<string>();
  const walk = (fs: readonly FormField[]) => {
    for (const f of fs) {
      out.add(f.name);
      if (f.fields) walk(f.fields);
    }
  };
  walk(def.fields);
  return out;
}

/** `base`, or `base_2`, `base_3`… not in `taken`. */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base) && validName(base)) return base;
  for (let n = 2; ; n++) {
    const c = `${base.slice(0, 58)}_${n}`;
    if (!taken.has(c)) return c;
  }
}

/** A new field of `kind` with a unique name; a select gets its own list of two choices. */
export function newField(
  def: FormDefinition,
  kind: FieldKind,
  label: string,
  optionLabel: (n: number) => string,
): { def: FormDefinition; field: FormField } {
  const name = uniqueName(slugOf(label), allNames(def));
  const field: FormField = { name, kind, label };
  let next = def;
  if (CONTAINER_KINDS.includes(kind)) field.fields = [];
  if (SELECT_KINDS.includes(kind)) {
    const list = uniqueName(name, new Set(Object.keys(def.lists)));
    field.choices = { list };
    next = {
      ...def,
      lists: {
        ...def.lists,
        [list]: [
          { value: 'option_1', label: optionLabel(1) },
          { value: 'option_2', label: optionLabel(2) },
        ],
      },
    };
  }
  return { def: next, field };
}

export const holdsAnswer = (kind: FieldKind) => !VALUELESS_KINDS.includes(kind);

/** Each field object's index path (definitionIssues names the field object it found at fault). */
export function pathsByField(def: FormDefinition): Map<FormField, number[]> {
  const out = new Map<FormField, number[]>();
  const walk = (fs: readonly FormField[], base: number[]) =>
    fs.forEach((f, i) => {
      out.set(f, [...base, i]);
      if (f.fields) walk(f.fields, [...base, i]);
    });
  walk(def.fields, []);
  return out;
}

/** Flattened for the list: each field with its path and depth, in form order. */
export function flatten(def: FormDefinition): { field: FormField; path: number[]; depth: number }[] {
  const out: { field: FormField; path: number[]; depth: number }[] = [];
  const walk = (fs: readonly FormField[], base: number[]) =>
    fs.forEach((f, i) => {
      out.push({ field: f, path: [...base, i], depth: base.length });
      if (f.fields) walk(f.fields, [...base, i]);
    });
  walk(def.fields, []);
  return out;
}

export const samePath = (a: IndexPath | null, b: IndexPath | null) =>
  !!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]);
