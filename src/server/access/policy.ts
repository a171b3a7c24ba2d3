import { roleRank, type AccessLevel, type ItemAction } from '../../protocol/access-levels';
import { SYSTEM_TYPE_PREFIX } from '../../protocol/ids';
import type { Registry } from '../../kernel/registry';
import type { ItemType } from '../../kernel/item-type';
import type { AccessRow, RowLoader } from './access-row';
import { rankIn, type Principal } from './principal';

const MEMBER = roleRank('member');
const STAFF = roleRank('staff');
const EDITOR = roleRank('editor');
const ORG_ADMIN = roleRank('orgAdmin');
const MAX_FOLLOW_DEPTH = 6;

const LEVEL_MIN_RANK: Record<Exclude<AccessLevel, 'PUBLIC' | 'PRIVATE'>, number> = {
  COMMUNITY: MEMBER,
  PROTECTED: STAFF,
};

/**
 * The one access policy (docs/access-model.md). Every read, readMany, label, watch, push,
 * search, export and e-mail path asks it; nothing decides access on its own.
 */
export class AccessPolicy {
  constructor(private readonly registry: Registry) {}

  /** Does a grant on the row cover the principal (directly or through an organisation)? */
  grantCovers(p: Principal, row: AccessRow, action?: string): boolean {
    if (!p.userId) return false;
    return row.grants.some(
      (g) =>
        (g.principal === p.userId || rankIn(p, g.principal) >= MEMBER) &&
        (action === undefined || g.actions.includes(action)),
    );
  }

  private type(row: AccessRow): ItemType | undefined {
    return this.registry.type(row.type);
  }

  /** The source a derived row follows (its thread, its parent item), or null: it decides alone. */
  sourceOf(row: AccessRow): string | null {
    return this.parentId(row, this.type(row));
  }

  private parentId(row: AccessRow, t: ItemType | undefined): string | null {
    const prop = t?.access.follows;
    const v = prop ? row.data[prop] : undefined;
    return typeof v === 'string' ? v : null;
  }

  async can(p: Principal, action: ItemAction, row: AccessRow, load: RowLoader, depth = 0): Promise<boolean> {
    if (row.deleted) return p.admin && action === 'read';
    if (p.admin) return true;
    if (row.type.startsWith(SYSTEM_TYPE_PREFIX)) return false;
    if (depth > MAX_FOLLOW_DEPTH) return false;
    const t = this.type(row);
    if (!t) return false;
    // A restricted item is nobody's but its protocols' members' (and its creator's), whatever
    // their role or grants: every action needs it, before the level is asked.
    if (!this.inProtocols(p, row)) return false;

    // Site-wide notices: any signed-in user reads them; changing them still follows the rules below.
    if (action === 'read' && t.access.read === 'signedIn' && p.userId) return true;

    const recipientField = t.access.recipientField;
    if (recipientField) {
      if (!p.userId || row.data[recipientField] !== p.userId) return false;
      if (action === 'grant' || action === 'create') return false;
      const parentId = this.parentId(row, t);
      if (!parentId) return true;
      const parent = (await load([parentId])).get(parentId);
      return parent !== undefined && (await this.can(p, 'read', parent, load, depth + 1));
    }

    const parentId = this.parentId(row, t);
    if (parentId) {
      // Derived data has no readers of its own: a grant on it would open its source's level and
      // protocols to someone the source never let in (a message of an Elders-only thread shared
      // with a proponent). Sharing is done on the source, so `grant` is nobody's here, and grants
      // still stored on such a row count for nothing (docs/access-model.md "Derived paths").
      if (action === 'grant') return false;
      const parent = (await load([parentId])).get(parentId);
      if (!parent) return false;
      // Derived data follows its source: reading needs read, changing needs update on the source.
      return this.can(p, action === 'read' ? 'read' : 'update', parent, load, depth + 1);
    }
    return this.decideOwn(p, action, row);
  }

  /**
   * Does the principal pass the item's cultural protocols (docs/access-model.md)? Open: a member
   * of any one listed protocol; strict: of all of them. The creator always does (they hold what
   * they recorded); admins never reach here.
   */
  inProtocols(p: Principal, row: AccessRow): boolean {
    const list = row.protocols;
    if (!list || list.length === 0) return true;
    if (!p.userId) return false;
    if (row.createdBy === p.userId) return true;
    const mine = p.protocols;
    if (!mine || mine.size === 0) return false;
    return row.protocolStrict ? list.every((x) => mine.has(x)) : list.some((x) => mine.has(x));
  }

