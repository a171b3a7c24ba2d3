import { useEffect, useRef, useState } from 'react';
import { useApp, type Item } from '../../../../client/module-api';
import type { MapFeature } from '../../contract-map';

// The features of a map, streamed in batches (act streamFeatures, spec §7) and kept live: an
// item pushed by the type watches is redrawn (or dropped when no longer ACTIVE), and a place the
// viewer may no longer read arrives as a delete (src/server/realtime/map-sent.ts) and leaves the map.

export interface StreamRequest {
  relatedIDs?: string[];
  itemIDs?: string[];
  proxyIDs?: string[];
  onlyProxyTypes?: string[];
  /** A search's query, streamed whole (the MAP mode; docs/spatial-map.md). */
  query?: Record<string, unknown>;
}

export interface StreamState {
  features: ReadonlyMap<string, MapFeature>;
  loaded: number;
  total: number;
  done: boolean;
  /** Bumped on every change, so memoised drawings know to redraw. */
  version: number;
}

const BATCH = 1000;
/** A search's stream comes in the largest batches: 50,000 points are 25 requests, not 50. */
const QUERY_BATCH = 2000;

interface StreamReply {
  features: Record<string, MapFeature>;
  cursor: string | null;
  total: number | null;
}
const WATCHED = ['SpatialFeature', 'Feature'];

function fromItem(item: Item): MapFeature | null {
  if (!item.geometry) return null;
  const f: MapFeature = {
    t: item._t,
    label: typeof item.label === 'string' && item.label ? item.label : item.$id,
    spatialType: typeof item.spatialType === 'string' ? item.spatialType : null,
    geometry: item.geometry,
  };
  if (typeof item.accuracy === 'number') f.accuracy = item.accuracy;
  if (typeof item.collection === 'string') f.collection = item.collection;
  if (typeof item.rel === 'string') f.rel = item.rel;
  return f;
}

/** Whether a pushed item belongs on this map (its layer or its stand-in is asked for). */
function belongs(req: StreamRequest, f: MapFeature, id: string, drawn: boolean): boolean {
  // A search's results: whether a changed item still matches is the server's to say; one drawn
  // is redrawn, a new one waits for the next search.
  if (req.query) return drawn;
  if (req.relatedIDs && f.collection && req.relatedIDs.includes(f.collection)) return true;
  if (req.proxyIDs && f.rel && req.proxyIDs.includes(f.rel)) return true;
  return !!req.itemIDs?.includes(id);
}

export function useFeatureStream(req: StreamRequest | null): StreamState & { error: unknown } {
  const { client, alerts } = useApp();
  const features = useRef(new Map<string, MapFeature>());
  const [state, setState] = useState({ loaded: 0, total: 0, done: false, version: 0 });
  const [error, setError] = useState<unknown>(null);
  const key = req ? JSON.stringify(req) : '';

  useEffect(() => {
    if (!key) return;
    const request = JSON.parse(key) as StreamRequest;
    const map = new Map<string, MapFeature>();
    features.current = map;
    let live = true;
    const bump = (patch: Partial<typeof state> = {}) =>
      live && setState((s) => ({ ...s, ...patch, version: s.version + 1 }));
    // The watches first: the server then knows this socket for "gone" before any id is sent.
    const handles = WATCHED.map((t) => client.watchType(t, {}));
    const offUpdated = client.on('itemUpdated', (b) => {
      const item = b as Item;
      if (!WATCHED.includes(item._t)) return;
      const f = fromItem(item);
      const active = item.state === undefined || item.state === 'ACTIVE';
      if (f && active && belongs(request, f, item.$id, map.has(item.$id))) map.set(item.$id, f);
      else if (!map.delete(item.$id)) return;
      bump();
    });
    const offAction = client.on('item/action', (b) => {
      const { opAction, itemID } = b as { opAction?: string; itemID?: string };
      if (opAction === 'delete' && itemID && map.delete(itemID)) bump();
    });
    void (async () => {
      setState({ loaded: 0, total: 0, done: false, version: 0 });
      setError(null);
      let cursor: string | null = null;
      let total: number | null = null;
      try {
        do {
          // The total is asked with the second batch: the first comes back without counting.
          const count = cursor !== null && total === null;
          const r: StreamReply = await client.act('streamFeatures', {
            ...request,
            cursor,
            batch: request.query ? QUERY_BATCH : BATCH,
            ...(count ? { count } : {}),
          });
          if (!live) return;
          for (const [id, f] of Object.entries(r.features)) map.set(id, f);
          cursor = r.cursor;
          total = r.total ?? total;
          bump({ loaded: map.size, total: Math.max(total ?? 0, map.size), done: cursor === null });
        } while (cursor && live);
      } catch (e) {
        if (!live) return;
        setError(e);
        alerts.error(e);
        bump({ done: true });
      }
    })();
    return () => {
      live = false;
      offUpdated();
      offAction();
      for (const h of handles) client.unwatchType(h);
    };
  }, [client, alerts, key]);

  return { features: features.current, ...state, error };
}
