import type { CreatePlace } from '../../kernel/property';

/**
 * Where the community's own keeping types apply (TypeAccess.createIn): community organisations
 * only. A proponent's, regulator's or museum's people are never offered them, and the server
 * refuses them there (docs/layout.md "Screens match rights").
 */
export const COMMUNITY_KIND = 'COMMUNITY';
export const IN_COMMUNITIES: readonly CreatePlace[] = [{ kinds: [COMMUNITY_KIND] }];
