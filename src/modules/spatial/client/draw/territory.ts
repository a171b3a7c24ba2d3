import { useEffect, useState } from 'react';
import { useApp, useSession } from '../../../../client/module-api';
import { territoryFor, type Territory } from './territory-cache';

// The community's own places for the drawing map (issue 37: it "opens on the community's
// territory, with the community's own layers to hand"): the places of every ACTIVE layer the
// person may read, through the checked stream (streamFeatures), so a proponent sees only what
// they may read and nothing hidden shapes the view. One batch: enough to find a territory and to
// draw beside; the whole layer set is spatial.map's to show. Kept for the person who read them
// only (territory-cache.ts).

export type { Territory } from './territory-cache';

/** The territory, once read (null while reading, or when it cannot be read: the map still works). */
export function useTerritory(): Territory | null {
  const { client } = useApp();
  const userId = useSession().user?.$id ?? null;
  const [got, setGot] = useState<Territory | null>(null);
  useEffect(() => {
    setGot(null);
    if (!userId) return;
    let live = true;
    territoryFor(client, userId).then(
      (t) => live && setGot(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, userId]);
  return got;
}
