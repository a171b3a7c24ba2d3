import { checkActReply, parseActBody, type ActContract } from '../kernel/act-contract';
import type { Registry } from '../kernel/registry';
import type { AsyncAction } from './tasks/async-action';
import type { ActCall, ActHandlers, RegisteredAct, ServerModule } from './services';

/**
 * Whether replies are checked against their contracts. On in tests and development, where a
 * handler that drifts from its contract should fail loudly; off in production, where the parse
 * would cost every reply and the client copes with what it gets. CHECK_ACT_REPLIES=1 or 0
 * overrides; otherwise NODE_ENV 'test' (Vitest sets it) or 'development' turns it on.
 */
export function replyCheckFromEnv(env: Record<string, string | undefined> = process.env): boolean {
  if (env.CHECK_ACT_REPLIES === '1') return true;
  if (env.CHECK_ACT_REPLIES === '0') return false;
  return env.NODE_ENV === 'test' || env.NODE_ENV === 'development';
}

const CHECK_REPLIES = replyCheckFromEnv();

/**
 * A module's acts from its contracts and their handlers. The mapped type makes a missing or
 * extra handler, a handler reading a body field its contract lacks, or a reply of the wrong
 * shape a compile error.
 */
export function actsOf<Cs extends Record<string, ActContract>>(
  contracts: Cs,
  handlers: ActHandlers<Cs>,
): Record<string, RegisteredAct> {
  const out: Record<string, RegisteredAct> = {};
  for (const [name, contract] of Object.entries(contracts)) {
    const handler = handlers[name as keyof Cs];
    if (typeof handler !== 'function') throw new Error(`act ${name} has no handler`);
    // The handler's body type is its contract's output; runAct parses with that same contract.
    out[name] = { contract, handler: handler as RegisteredAct['handler'] };
  }
  const extra = Object.keys(handlers).filter((n) => !(n in contracts));
  if (extra.length) throw new Error(`handlers without a contract: ${extra.join(', ')}`);
  return out;
}

/** A module's async actions, each with its contract, so the task service checks bodies at start. */
export function asyncActionsOf<Cs extends Record<string, ActContract>>(
  contracts: Cs,
  actions: { [K in keyof Cs]: AsyncAction },
): Record<string, AsyncAction> {
  const out: Record<string, AsyncAction> = {};
  for (const [name, contract] of Object.entries(contracts)) {
    if (!contract.async) throw new Error(`${name} is not an async contract`);
    const action = actions[name as keyof Cs];
    if (!action) throw new Error(`async action ${name} has no implementation`);
    out[name] = { ...action, contract };
  }
  const extra = Object.keys(actions).filter((n) => !(n in contracts));
  if (extra.length) throw new Error(`async actions without a contract: ${extra.join(', ')}`);
  return out;
}

/**
 * Runs one act: the body is parsed with the contract first (a bad one is invalidInput with field
 * errors, and the handler never runs), then the handler gets the parsed body.
 */
export async function runAct(
  act: RegisteredAct,
  call: ActCall<unknown>,
  checkReplies = CHECK_REPLIES,
): Promise<unknown> {
  const body = parseActBody(act.contract, call.body);
  const reply = await act.handler({ ...call, body });
  if (checkReplies) checkActReply(act.contract, reply);
  return reply;
}

/**
 * Joins the manifests' acts with the server halves' handlers; a mismatch fails at start. Each
 * act (and async action) must be registered with the very contract its manifest names, by the
 * module whose manifest names it, and every act a manifest names needs a handler.
 */
export function buildActs(registry: Registry, modules: readonly ServerModule[]): Map<string, RegisteredAct> {
  const acts = new Map<string, RegisteredAct>();
  for (const m of modules) {
    const manifest = registry.modules.find((x) => x.id === m.id);
    if (!manifest) throw new Error(`server half ${m.id} belongs to no registered module`);
    for (const [name, act] of Object.entries(m.acts)) {
      if (act.contract.name !== name)
        throw new Error(`act ${name} is registered with the contract of ${act.contract.name}`);
      if (registry.acts.get(name) !== m.id)
        throw new Error(`act ${name} of module ${m.id} is not in its manifest`);
      if (manifest.acts?.[name] !== act.contract)
        throw new Error(
          `act ${name} of module ${m.id} is registered with another contract than its manifest's`,
        );
      if (acts.has(name)) throw new Error(`act ${name} already registered`);
      acts.set(name, act);
    }
    for (const [name, action] of Object.entries(m.asyncActions ?? {})) {
      if (registry.asyncActs.get(name) !== m.id)
        throw new Error(`async action ${name} of module ${m.id} is not in its manifest`);
      if (manifest.asyncActs?.[name] !== action.contract)
        throw new Error(
          `async action ${name} of module ${m.id} is registered with another contract than its manifest's`,
        );
    }
  }
  const missing = [...registry.acts.keys()].filter((a) => !acts.has(a));
  if (missing.length) throw new Error(`acts without a handler: ${missing.join(', ')}`);
  const asyncMissing = [...registry.asyncActs].filter(
    ([name, id]) => !modules.find((m) => m.id === id)?.asyncActions?.[name],
  );
  if (asyncMissing.length)
    throw new Error(`async actions without an implementation: ${asyncMissing.map(([n]) => n).join(', ')}`);
  return acts;
}
