import type { AccessLevel } from '../../protocol/access-levels';

export interface GrantRow {
  principal: string;
  actions: string[];
  grantedBy: string;
}

/** What the policy needs to know about an item. */
export interface AccessRow {
  id: string;
  type: string;
  num: number;
  owner: string | null;
  access: AccessLevel;
  createdBy: string | null;
  data: Record<string, unknown>;
  grants: GrantRow[];
  deleted: boolean;
  /**
   * The organisation's protocols the item is restricted to, on top of its level (null: none;
   * docs/access-model.md "Cultural protocols"), and whether the reader must be in all of them.
   */
  protocols: string[] | null;
  protocolStrict: boolean;
}

/** Loads rows by id for the policy (parents of derived items); missing ids are left out. */
export type RowLoader = (ids: readonly string[]) => Promise<Map<string, AccessRow>>;