  /** The level, role and grant rules for an item that does not follow another. */
  private decideOwn(p: Principal, action: ItemAction, row: AccessRow): boolean {
    const rank = rankIn(p, row.owner);
    const creator = p.userId !== null && row.createdBy === p.userId;
    const personal = row.owner === null && creator;
    switch (action) {
      case 'read':
        if (row.access === 'PUBLIC') return true;
        if (!p.userId) return false;
        if (this.grantCovers(p, row)) return true;
        if (personal) return true;
        if (row.access === 'PRIVATE') return creator || rank >= ORG_ADMIN;
        return rank >= LEVEL_MIN_RANK[row.access];
      case 'update':
        if (!p.userId || !this.decideOwn(p, 'read', row)) return false;
        if (this.grantCovers(p, row, 'update') || personal || rank >= EDITOR) return true;
        return creator && row.data.state === 'DRAFT';
      case 'delete':
        if (!p.userId || !this.decideOwn(p, 'read', row)) return false;
        if (this.grantCovers(p, row, 'delete') || personal || rank >= EDITOR) return true;
        return creator && row.data.state === 'DRAFT';
      case 'grant':
        if (!p.userId) return false;
        return this.grantCovers(p, row, 'grant') || personal || rank >= ORG_ADMIN;
      case 'create':
        return false;
    }
  }

  /**
   * May the principal change an item's visibility level? That decides who may see it, so an
   * update grant alone is not enough: editors and orgAdmins of the owner, holders of a grant
   * grant, the creator of a personal item, and admins.
   */
  canSetLevel(p: Principal, row: AccessRow): boolean {
    if (p.admin) return true;
    if (!p.userId || !this.inProtocols(p, row)) return false;
    const personal = row.owner === null && row.createdBy === p.userId;
    return personal || rankIn(p, row.owner) >= EDITOR || this.grantCovers(p, row, 'grant');
  }

  /**
   * May the principal create an item of this type owned by `owner`?
   * Derived types are decided on their parent by the item service.
   */
  canCreate(p: Principal, t: ItemType, owner: string | null): boolean {
    if (p.admin) return true;
    if (!p.userId || t.name.startsWith(SYSTEM_TYPE_PREFIX)) return false;
    const rule = t.access.create;
    if (rule === 'admin') return false;
    if (!this.appliesIn(p, t, owner)) return false;
    if (rule === 'signedIn') return owner === null || rankIn(p, owner) >= MEMBER;
    return rankIn(p, owner) >= this.minRank(rule);
  }

  /**
   * Does the type apply in this owner organisation (TypeAccess.createIn): of a kind it names,
   * with the capability it names held by the principal there? Types without places apply anywhere.
   */
  appliesIn(p: Principal, t: ItemType, owner: string | null): boolean {
    const places = t.access.createIn;
    if (!places) return true;
    const facts = owner ? p.orgFacts?.get(owner) : undefined;
    if (!facts) return false;
    return places.some(
      (place) =>
        (!place.kinds || (facts.kind !== null && place.kinds.includes(facts.kind))) &&
        (!place.capability ||
          facts.capabilities.has(place.capability) ||
          p.ownCapabilities?.has(place.capability) === true),
    );
  }

  minRank(roles: readonly string[]): number {
    return Math.min(...roles.map((r) => roleRank(r as never)).filter((n) => n >= 0));
  }

  /** Organisations in which the principal may create this type. */
  creatableOrgs(p: Principal, t: ItemType): string[] {
    const rule = t.access.create;
    if (!Array.isArray(rule)) return [];
    const min = this.minRank(rule as readonly string[]);
    return [...p.orgs.entries()]
      .filter(([o, r]) => roleRank(r) >= min && this.appliesIn(p, t, o))
      .map(([o]) => o);
  }

  /**
   * Type-level questions (`_i` 0): `create`, `read`, or `{LEVEL}.read` such as `PRIVATE.read`
   * (may the principal read items of that level of this type in some organisation).
   */
  canOnType(p: Principal, t: ItemType, action: string): boolean {
    if (p.admin) return true;
    if (!p.userId) return action === 'read' || action === 'PUBLIC.read';
    if (action === 'create') {
      const rule = t.access.create;
      if (rule === 'admin') return false;
      // Derived types are decided on their parent, when one is named.
      if (t.access.follows) return true;
      if (rule === 'signedIn')
        return !t.access.createIn || [...p.orgs.keys()].some((o) => this.appliesIn(p, t, o));
      return this.creatableOrgs(p, t).length > 0;
    }
    const level = action.endsWith('.read')
      ? action.slice(0, -'.read'.length)
      : action === 'read'
        ? 'PUBLIC'
        : null;
    const best = Math.max(-1, ...[...p.orgs.values()].map((r) => roleRank(r)));
    switch (level) {
      case 'PUBLIC':
        return true;
      case 'COMMUNITY':
        return best >= MEMBER;
      case 'PROTECTED':
        return best >= STAFF;
      case 'PRIVATE':
        return best >= ORG_ADMIN;
      default:
        return false;
    }
  }
}
