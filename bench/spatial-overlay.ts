// npx tsx bench/spatial-overlay.ts (npm run bench:spatial) — the impact overlay of a 500-vertex
// project footprint with a 1 km buffer against 10,000 of a community's polygons, as its staff
// member runs it (search with $bbox through the read rule, the readers' rule per candidate,
// turf's exact tests and measures), and a bare baseline in the same run: the same box query as
// plain SQL and the same measures, with no access checks. PGlite and PostgreSQL. A measurement,
// not a test.
//
// Rows are written in bulk SQL (with their items.bbox), not through the item service: the write
// path is not what is measured.
import { sql } from 'drizzle-orm';
import type { Geometry, Position } from 'geojson';
import { appRegistry } from '../src/modules';
import { measure as measureShape, projectArea } from '../src/modules/spatial/server/overlay/geometry';
import { computeOverlay } from '../src/modules/spatial/server/overlay/run';
import { AccessPolicy } from '../src/server/access/policy';
import type { Principal } from '../src/server/access/principal';
import type { Database } from '../src/server/db/open';
import { query } from '../src/server/db/query';
import { ensureTypeIndexes } from '../src/server/db/type-indexes';
import { ItemService } from '../src/server/items/item-service';
import { loadRow } from '../src/server/items/rows';
import { SearchService } from '../src/server/search/search-service';
import type { Services } from '../src/server/services';
import { percentile } from './lib/percentiles';
import { onScratchDatabase } from './lib/scratch-db';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const FEATURES = Number(process.env.BENCH_FEATURES ?? 10_000);
const VERTICES = 500;
const BUFFER = 1000;
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');

const ORG = 'Organization-1';
const STAFF: Principal = {
  userId: 'User-2',
  admin: false,
  orgs: new Map([[ORG, 'staff']]),
  masqueradeFrom: null,
};

/** A deterministic generator, so both databases hold the same places. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** The footprint: a meandering 400 m right-of-way across lon −120.9…−120.6, 500 vertices. */
function footprint(): Geometry {
  const n = (VERTICES - 2) / 2;
  const line: Position[] = Array.from({ length: n }, (_, i) => {
    const x = -120.9 + (0.3 * i) / (n - 1);
    return [x, 56.2 + 0.02 * Math.sin(i / 12)];
  });
  const north = line.map(([x, y]) => [x!, y! + 0.0018]);
  const south = [...line].reverse().map(([x, y]) => [x!, y! - 0.0018]);
  const ring = [...north, ...south, north[0]!];
  return { type: 'Polygon', coordinates: [ring] };
}

