import { z } from 'zod';
import { MAX_JSON_DEPTH, MAX_JSON_LENGTH } from '../protocol/constants';
import type { FieldError, RuleKey } from '../protocol/errors';
import { jsonWithinLimits } from '../protocol/input-limits';
import { tryParseId } from '../protocol/ids';
import type { ItemType } from './item-type';
import type { PropertyDef } from './property';
import { checkGeometry, GEOMETRY_MAX_VERTICES } from './geometry';
import { EMAIL_RE, HEX_RE, isCalendarDate, isDateTime, isPhone, isUrl } from './formats';

// The zod validator derived from a type declaration. Each failure's message is a rule key of
// spec core §5, so the server's error names the field and the rule, and the client's form
// shows the same translated message.

const rule = (key: RuleKey) => ({ error: key });

function scalarSchema(p: PropertyDef): z.ZodType {
  switch (p.kind) {
    case 'text':
    case 'string':
    case 'file': {
      let s = z.string(rule('errors.invalidType'));
      if (p.maxLength !== undefined) s = s.max(p.maxLength, rule('errors.maxLength'));
      if (p.notBlank) s = s.refine((v) => v.trim().length > 0, rule('errors.notBlank'));
      switch (p.format) {
        case 'email':
          return s.regex(EMAIL_RE, rule('errors.invalidEmail'));
        case 'phone':
          return s.refine(isPhone, rule('errors.invalidPhone'));
        case 'url':
          return s.refine(isUrl, rule('errors.invalidURL'));
        case 'hex':
          return s.regex(HEX_RE, rule('errors.invalidHex'));
        case 'lowercase':
          return s.refine((v) => v === v.toLowerCase(), rule('errors.lowercase'));
        default:
          return s;
      }
    }
    case 'number': {
      const n = z.number(rule('errors.number.float')).refine(Number.isFinite, rule('errors.number.float'));
      if (p.numberKind === 'INTEGER') return n.refine(Number.isInteger, rule('errors.number.integer'));
      if (p.numberKind === 'NATURAL')
        return n.refine((v) => Number.isInteger(v) && v > 0, rule('errors.number.natural'));
      return n;
    }
    case 'boolean':
      return z.boolean(rule('errors.invalidType'));
    case 'date':
      return z
        .string(rule('errors.invalidType'))
        .refine((v) => isCalendarDate(v, p.impreciseDate === true), rule('errors.invalidValue'));
    case 'dateTime':
      return z.string(rule('errors.invalidType')).refine(isDateTime, rule('errors.invalidValue'));
    case 'enum':
      return z.enum((p.values ?? []) as [string, ...string[]], rule('errors.invalidValue'));
    case 'lov':
      return z
        .string(rule('errors.invalidType'))
        .min(1, rule('errors.invalidValue'))
        .max(200, rule('errors.maxLength'));
    case 'relation': {
      const targets = p.types ?? [];
      return z.string(rule('errors.invalidType')).refine((v) => {
        const id = tryParseId(v);
        return (
          id !== null &&
          id.num > 0 &&
          id.tmp === undefined &&
          (targets.includes('*') || targets.includes(id.type))
        );
      }, rule('errors.invalidValue'));
    }
    case 'geometry':
      // One check (kernel/geometry.ts) shared with the client's editor; its problem names the rule.
      return z.unknown().superRefine((g, ctx) => {
        const problem = checkGeometry(g);
        if (problem)
          ctx.addIssue({
            code: 'custom',
            message: `errors.geometry.${problem}`,
            ...(problem === 'vertices' ? { params: { max: GEOMETRY_MAX_VERTICES } } : {}),
          });
      });
    case 'json':
      // Free-form, but bounded: a value nested without end would overflow whatever reads it
      // recursively later (JSON.stringify, PostgreSQL's jsonb), and one without size fills rows.
      return z
        .unknown()
        .refine((v) => jsonWithinLimits(v, MAX_JSON_DEPTH, MAX_JSON_LENGTH), rule('errors.jsonTooLarge'));
  }
}

function propertySchema(p: PropertyDef): z.ZodType {
  const one = scalarSchema(p);
  if (!p.list) return one;
  let arr = z.array(one, rule('errors.invalidType'));
  if (p.minItems !== undefined) arr = arr.min(p.minItems, rule('errors.array.min'));
  if (p.maxItems !== undefined) arr = arr.max(p.maxItems, rule('errors.array.max'));
  if (p.exactItems !== undefined) arr = arr.length(p.exactItems, rule('errors.array.exactly'));
  return arr;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

export interface ValidateOptions {
  admin: boolean;
}

export type ItemValidator = z.ZodType<Record<string, unknown>>;

/** Builds the zod validator of a type's writable data (system fields are handled by the server). */
export function buildValidator(type: ItemType, opts: ValidateOptions): ItemValidator {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, p] of Object.entries(type.properties)) {
    shape[name] = propertySchema(p).nullable().optional();
  }
  return z
    .strictObject(shape, {
      error: (iss) => (iss.code === 'unrecognized_keys' ? 'errors.unknownField' : 'errors.invalidType'),
    })
    .superRefine((data, ctx) => {
      for (const [name, p] of Object.entries(type.properties)) {
        const needed = p.required === true || (p.required === 'exceptAdmin' && !opts.admin);
        if (needed && isEmpty(data[name]))
          ctx.addIssue({ code: 'custom', path: [name], message: 'errors.required' });
        const start = p.notBefore ? data[p.notBefore] : undefined;
        const end = data[name];
        if (typeof start === 'string' && typeof end === 'string' && end < start)
          ctx.addIssue({ code: 'custom', path: [name], message: 'errors.endBeforeStart' });
      }
    }) as unknown as ItemValidator;
}

export function toFieldErrors(err: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of err.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) out.push({ path: k, key: 'errors.unknownField' });
      continue;
    }
    const key = (issue.message.startsWith('errors.') ? issue.message : 'errors.invalidValue') as RuleKey;
    // A custom rule may carry values for its message (a geometry's vertex limit).
    const params = issue.code === 'custom' ? (issue as { params?: FieldError['params'] }).params : undefined;
    out.push({ path: issue.path.join('.'), key, ...(params ? { params } : {}) });
  }
  // An empty required field says "required", not also "not blank".
  const required = new Set(out.filter((e) => e.key === 'errors.required').map((e) => e.path));
  return out.filter((e) => e.key === 'errors.required' || !required.has(e.path));
}

const cache = new WeakMap<ItemType, { admin: ItemValidator; user: ItemValidator }>();

export function validatorFor(type: ItemType, opts: ValidateOptions): ItemValidator {
  let v = cache.get(type);
  if (!v) {
    v = { admin: buildValidator(type, { admin: true }), user: buildValidator(type, { admin: false }) };
    cache.set(type, v);
  }
  return opts.admin ? v.admin : v.user;
}
