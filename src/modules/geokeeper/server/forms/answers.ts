import type { FieldError, RuleKey } from '../../../../protocol/errors';
import {
  AppError,
  loadRowAsSystem,
  type BeforeWriteContext,
  type Executor,
} from '../../../../server/module-api';
import { evaluateForm, type FieldErrorKey } from '../../form/evaluate';
import { after } from '../field-data';
import { allVersions, formDefinitionAt } from './form-def';
import { lovKeysOf, lovValues } from './lov-keys';

// The server's check of a record's answers (docs/geokeeper-forms.md "The server checks
// answers"): a GeoKeeperFieldData write with answers is evaluated against its form at the
// record's formVersion (with the form organisation's lists of values), and what is kept is the
// engine's `data` (defaults applied, hidden fields and unknown keys dropped), never the raw
// formData. Records collected offline arrive by create and by applyGeoKeeperFieldDataEdits, both
// writes of the item service, so this one hook checks both. A draft may be incomplete: `required`
// blocks only finalizing; a wrong type or a broken constraint always blocks.

const ANSWER_KEYS: Record<FieldErrorKey, RuleKey> = {
  required: 'errors.geokeeperAnswerRequired',
  constraint: 'errors.geokeeperAnswerConstraint',
  type: 'errors.geokeeperAnswerType',
};

/** At most this many answer errors are reported (a form has at most 500 fields, a repeat many). */
const MAX_REPORTED = 100;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

const refuse = (path: string, key: RuleKey, message: string): never => {
  throw new AppError('invalidInput', message, { fields: [{ path, key }] });
};

/** The date today in UTC: the server's `today()` (a collector's rule against it is checked on the device too). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

export async function answersBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const touched = ['formInstance', 'formDef', 'formVersion', 'finalized'].some((k) => k in ctx.data);
  if (!touched) return;
  const formDefId = after(ctx, 'formDef');
  if (!isSet(formDefId)) return;
  // As the system: a write hook checks the answers against the record's form; nothing of the form is
  // returned.
  const form = await loadRowAsSystem(tx, String(formDefId));
  if (!form || form.deleted || form.type !== 'GeoKeeperFormDef')
    return refuse('formDef', 'errors.invalidValue', `${String(formDefId)}: not a form`);
  if (isSet(form.data.program) && form.data.program !== after(ctx, 'program'))
    refuse('formDef', 'errors.invalidValue', `${form.id}: a form of another program`);
  if (allVersions(form.data).length === 0) return; // a form with no definition yet checks nothing
  // A record keeps the version it was collected with; a new one (or a new form) takes the current.
  let version = after(ctx, 'formVersion');
  const formChanged =
    ctx.kind === 'update' && 'formDef' in ctx.data && ctx.data.formDef !== ctx.current?.data.formDef;
  if (!isSet(version) || (formChanged && !('formVersion' in ctx.data))) {
    version = typeof form.data.version === 'number' ? form.data.version : 1;
    ctx.data.formVersion = version;
  }
  const definition = formDefinitionAt(form.data, Number(version));
  if (!definition)
    return refuse('formVersion', 'errors.invalidValue', `version ${String(version)} of ${form.id}`);

  const instance = after(ctx, 'formInstance');
  if (instance !== undefined && !isObject(instance))
    refuse('formInstance', 'errors.invalidType', 'formInstance: an object');
  const formData = isObject(instance) && isObject(instance.formData) ? instance.formData : {};
  const lovs = await lovValues(tx, form.owner, lovKeysOf(definition));
  const state = evaluateForm(definition, formData, { lovs, today: todayUtc() });
  const finalizing = isSet(after(ctx, 'finalized'));
  const errors: FieldError[] = [];
  for (const f of state.fields) {
    if (!f.shown) continue;
    for (const e of f.errors) {
      if (e.key === 'required' && !finalizing) continue;
      errors.push({
        path: `formInstance.formData.${f.key}`,
        key: ANSWER_KEYS[e.key],
        ...(e.message ? { params: { message: e.message } } : {}),
      });
    }
  }
  if (errors.length > 0)
    throw new AppError('invalidInput', `${errors.length} answers refused by the form`, {
      fields: errors.slice(0, MAX_REPORTED),
    });
  // Keep what the engine made of the answers, when the write brings answers.
  if ('formInstance' in ctx.data && isObject(instance))
    ctx.data.formInstance = { ...instance, formData: state.data };
}
