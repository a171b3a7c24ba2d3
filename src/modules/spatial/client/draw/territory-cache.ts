import type { SocketClient } from '../../../../client/module-api';
import type { MapFeature } from '../../contract-map';
import { featuresBox } from '../map/map-model';
import type { BBox } from './area-check';

// The community's places read for the drawing map (territory.ts), kept a few minutes so a
// referral's wizard stepping back and forth does not read them again. Kept for ONE person: the
// page outlives a sign-out (SignOutView navigates, it does not reload), so on a shared computer
// the next person would otherwise be shown the places the last one could read. The entry names
// its reader and is dropped on sign-out (client/device-data.ts); a read for anyone else, on any
// path that skipped the sign-out, reads again.

const LAYERS_MAX = 500;
const BATCH = 2000;
/** A form opened again within this keeps the places read (a referral's wizard steps back and forth). */
export const TERRITORY_KEEP_MS = 5 * 60_000;

export interface Territory {
  features: ReadonlyMap<string, MapFeature>;
  /** The box around them; null with none. */
  box: BBox | null;
}

type Client = Pick<SocketClient, 'request' | 'act'>;

interface Kept {
  client: Client;
  userId: string;
  at: number;
  read: Promise<Territory>;
}

let kept: Kept | null = null;

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

/** The territory as `userId` may read it: the kept read when it is theirs and fresh, else a new one. */
export function territoryFor(client: Client, userId: string, now = Date.now()): Promise<Territory> {
  const k = kept;
  if (k && k.client === client && k.userId === userId && now - k.at <= TERRITORY_KEEP_MS) return k.read;
  const mine: Kept = { client, userId, at: now, read: readTerritory(client) };
  kept = mine;
  // A failed read is not kept: the next form asks again.
  mine.read.catch(() => {
    if (kept === mine) kept = null;
  });
  return mine.read;
}

/** Forgets the kept places (sign-out): nothing of them is left for the next person. */
export function dropTerritory(): void {
  kept = null;
}
