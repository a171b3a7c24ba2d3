import { sql } from 'drizzle-orm';
import { bboxOf, unionBBox, type BBox, type Geometry } from '../../../kernel/geometry';
import type { Registry } from '../../../kernel/registry';
import {
  grantedItemIds,
  query,
  readableSql,
  textArray,
  type ActCall,
  type Executor,
  type Principal,
} from '../../../server/module-api';
import { INTAKE_CHECK_MAX } from '../contract';
import { areasMeet } from './area-meets';
import { isConsultStaff } from './rules';

// The intake check (act cnsIntakeCheck; docs/consultation-screens.md "The intake check"): before a
// referral is logged, what already lies there or carries the same file number. Every row is read
// through the policy's SQL form (readableSql), so a referral the caller may not read is neither
// named nor counted, and the places are counted only for the community's own staff. The box of
// the drawn area prefilters in SQL (items.bbox, GiST); the exact test is in area-meets.ts.

/** The most project areas, and places, measured exactly in one check (nearest boxes first is not needed: any order). */
const CANDIDATES_MAX = 2000;

export interface IntakeCheckInput {
  geometries: readonly Geometry[];
  identifiers: readonly string[];
  community?: string;
  exclude?: string;
}

interface Ref {
  $id: string;
  label: string;
  state: string | null;
}

export interface IntakeCheck {
  overlapping: Ref[];
  overlappingTotal: number;
  sameNumber: (Ref & { matched: string[] })[];
  places: number | null;
}

const boxSql = (b: BBox) => sql`i.bbox && box(point(${b[0]}, ${b[1]}), point(${b[2]}, ${b[3]}))`;

/** The drawn area's box, or null when nothing is drawn. */
function areaBox(geometries: readonly Geometry[]): BBox | null {
  let box: BBox | null = null;
  for (const g of geometries) box = unionBBox(box, bboxOf(g));
  return box;
}

export async function intakeCheck(
  ex: Executor,
  registry: Registry,
  p: Principal,
  input: IntakeCheckInput,
): Promise<IntakeCheck> {
  const granted = await grantedItemIds(ex, p);
  const box = areaBox(input.geometries);
  const out: IntakeCheck = { overlapping: [], overlappingTotal: 0, sameNumber: [], places: null };

  if (box) {
    // The readable project areas whose box meets the drawn one, with their readable referral.
    const feature = readableSql(p, registry, 'i', ['ConsultProjectFeature'], { granted });
    const consultation = readableSql(p, registry, 'c', ['Consultation'], { granted });
    const rows = await query<{ c: string; label: string | null; state: string | null; g: Geometry }>(
      ex,
      sql`select c.id as c, c.data->>'projectName' as label, c.data->>'state' as state, i.data->'geometry' as g
        from items i join items c on c.id = i.data->>'consultation' and c.type = 'Consultation' and not c.deleted
        where i.type = 'ConsultProjectFeature' and not i.deleted and ${boxSql(box)}
          and ${feature} and ${consultation}
          ${input.exclude ? sql`and c.id <> ${input.exclude}` : sql``}
        order by c.num desc limit ${CANDIDATES_MAX}`,
    );
    const met = new Map<string, Ref>();
    for (const r of rows)
      if (!met.has(r.c) && areasMeet(input.geometries, r.g))
        met.set(r.c, { $id: r.c, label: r.label ?? r.c, state: r.state });
    out.overlappingTotal = met.size;
    out.overlapping = [...met.values()].slice(0, INTAKE_CHECK_MAX);

    // The community's places, for its staff only: an officer weighs them; a proponent must not
    // learn even how many there are. Spatial's places, when the site has the spatial module.
    if (
      input.community &&
      registry.types.has('SpatialFeature') &&
      (await isConsultStaff(ex, p, input.community))
    ) {
      const place = readableSql(p, registry, 'i', ['SpatialFeature'], { granted });
      const places = await query<{ g: Geometry }>(
        ex,
        sql`select i.data->'geometry' as g from items i
          where i.type = 'SpatialFeature' and not i.deleted and i.owner = ${input.community}
            and i.data->>'state' = 'ACTIVE' and ${boxSql(box)} and ${place}
          limit ${CANDIDATES_MAX}`,
      );
      out.places = places.filter((r) => areasMeet(input.geometries, r.g)).length;
    }
  } else if (input.community && (await isConsultStaff(ex, p, input.community))) out.places = 0;

  const wanted = [...new Set(input.identifiers.map((s) => s.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length) {
    const consultation = readableSql(p, registry, 'i', ['Consultation'], { granted });
    const rows = await query<{ id: string; label: string | null; state: string | null; ids: string[] }>(
      ex,
      sql`select i.id, i.data->>'projectName' as label, i.data->>'state' as state,
          array(select x from jsonb_array_elements_text(i.data->'identifiers') x
            where lower(trim(x)) = any(${textArray(wanted)})) as ids
        from items i
        where i.type = 'Consultation' and not i.deleted and jsonb_typeof(i.data->'identifiers') = 'array'
          and exists (select 1 from jsonb_array_elements_text(i.data->'identifiers') x
            where lower(trim(x)) = any(${textArray(wanted)}))
          and ${consultation}
          ${input.exclude ? sql`and i.id <> ${input.exclude}` : sql``}
        order by i.num desc limit ${INTAKE_CHECK_MAX}`,
    );
    out.sameNumber = rows.map((r) => ({ $id: r.id, label: r.label ?? r.id, state: r.state, matched: r.ids }));
  }
  return out;
}

export async function cnsIntakeCheck({ services, principal, body }: ActCall<IntakeCheckInput>) {
  return intakeCheck(services.items.db, services.registry, principal, body);
}
