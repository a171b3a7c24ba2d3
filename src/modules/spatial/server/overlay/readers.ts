import { roleRank } from '../../../../protocol/access-levels';
import type { Principal } from '../../../../server/module-api';

// Who reads an impact report is exactly who reads its response (the report follows it); the
// overlay counts a place only when every one of them may read it too (the server's readersOf
// and readableByAll, docs/spatial-overlay.md "The rule").

/** At least staff of the community that owns the response (or a site admin). */
export const isStaffOf = (p: Principal, org: string | null) =>
  p.admin || (!!org && (p.orgs.get(org) ? roleRank(p.orgs.get(org)!) >= roleRank('staff') : false));
