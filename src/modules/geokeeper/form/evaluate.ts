import type { FormDefinition, FormField } from './definition';
import { VALUELESS_KINDS } from './definition';
import { evalExpr, parseExpr, toBoolean, type ExprEnv, type ExprNode, type ExprValue } from './expr';
import { answerTypeOk, exprValueOf, isEmptyAnswer, parseDefault } from './values';

// The state of a filled-in form (docs/geokeeper-forms.md "Form state"): which fields show, which
// are required, each answer with its default, and what is wrong. The collection screen calls it
// on every change and the server calls it on every save, so both say the same thing.

export type FieldErrorKey = 'required' | 'constraint' | 'type';

export interface FieldError {
  /** Message key geokeeper.form.error.<key>; `message` is the author's own, when the form has one. */
  key: FieldErrorKey;
  message?: string;
}

export type DataPath = (string | number)[];

export interface FieldState {
  field: FormField;
  /** Where the answer sits in formData: names, and a repeat instance's index. */
  path: DataPath;
  /** The path joined with dots (`visits.0.species`), for keys and test ids. */
  key: string;
  shown: boolean;
  required: boolean;
  readOnly: boolean;
  value: unknown;
  errors: FieldError[];
}

export interface FormState {
  /** Every field of every repeat instance, in form order. */
  fields: FieldState[];
  /** No shown field has an error. */
  valid: boolean;
  /**
   * The answers to keep: defaults applied, hidden (non-relevant) fields, notes and keys the form
   * does not know dropped. Repeat instances stay, even empty ones.
   */
  data: Record<string, unknown>;
}

export interface EvaluateOptions {
  /** Today as YYYY-MM-DD in the collector's time zone; the local date by default. */
  today?: string;
  /** Organisation lists of values by key, to check the selects that use them. */
  lovs?: Readonly<Record<string, readonly string[]>>;
}

interface Scope {
  parent: Scope | undefined;
  byName: Map<string, Node>;
}

interface Node {
  state: FieldState;
  scope: Scope;
  parent: Node | undefined;
  /** A group's fields, or a repeat's instances' fields (all in order). */
  children: Node[];
  /** For a repeat: each instance's nodes, top level only. */
  instances?: Node[][];
}

type Compiled = { relevant?: ExprNode; constraint?: ExprNode };
const MAX_RELEVANCE_PASSES = 10;
const compiled = new WeakMap<FormField, Compiled>();

// Definitions are checked by parseDefinition before use, so a rule that does not parse here is a
// programming error and throws.
function rulesOf(field: FormField): Compiled {
  let c = compiled.get(field);
  if (!c) {
    c = {};
    if (field.relevant !== undefined) c.relevant = parseExpr(field.relevant);
    if (field.constraint !== undefined) c.constraint = parseExpr(field.constraint);
    compiled.set(field, c);
  }
  return c;
}

