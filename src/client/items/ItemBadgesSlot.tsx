import { Suspense } from 'react';
import { LoadBoundary } from '../shell/LoadBoundary';
import { useClientModules } from '../modules/loader';
import type { Item } from '../state/items';

/**
 * The loaded client halves' badges on an item (ClientModule.itemBadges), whatever its type: in
 * the record's header (interactive) and on search results (pictures inside the result's link).
 * A half that fails to load leaves the rest of the row.
 */
export function ItemBadgesSlot({ item, interactive }: { item: Item | undefined; interactive: boolean }) {
  const modules = useClientModules();
  if (!item) return null;
  return (
    <>
      {modules.map(({ id, itemBadges: Badges }) =>
        Badges ? (
          <LoadBoundary key={id}>
            <Suspense fallback={null}>
              <Badges item={item} interactive={interactive} />
            </Suspense>
          </LoadBoundary>
        ) : null,
      )}
    </>
  );
}
