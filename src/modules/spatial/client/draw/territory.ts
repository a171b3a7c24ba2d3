import { useEffect, useState } from 'react';
import { useApp } from '../../../../client/module-api';
import type { MapFeature } from '../../contract-map';
import { featuresBox } from '../map/map-model';
import type { BBox } from './area-check';

// The community's own places for the drawing map (issue 37: it "opens on the community's
// territory, with the community's own layers to hand"): the places of every ACTIVE layer the
// person may read, through the checked stream (streamFeatures), so a proponent sees only what
// they may read and nothing hidden shapes the view. One batch: enough to find a territory and to
// draw beside; the whole layer set is spatial.map's to show.

const LAYERS_MAX = 500;
const BATCH = 2000;
/** A form opened again within this keeps the places read (a referral's wizard steps back and forth). */
const KEEP_MS = 5 * 60_000;

export interface Territory {
  features: ReadonlyMap<string, MapFeature>;
  /** The box around them; null with none. */
  box: BBox | null;
}

type Client = ReturnType<typeof useApp>['client'];

const kept = new WeakMap<Client, { at: number; read: Promise<Territory> }>();

async function readTerritory(client: Client): Promise<Territory> {
  const layers = await client.request<{ ids: string[] }>('search/ids', {
    must: { _t: ['SpatialCollection'], state: ['ACTIVE'] },
    max: LAYERS_MAX,
  });
  if (!layers.ids.length) return { features: new Map(), box: null };
  const r = await client.act('streamFeatures', { relatedIDs: layers.ids, batch: BATCH });
  const features = new Map(Object.entries(r.features));
  return { features, box: featuresBox(features.values()) };
}

/** The territory, once read (null while reading, or when it cannot be read: the map still works). */
export function useTerritory(): Territory | null {
  const { client } = useApp();
  const [got, setGot] = useState<Territory | null>(null);
  useEffect(() => {
    let live = true;
    let k = kept.get(client);
    if (!k || Date.now() - k.at > KEEP_MS) {
      k = { at: Date.now(), read: readTerritory(client) };
      kept.set(client, k);
      // A failed read is not kept: the next form asks again.
      const mine = k;
      k.read.catch(() => kept.get(client) === mine && kept.delete(client));
    }
    k.read.then(
      (t) => live && setGot(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  return got;
}