/** A small irregular polygon (8 vertices, 100–400 m across) at x, y. */
function blob(r: () => number, x: number, y: number): Geometry {
  const ring: Position[] = [];
  for (let k = 0; k < 8; k++) {
    const a = (k / 8) * 2 * Math.PI;
    const d = 0.001 + r() * 0.002;
    ring.push([Number((x + d * Math.cos(a) * 1.8).toFixed(6)), Number((y + d * Math.sin(a)).toFixed(6))]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

async function generate(db: Database): Promise<number> {
  const t0 = Date.now();
  const x = db.db;
  await x.execute(sql`insert into items (id, type, num, data, owner, access, search_text) values
    (${ORG}, 'Organization', 1, ${JSON.stringify({ displayName: 'Riverbend', type: 'COMMUNITY' })}::jsonb, ${ORG}, 'PUBLIC', 'Riverbend'),
    ('Consultation-1', 'Consultation', 1, ${JSON.stringify({ projectName: 'Corridor', state: 'CONSULTING' })}::jsonb, ${ORG}, 'PROTECTED', 'Corridor'),
    ('ConsultResponse-1', 'ConsultResponse', 1, ${JSON.stringify({ consultation: 'Consultation-1', state: 'PENDING' })}::jsonb, ${ORG}, 'PROTECTED', 'Corridor')`);
  const fp = footprint();
  await x.execute(sql`insert into items (id, type, num, data, owner, access, search_text, bbox) values
    ('ConsultProjectFeature-1', 'ConsultProjectFeature', 1,
     ${JSON.stringify({ consultation: 'Consultation-1', label: 'Right-of-way', geometry: fp })}::jsonb, ${ORG}, 'PROTECTED', 'Right-of-way',
     box(point(-120.9, 56.17), point(-120.6, 56.23)))`);
  const r = rng(42);
  const LEVELS = ['COMMUNITY', 'PROTECTED', 'PROTECTED', 'PROTECTED', 'PRIVATE'];
  const TYPES = ['HARVEST', 'TRAPLINE', 'CAMP', 'SACRED'];
  const BATCH = 2000;
  for (let start = 1; start <= FEATURES; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(start + BATCH, FEATURES + 1); i++) {
      const g = blob(r, -121.2 + r() * 0.8, 55.9 + r() * 0.6);
      const ring = (g as { coordinates: Position[][] }).coordinates[0]!;
      const xs = ring.map((p) => p[0]!);
      const ys = ring.map((p) => p[1]!);
      rows.push({
        id: `SpatialFeature-${i}`,
        num: i,
        access: LEVELS[i % LEVELS.length],
        data: { label: `Place ${i}`, spatialType: TYPES[i % TYPES.length], state: 'ACTIVE', geometry: g },
        box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      });
    }
    await x.execute(sql`insert into items (id, type, num, data, owner, access, search_text, bbox)
      select e->>'id', 'SpatialFeature', (e->>'num')::int, e->'data', ${ORG}, e->>'access', e->'data'->>'label',
        box(point((e->'box'->>0)::float8, (e->'box'->>1)::float8), point((e->'box'->>2)::float8, (e->'box'->>3)::float8))
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e`);
  }
  await x.execute(sql`vacuum analyze items`);
  return Date.now() - t0;
}

const fmt = (xs: number[]) => {
  const s = Float64Array.from(xs).sort();
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
};

async function measure(db: Database, label: string) {
  const registry = appRegistry();
  await ensureTypeIndexes(db.db, registry);
  const items = new ItemService(db, registry, new AccessPolicy(registry));
  const search = new SearchService(items);
  const services = { items, search } as unknown as Services;
  const response = (await loadRow(db.db, 'ConsultResponse-1'))!;
  const fp = (await loadRow(db.db, 'ConsultProjectFeature-1'))!.data.geometry as Geometry;

  let met = 0;
  let candidates = 0;
  const mine: number[] = [];
  const bare: number[] = [];
  const runMine = async () => {
    const t = performance.now();
    const r = await computeOverlay(services, STAFF, response, BUFFER);
    met = r.results.length;
    return performance.now() - t;
  };
  const runBare = async () => {
    const t = performance.now();
    const pa = projectArea([fp], BUFFER);
    const [w, s, e, n] = pa.box;
    const rows = await query<{ id: string; g: Geometry | string }>(
      db.db,
      sql`select id, data->'geometry' as g from items where type = 'SpatialFeature' and not deleted
        and owner = ${ORG} and bbox && box(point(${w}, ${s}), point(${e}, ${n}))`,
    );
    candidates = rows.length;
    for (const row of rows)
      measureShape(pa, typeof row.g === 'string' ? (JSON.parse(row.g) as Geometry) : row.g);
    return performance.now() - t;
  };
  for (let i = 0; i < 3; i++) {
    await runMine();
    await runBare();
  }
  // Interleaved, so both see the same machine.
  for (let i = 0; i < RUNS; i++) {
    mine.push(await runMine());
    bare.push(await runBare());
  }
  const a = fmt(mine);
  const b = fmt(bare);
  console.log(
    `${label.padEnd(9)} overlay  p50 ${a.p50.toFixed(0)} ms  p95 ${a.p95.toFixed(0)} ms   (${candidates} in the box, ${met} met and readable by every reader)`,
  );
  console.log(
    `${label.padEnd(9)} bare     p50 ${b.p50.toFixed(0)} ms  p95 ${b.p95.toFixed(0)} ms   ratio p50 ${(a.p50 / b.p50).toFixed(2)}  p95 ${(a.p95 / b.p95).toFixed(2)}`,
  );
}

const run = (kind: string) => onScratchDatabase(kind, 'overlay', PG_URL, generate, measure);

console.log(
  `spatial overlay benchmark: a ${VERTICES}-vertex footprint, ${BUFFER} m buffer, ${FEATURES} polygons (${RUNS} runs each, after 3 warm-up)`,
);
for (const kind of DBS) await run(kind);
