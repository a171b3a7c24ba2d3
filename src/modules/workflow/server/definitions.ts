import { sql } from 'drizzle-orm';
import {
  AppError,
  query,
  SYSTEM,
  type BeforeWriteContext,
  type Executor,
  type TypeHooks,
  type WriteEvent,
} from '../../../server/module-api';
import type { Registry } from '../../../kernel/registry';
import { StepDefsZ } from '../contract';
import { preferableProperties } from '../types';

// A Workflow definition is saved with the ordinary create/update (the designer); these hooks
// keep what it holds runnable: its steps parse, their ids are unique, their kinds are registered
// for its type, what they set and count from are properties of that type, the people a role step
// prefers are named in a property of that type that holds people. At most one definition
// per (owner, appliesTo) is the default: saving one as default unsets the others.

type Field = { path: string; key: 'errors.invalidValue' | 'errors.required' | 'errors.wfPrefer' };

/**
 * The kinds a type's workflows may use: the generic ones (this module's), its own module's, and
 * those another module offers to it (manifest `stepKindTypes`: spatial's RWF_SPATIAL).
 */
export function kindsFor(registry: Registry, typeName: string): string[] {
  const own = registry.modules.find((m) => m.types.some((t) => t.name === typeName))?.id;
  return [...registry.stepKinds]
    .filter(([k, m]) => m === 'workflow' || m === own || registry.stepKindTypes.get(k)?.has(typeName))
    .map(([k]) => k);
}

/** The property names a step may not set: the instance is the engine's alone. */
const ENGINE_KEYS = new Set(['workflow', '_wf', '_wf.$assigned', '_wf.$assignedDue']);

function checkDefinition(registry: Registry, data: Record<string, unknown>): Field[] {
  const errors: Field[] = [];
  const appliesTo = data.appliesTo;
  const type = typeof appliesTo === 'string' ? registry.types.get(appliesTo) : undefined;
  if (!type?.workflow) errors.push({ path: 'appliesTo', key: 'errors.invalidValue' });
  const parsed = StepDefsZ.safeParse(data.steps ?? []);
  if (!parsed.success) return [...errors, { path: 'steps', key: 'errors.invalidValue' }];
  const kinds = type ? new Set(kindsFor(registry, type.name)) : new Set<string>();
  const seen = new Set<string>();
  const preferable = new Set(type ? preferableProperties(type.properties) : []);
  parsed.data.forEach((s, i) => {
    const bad = (what: string) => errors.push({ path: `steps.${i}.${what}`, key: 'errors.invalidValue' });
    if (seen.has(s.id)) bad('id');
    seen.add(s.id);
    if (!type) return;
    if (!kinds.has(s.kind)) bad('kind');
    for (const k of Object.keys(s.sets ?? {}))
      if (ENGINE_KEYS.has(k) || !(k in type.properties)) bad(`sets.${k}`);
    if (s.due && s.due.from !== 'start') {
      const p = type.properties[s.due.from];
      if (!p || (p.kind !== 'date' && p.kind !== 'dateTime')) bad('due.from');
    }
    // `prefer` orders a role's people: a named person's step has nobody to order, and a property
    // that is not a relation to User (a date, an organisation, the engine's own keys) names none.
    const prefer = s.assignee?.prefer;
    if (prefer !== undefined && (!s.assignee?.role || !preferable.has(prefer)))
      errors.push({ path: `steps.${i}.assignee.prefer`, key: 'errors.wfPrefer' });
  });
  return errors;
}

async function beforeWrite(_tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  if (ctx.kind === 'update' && !('steps' in ctx.data) && !('appliesTo' in ctx.data)) return;
  const merged = { ...(ctx.current?.data ?? {}), ...ctx.data };
  const errors = checkDefinition(ctx.items.registry, merged);
  if (errors.length)
    throw new AppError('invalidInput', `workflow definition: ${errors.map((e) => e.path).join(', ')}`, {
      fields: errors,
    });
}

/** One default per owner and type: the one just saved as default wins, the others are unset. */
async function afterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created' && e.kind !== 'updated') return;
  if (e.row.data.isDefault !== true) return;
  if (e.kind === 'updated' && !e.changes?.isDefault && !e.changes?.appliesTo && !e.changes?.owner) return;
  const others = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'Workflow' and not deleted and id <> ${e.row.id}
      and owner is not distinct from ${e.row.owner} and data->>'appliesTo' = ${String(e.row.data.appliesTo)}
      and (data->>'isDefault')::boolean`,
  );
  for (const { id } of others)
    await e.items.patchIn(tx, SYSTEM, id, { isDefault: null }, { actor: e.actor, realActor: e.realActor });
}

export const workflowDefinitionHooks: TypeHooks = { beforeWrite, afterWrite };
