import type { Position } from 'geojson';
import { SYSTEM, type DemoSeed, type ItemService } from '../../../server/module-api';

// An invented project footprint on the consult demo's "Riverbend crossing replacement"
// consultation (consultation.crossing): a 400 m right-of-way running west to east across
// lon −120.9…−120.6 near lat 56.2, through the strip where Riverbend's demo layers lie
// (demo-layers.ts). No real project, place or route.

/** The centreline: a gentle meander, one vertex every 0.03° of longitude. */
export const DEMO_CENTRELINE: Position[] = Array.from({ length: 11 }, (_, i) => {
  const lon = -120.9 + i * 0.03;
  return [Number(lon.toFixed(4)), Number((56.2 + 0.012 * Math.sin(i * 0.9)).toFixed(4))];
});

/** Half the right-of-way's width in degrees of latitude (about 200 m). */
const HALF = 0.0018;

/** The right-of-way as a polygon: the centreline shifted north, then back along it shifted south. */
export function corridor(line: readonly Position[], half = HALF): Position[] {
  const north = line.map(([x, y]) => [x!, Number((y! + half).toFixed(5))]);
  const south = [...line].reverse().map(([x, y]) => [x!, Number((y! - half).toFixed(5))]);
  return [...north, ...south, north[0]!];
}

export async function seedDemoFootprint(items: ItemService, demo: DemoSeed): Promise<void> {
  const consultation = demo.ids.get('consultation.crossing');
  if (!consultation) return;
  const karen = demo.ids.get('user.proponent@northernpipeline.example') ?? null;
  const f = await items.create(
    SYSTEM,
    'ConsultProjectFeature',
    {
      consultation,
      label: 'Crossing right-of-way',
      description: 'The 400 m right-of-way of the replacement line, with the drilling pads at each end.',
      geometry: { type: 'Polygon', coordinates: [corridor(DEMO_CENTRELINE)] },
    },
    { actor: karen },
  );
  demo.ids.set('consultProjectFeature.crossing', f.$id);
}
