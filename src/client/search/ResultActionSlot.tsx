import { Suspense } from 'react';
import type { Item } from '../state/items';
import { useResultActions } from './useSearchDisplays';

/** A module's action on one result (ClientModule.resultActions), when its type has one. */
export function ResultActionSlot({ item, label }: { item: Item | undefined; label: string }) {
  const actions = useResultActions();
  const Action = item ? actions.get(item._t) : undefined;
  if (!item || !Action) return null;
  return (
    <Suspense fallback={null}>
      <Action item={item} label={label} />
    </Suspense>
  );
}
