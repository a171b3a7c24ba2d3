import type { z } from 'zod';
import { AppError, type FieldError, type RuleKey } from '../protocol/errors';

// An act's contract (DESIGN §2 "A module is one folder", contract.ts): its name, the zod schema
// of the body it takes and of the reply it gives. The server parses every body with it before
// the handler runs; the client's act() is typed by it. Shared code: no server or client imports.
//
// The client imports contracts as types only (`import type`): zod is not in the start-up
// JavaScript (it loads with the screens that edit items), and the names alone are enough at run
// time. An eslint rule keeps value imports of contract files out of src/client.

export interface ActContract<
  N extends string = string,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  readonly name: N;
  readonly body: B;
  readonly reply: R;
  /** An async action (act/{name}/async): the reply is the started Task. */
  readonly async: boolean;
}

/** What a caller sends (before defaults and trimming). */
export type ActBody<C extends ActContract> = z.input<C['body']>;
/** What the handler receives: the parsed body. */
export type ActInput<C extends ActContract> = z.output<C['body']>;
/** What the act answers. */
export type ActReply<C extends ActContract> = z.output<C['reply']>;

type Spec = { body: z.ZodType; reply: z.ZodType };
type Contracts<S extends Record<string, Spec>> = {
  readonly [K in keyof S & string]: ActContract<K, S[K]['body'], S[K]['reply']>;
};

/**
 * A module's acts, keyed by name; the key is the act's name, so it is written once. The
 * manifest's `acts` list is `Object.keys` of the result.
 */
export function defineActs<S extends Record<string, Spec>>(specs: S, opts: { async?: boolean } = {}) {
  const out: Record<string, ActContract> = {};
  for (const [name, s] of Object.entries(specs))
    out[name] = Object.freeze({ name, body: s.body, reply: s.reply, async: opts.async === true });
  return Object.freeze(out) as Contracts<S>;
}

/** One act (for a module with a single act, or a test). */
export function defineAct<N extends string, B extends z.ZodType, R extends z.ZodType>(c: {
  name: N;
  body: B;
  reply: R;
  async?: boolean;
}): ActContract<N, B, R> {
  return Object.freeze({ name: c.name, body: c.body, reply: c.reply, async: c.async === true });
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/**
 * zod issues as the field errors of docs/protocol.md (`{path, key, params?}`), so a bad act body
 * reads like a bad item field: a missing key is `errors.required`, a wrong JSON type
 * `errors.invalidType`, an extra key `errors.unknownField`, a too long string `errors.maxLength`.
 */
export function bodyFieldErrors(error: z.ZodError, input: unknown): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    const field = (key: RuleKey, params?: Record<string, string | number>): FieldError =>
      params ? { path, key, params } : { path, key };
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const k of issue.keys) out.push({ path: path ? `${path}.${k}` : k, key: 'errors.unknownField' });
        break;
      case 'invalid_type':
        out.push(field(valueAt(input, issue.path) === undefined ? 'errors.required' : 'errors.invalidType'));
        break;
      case 'too_big':
        if (issue.origin === 'string') out.push(field('errors.maxLength', { max: Number(issue.maximum) }));
        else if (issue.origin === 'array')
          out.push(field('errors.array.max', { max: Number(issue.maximum) }));
        else out.push(field('errors.invalidValue'));
        break;
      case 'too_small':
        if (issue.origin === 'array') out.push(field('errors.array.min', { min: Number(issue.minimum) }));
        // A trimmed string of at least one character: empty means not given.
        else if (issue.origin === 'string' && Number(issue.minimum) === 1) out.push(field('errors.required'));
        else out.push(field('errors.invalidValue'));
        break;
      case 'custom':
        out.push(
          field(issue.message.startsWith('errors.') ? (issue.message as RuleKey) : 'errors.invalidValue'),
        );
        break;
      default:
        out.push(field('errors.invalidValue'));
    }
  }
  return out;
}

/** Parses an act's body with its contract; a bad body is invalidInput with field errors. */
export function parseActBody<C extends ActContract>(contract: C, body: unknown): ActInput<C> {
  const r = contract.body.safeParse(body);
  if (r.success) return r.data as ActInput<C>;
  const fields = bodyFieldErrors(r.error, body);
  throw new AppError(
    'invalidInput',
    `${contract.name}: ${fields.map((f) => `${f.path || '(body)'} ${f.key}`).join('; ')}`,
    { fields },
  );
}

/** A reply that does not match its contract: a bug in the handler (or the contract), never the caller's. */
export class ActReplyDrift extends Error {
  override name = 'ActReplyDrift';
}

/**
 * Checks a handler's reply against the contract (development and tests; see server/acts.ts).
 * Throws ActReplyDrift naming the act and the paths that drifted; the reply itself is not changed.
 */
export function checkActReply(contract: ActContract, reply: unknown): void {
  const r = contract.reply.safeParse(reply);
  if (r.success) return;
  const where = r.error.issues
    .map((i) =>
      i.code === 'unrecognized_keys'
        ? `${i.path.map(String).join('.') || '(reply)'}: ${i.keys.join(', ')} not in the contract`
        : `${i.path.map(String).join('.') || '(reply)'}: ${i.message}`,
    )
    .join('; ');
  throw new ActReplyDrift(`act ${contract.name} replied off its contract: ${where}`);
}