function localToday(): string {
  const d = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function build(
  fields: readonly FormField[],
  data: Record<string, unknown>,
  path: DataPath,
  scope: Scope,
  parent: Node | undefined,
  out: Node[],
): Node[] {
  const level: Node[] = [];
  for (const field of fields) {
    const here = [...path, field.name];
    const raw = Object.hasOwn(data, field.name) ? data[field.name] : undefined;
    let value: unknown;
    if (VALUELESS_KINDS.includes(field.kind)) value = undefined;
    // A read-only answer is the form's default, whatever was sent.
    else if (field.readOnly) value = parseDefault(field);
    else value = raw === undefined || raw === null ? parseDefault(field) : raw;
    const state: FieldState = {
      field,
      path: here,
      key: here.join('.'),
      shown: true,
      required: !!field.required && !field.readOnly,
      readOnly: !!field.readOnly,
      value,
      errors: [],
    };
    const node: Node = { state, scope, parent, children: [] };
    scope.byName.set(field.name, node);
    out.push(node);
    level.push(node);
    if (field.kind === 'group') {
      if (raw !== undefined && raw !== null && !isRecord(raw)) state.errors.push({ key: 'type' });
      node.children = build(field.fields ?? [], isRecord(raw) ? raw : {}, here, scope, node, out);
    } else if (field.kind === 'repeat') {
      if (raw !== undefined && raw !== null && !Array.isArray(raw)) state.errors.push({ key: 'type' });
      const rows = Array.isArray(raw) ? raw : [];
      node.instances = rows.map((row, i) => {
        if (!isRecord(row)) state.errors.push({ key: 'type' });
        const inner: Scope = { parent: scope, byName: new Map() };
        const nodes = build(field.fields ?? [], isRecord(row) ? row : {}, [...here, i], inner, node, out);
        node.children.push(...nodes);
        return nodes;
      });
    }
  }
  return level;
}

function envFor(node: Node, today: string): ExprEnv {
  return {
    ref(name: string): ExprValue {
      for (let s: Scope | undefined = node.scope; s; s = s.parent) {
        const target = s.byName.get(name);
        // A hidden field's answer reads as empty, as in ODK.
        if (target) return target.state.shown ? exprValueOf(target.state.field, target.state.value) : '';
      }
      return '';
    },
    self: () => exprValueOf(node.state.field, node.state.value),
    today: () => today,
  };
}

/** Computes the state of every field of a form filled in with `formData`. */
export function evaluateForm(
  def: FormDefinition,
  formData: unknown,
  options: EvaluateOptions = {},
): FormState {
  const today = options.today ?? localToday();
  const nodes: Node[] = [];
  const root: Scope = { parent: undefined, byName: new Map() };
  const top = build(def.fields, isRecord(formData) ? formData : {}, [], root, undefined, nodes);

  // Relevance may read fields further down the form, so passes repeat until nothing changes;
  // a cycle (a shows when b, b when a) settles or stops at the bound. Chains of forward
  // references longer than the bound are not worth the cost on a phone.
  for (let pass = 0; pass < MAX_RELEVANCE_PASSES; pass++) {
    let changed = false;
    for (const node of nodes) {
      const parentShown = node.parent ? node.parent.state.shown : true;
      const rule = rulesOf(node.state.field).relevant;
      const shown = parentShown && (!rule || toBoolean(evalExpr(rule, envFor(node, today))));
      if (shown !== node.state.shown) {
        node.state.shown = shown;
        changed = true;
      }
    }
    if (!changed) break;
  }

  for (const node of nodes) {
    const { state } = node;
    const { field } = state;
    if (!state.shown) {
      state.errors = [];
      continue;
    }
    if (VALUELESS_KINDS.includes(field.kind)) continue;
    if (isEmptyAnswer(state.value)) {
      if (state.required) {
        state.errors.push({
          key: 'required',
          ...(field.requiredMessage ? { message: field.requiredMessage } : {}),
        });
      }
      continue;
    }
    if (!answerTypeOk(field, state.value, def, options.lovs)) {
      state.errors.push({ key: 'type' });
      continue;
    }
    const rule = rulesOf(field).constraint;
    if (rule && !toBoolean(evalExpr(rule, envFor(node, today)))) {
      state.errors.push({
        key: 'constraint',
        ...(field.constraintMessage ? { message: field.constraintMessage } : {}),
      });
    }
  }

  const states = nodes.map((n) => n.state);
  return { fields: states, valid: states.every((s) => s.errors.length === 0), data: collect(top) };
}

function collect(level: Node[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const node of level) {
    const { state } = node;
    if (!state.shown) continue;
    if (state.field.kind === 'group') {
      const inner = collect(node.children.filter((c) => c.parent === node));
      if (Object.keys(inner).length > 0) out[state.field.name] = inner;
    } else if (state.field.kind === 'repeat') {
      out[state.field.name] = (node.instances ?? []).map(collect);
    } else if (!VALUELESS_KINDS.includes(state.field.kind) && !isEmptyAnswer(state.value)) {
      out[state.field.name] = state.value;
    }
  }
  return out;
}

/** The shown fields' errors, by key, for a server reply or a summary. */
export function formErrors(state: FormState): { key: string; errors: FieldError[] }[] {
  return state.fields.filter((f) => f.errors.length > 0).map((f) => ({ key: f.key, errors: f.errors }));
}
