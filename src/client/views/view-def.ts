import type { ComponentType, LazyExoticComponent } from 'react';
import type { KeyCapGate } from '../../kernel/key-caps';
import type { Role } from '../../protocol/access-levels';
import type { CellWidth } from '../shell/cell-api';

export interface ViewProps {
  /** Further path segments of a noColumns view. */
  rest: string[];
  param: string | null;
}

export interface ViewDef extends KeyCapGate {
  /** The route name: 'home', 'sign-in', 'admin.all-items'. */
  name: string;
  titleKey: string;
  /** A Material icon's name, for the drawer (kernel/view.ts ViewDecl.icon). */
  icon?: string;
  component: ComponentType<ViewProps> | LazyExoticComponent<ComponentType<ViewProps>>;
  width?: CellWidth;
  noColumns?: boolean;
  /** Reachable signed out (the redirect to sign-in does not apply). */
  public?: boolean;
  /** Shown only without a valid token (sign-in, register). */
  signedOutOnly?: boolean;
  capability?: string;
  /** Holders of any of these (kernel/view.ts ViewGate.anyCapability, resolved by the registry). */
  anyCapability?: readonly string[];
  adminOnly?: boolean;
  /** Also for users with this role (or higher) in some organisation (see shell/role-gate.ts). */
  minOrgRole?: Role;
  /** …in an organisation of one of these kinds (kernel/view.ts ViewGate.orgKinds). */
  orgKinds?: readonly string[];
  /** Listed in the navigation drawer. */
  inNav?: boolean;
}
