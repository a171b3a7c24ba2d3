import type { FieldError } from '../../../../protocol/errors';
import { AppError, type BeforeWriteContext, type Executor } from '../../../../server/module-api';
import { formDefinitionSchema, type FormDefinition } from '../../form/definition';
import { definitionAt, nextVersion, type FormVersion } from '../../form/versions';

// A form definition's versions (docs/geokeeper-forms.md "Versions"): a saved `definition` is
// checked with the form engine's schema (definitionIssues) and its errors come back as field
// errors; a structural change makes version + 1 and keeps the previous definition in `versions`
// (system-written), so field data collected with it is still read and checked with its own.

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The earlier versions a form definition item keeps (never trusted blindly: shape-checked). */
export function historyOf(data: Readonly<Record<string, unknown>>): FormVersion[] {
  const out: FormVersion[] = [];
  if (Array.isArray(data.versions))
    for (const v of data.versions as unknown[])
      if (isObject(v) && typeof v.version === 'number' && isObject(v.definition))
        out.push({ version: v.version, definition: v.definition as unknown as FormDefinition });
  return out;
}

/** Every version of a form item, the current one included. */
export function allVersions(data: Readonly<Record<string, unknown>>): FormVersion[] {
  const out = historyOf(data);
  if (isObject(data.definition))
    out.push({
      version: typeof data.version === 'number' ? data.version : 1,
      definition: data.definition as unknown as FormDefinition,
    });
  return out;
}

/** The definition data of `version` was collected with (the current one when version is unset). */
export function formDefinitionAt(
  data: Readonly<Record<string, unknown>>,
  version: number | undefined,
): FormDefinition | undefined {
  const all = allVersions(data);
  if (version === undefined) return all.at(-1)?.definition;
  return definitionAt(all, version);
}

/** The schema's issues as field errors under `definition` (the issue key in params.issue). */
export function definitionErrors(json: unknown): { definition?: FormDefinition; errors: FieldError[] } {
  const parsed = formDefinitionSchema.safeParse(json);
  if (parsed.success) return { definition: parsed.data, errors: [] };
  const errors: FieldError[] = parsed.error.issues.slice(0, 50).map((i) => {
    const issue = i.message.startsWith('geokeeper.form.def.') ? i.message.slice(19) : null;
    if (!issue) return { path: ['definition', ...i.path.map(String)].join('.'), key: 'errors.invalidValue' };
    const params = isObject((i as { params?: unknown }).params)
      ? ((i as { params: Record<string, string | number> }).params as Record<string, string | number>)
      : {};
    // The definition's checks name a field by its names from the top (and the rule at fault).
    const path = ['definition', ...i.path.map(String), ...(params.property ? [String(params.property)] : [])];
    return { path: path.join('.'), key: 'errors.geokeeperFormDefinition', params: { ...params, issue } };
  });
  return { errors };
}

export async function formDefVersionsBeforeWrite(_tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const current = ctx.current?.data ?? {};
  const history = historyOf(current);
  const had = isObject(current.definition);
  if (!('definition' in ctx.data)) {
    // The version follows the definition once there is one: other writes keep it.
    if ('version' in ctx.data && had) ctx.data.version = current.version ?? 1;
    return;
  }
  const json = ctx.data.definition;
  if (json === null) {
    // Data may have been collected with it: a definition, once given, is replaced, never removed.
    if (had)
      throw new AppError('invalidInput', 'a form definition cannot be removed', {
        fields: [{ path: 'definition', key: 'errors.required' }],
      });
    return;
  }
  const { definition, errors } = definitionErrors(json);
  if (!definition)
    throw new AppError('invalidInput', `definition: ${errors.length} problems`, { fields: errors });
  ctx.data.definition = definition;
  const previous: FormVersion | undefined = had
    ? {
        version: typeof current.version === 'number' ? current.version : 1,
        definition: current.definition as unknown as FormDefinition,
      }
    : undefined;
  // The first definition keeps a version the item was given (forms made before their definition).
  const first =
    typeof current.version === 'number'
      ? current.version
      : typeof ctx.data.version === 'number'
        ? ctx.data.version
        : 1;
  const version = previous ? nextVersion(previous, definition) : first;
  ctx.data.version = version;
  if (previous && version !== previous.version) ctx.data.versions = [...history, previous];
}
