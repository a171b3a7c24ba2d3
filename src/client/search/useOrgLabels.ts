import { useItemLabels } from '../items/useItemLabels';

/**
 * Names of organisations (the user's memberships), for owner choices: the one item-label read
 * (useItemLabels), so an organisation read elsewhere is named from the same cache.
 */
export function useOrgLabels(ids: readonly string[]): Record<string, string> {
  return useItemLabels(ids);
}
