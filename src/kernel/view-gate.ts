import { roleRank, ROLES, type Role } from '../protocol/access-levels';
import type { ModuleManifest } from './module';
import type { ViewGate } from './view';

// The one rule of who may open a view (kernel/view.ts ViewGate), for the client and the server
// alike: the client shows "You do not have access" before a gated view loads (shell/CellContent),
// its navigation and dashboards hide what fails it, and the server's acts behind a view check the
// same declaration (core/server/admin-acts.ts). The server's policy still decides every item.

/** Who asks: the site admin flag, the roles they hold in their organisations, their capabilities. */
export interface GateSubject {
  admin: boolean;
  /** Every role the subject holds, in any organisation (unknown role names are ignored). */
  roles: readonly string[];
  /** Each membership with its organisation's kind, for gates naming `orgKinds` (refused without). */
  memberships?: readonly { kind?: string | null; roles: readonly string[] }[];
  /** Capabilities held (the session's map); left out where they are not known (the server's principal). */
  capabilities?: Readonly<Record<string, boolean>>;
}

/** Why a gate refuses, or null when it lets the subject through. */
export type GateRefusal = 'admin' | 'orgRole' | 'capability';

/**
 * Admins pass every gate. Otherwise an `adminOnly` view is refused; `minOrgRole` asks for that
 * role or a higher one in some organisation (`orgKinds`: in an organisation of those kinds);
 * `capability` for the capability (when capabilities are known).
 */
export function gateRefusal(who: GateSubject, gate: ViewGate): GateRefusal | null {
  if (who.admin) return null;
  if (gate.adminOnly) return 'admin';
  if (gate.minOrgRole && !holdsRole(who.roles, gate.minOrgRole)) return 'orgRole';
  if (gate.orgKinds && !heldInKinds(who, gate.orgKinds, gate.minOrgRole)) return 'orgRole';
  if (gate.capability && who.capabilities && who.capabilities[gate.capability] !== true) return 'capability';
  const any = gate.anyCapability;
  if (any && who.capabilities && !any.some((c) => who.capabilities?.[c] === true)) return 'capability';
  return null;
}

/**
 * The capabilities that "have" workflow-capable types: the capability a type's `workflow`
 * declaration names as the one its items are worked under (ConsultResponse: ConsultRespond, so a
 * proponent holding Consult is not offered the designer), else every capability of the module
 * declaring it. What a `workflowTypes` gate resolves to (Registry.check).
 */
export function workflowCapabilities(
  modules: readonly Pick<ModuleManifest, 'capabilities' | 'types'>[],
): string[] {
  const out = new Set<string>();
  for (const m of modules)
    for (const t of m.types) {
      if (!t.workflow) continue;
      if (t.workflow.capability) out.add(t.workflow.capability);
      else for (const c of m.capabilities ?? []) out.add(c);
    }
  return [...out];
}

/** The gate with `workflowTypes` resolved into `anyCapability` (kept as declared otherwise). */
export function resolveWorkflowGate<G extends ViewGate>(gate: G, workflowCaps: readonly string[]): G {
  if (!gate.workflowTypes) return gate;
  return { ...gate, anyCapability: [...new Set([...(gate.anyCapability ?? []), ...workflowCaps])] };
}

export function passesViewRule(who: GateSubject, gate: ViewGate): boolean {
  return gateRefusal(who, gate) === null;
}

/** A membership in an organisation of one of the kinds, with the role (any role when none). */
function heldInKinds(who: GateSubject, kinds: readonly string[], min: Role | undefined): boolean {
  return (who.memberships ?? []).some(
    (m) => !!m.kind && kinds.includes(m.kind) && (min ? holdsRole(m.roles, min) : m.roles.length > 0),
  );
}

function holdsRole(roles: readonly string[], min: Role): boolean {
  const rank = roleRank(min);
  return roles.some((r) => (ROLES as readonly string[]).includes(r) && roleRank(r as Role) >= rank);
}
