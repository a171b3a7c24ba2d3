import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../../../client/module-api';
import type { FieldMapFeature } from '../../contract-map';

// A program's field data for the map, streamed in batches (act streamFieldDataForMap, spec §7)
// and kept honest: a record the viewer may no longer read arrives as a delete (the server
// remembers what it sent this socket) and leaves the map.

export interface FieldDataStream {
  features: ReadonlyMap<string, FieldMapFeature>;
  /** Work item id → label, for the legend (only readable work items). */
  workItems: Readonly<Record<string, string>>;
  loaded: number;
  total: number;
  done: boolean;
  version: number;
}

interface Reply {
  features: Record<string, FieldMapFeature>;
  workItems: Record<string, string>;
  cursor: string | null;
  total: number | null;
}

const WATCHED = ['GeoKeeperFieldData', 'GeoKeeperWorkItem', 'GeoKeeperReference'];
const BATCH = 1000;

export function useFieldDataStream(program: string | null): FieldDataStream {
  const { client, alerts } = useApp();
  const features = useRef(new Map<string, FieldMapFeature>());
  const legend = useRef<Record<string, string>>({});
  const [state, setState] = useState({ loaded: 0, total: 0, done: false, version: 0 });

  useEffect(() => {
    if (!program) return;
    const map = new Map<string, FieldMapFeature>();
    const works: Record<string, string> = {};
    features.current = map;
    legend.current = works;
    let live = true;
    const bump = (patch: Partial<typeof state> = {}) =>
      live && setState((s) => ({ ...s, ...patch, version: s.version + 1 }));
    // The watches first: the server then knows this socket for "gone" before any id is sent.
    const handles = WATCHED.map((t) => client.watchType(t, {}));
    const offAction = client.on('item/action', (b) => {
      const { opAction, itemID } = b as { opAction?: string; itemID?: string };
      if (opAction === 'delete' && itemID && map.delete(itemID)) bump({ loaded: map.size });
    });
    void (async () => {
      setState({ loaded: 0, total: 0, done: false, version: 0 });
      let cursor: string | null = null;
      let total: number | null = null;
      try {
        do {
          const count = cursor !== null && total === null;
          const r: Reply = await client.act('streamFieldDataForMap', {
            program,
            cursor,
            batch: BATCH,
            ...(count ? { count } : {}),
          });
          if (!live) return;
          for (const [id, f] of Object.entries(r.features)) map.set(id, f);
          Object.assign(works, r.workItems);
          cursor = r.cursor;
          total = r.total ?? total;
          bump({ loaded: map.size, total: Math.max(total ?? 0, map.size), done: cursor === null });
        } while (cursor && live);
      } catch (e) {
        if (!live) return;
        alerts.error(e);
        bump({ done: true });
      }
    })();
    return () => {
      live = false;
      offAction();
      for (const h of handles) client.unwatchType(h);
    };
  }, [client, alerts, program]);

  return { features: features.current, workItems: legend.current, ...state };
}
