import type { WireItem } from '../../../../server/module-api';
import { formDefinitionSchema, type FormDefinition, type FormField } from '../../form/definition';
import { definitionAt, projectData, type FormVersion } from '../../form/versions';

// The form versions an export reads a record's answers with. A GeoKeeperFormDef holds its current
// `definition` at `version`; earlier versions, when the item keeps them (`versions`: FormVersion[],
// docs/geokeeper-forms.md "Versions"), are read too, so data of an older version is projected onto
// the current one (projectData) and its answers the current version has no place for are kept
// apart (the `extra` column), never lost.

export interface ReadableForm {
  current: FormDefinition;
  version: number;
  history: FormVersion[];
}

function parse(json: unknown): FormDefinition | undefined {
  const r = formDefinitionSchema.safeParse(json);
  return r.success ? r.data : undefined;
}

/** The form's current definition and its versions; undefined when it holds no valid definition. */
export function readableForm(item: WireItem): ReadableForm | undefined {
  const current = parse(item.definition);
  if (!current) return undefined;
  const version = typeof item.version === 'number' ? item.version : 1;
  const history: FormVersion[] = [{ version, definition: current }];
  if (Array.isArray(item.versions))
    for (const v of item.versions as unknown[]) {
      const o = v as { version?: unknown; definition?: unknown } | null;
      const def = typeof o?.version === 'number' && o.version !== version ? parse(o.definition) : undefined;
      if (def && typeof o?.version === 'number') history.push({ version: o.version, definition: def });
    }
  return { current, version, history };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Answers the definition has no field for (data whose version's definition is not kept, or a
 * device's stray key), by names path as projectData names its extras: an export loses none.
 */
function unplaced(
  fields: readonly FormField[],
  data: Record<string, unknown>,
  at: string,
  out: Record<string, unknown>,
) {
  for (const [name, v] of Object.entries(data)) {
    const here = at ? `${at}/${name}` : name;
    const field = fields.find((f) => f.name === name && f.kind !== 'note');
    if (!field) out[here] = v;
    else if (field.kind === 'group' && isRecord(v)) unplaced(field.fields ?? [], v, here, out);
    else if (field.kind === 'repeat' && Array.isArray(v))
      v.forEach((row, i) => isRecord(row) && unplaced(field.fields ?? [], row, `${here}/${i}`, out));
  }
}

/** A record's answers under the form's current version, and what that version has no place for. */
export function answersUnder(
  form: ReadableForm | undefined,
  formVersion: unknown,
  formData: Record<string, unknown>,
): { data: Record<string, unknown>; extra: Record<string, unknown> } {
  if (!form) return { data: formData, extra: {} };
  const v = typeof formVersion === 'number' ? formVersion : form.version;
  const own = definitionAt(form.history, v) ?? form.current;
  const projected = projectData(own, form.current, formData);
  unplaced(own.fields, formData, '', projected.extra);
  return projected;
}
