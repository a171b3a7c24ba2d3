import type { z } from 'zod';
import type { ItemType } from '../../../../kernel/item-type';
import type { Registry } from '../../../../kernel/registry';
import type { StreamFeaturesBody } from '../../contract-map';

// The search query behind a streamFeatures batch. The map never reads rows by its own SQL: the
// ids come from search/ids (the read rule in SQL), so what is drawn is what the asker may read.

type Body = z.output<typeof StreamFeaturesBody>;

/** The types with a geometry property: what a map can draw. */
export function geometryTypes(registry: Registry): string[] {
  return [...registry.types.values()]
    .filter((t) => Object.values(t.properties).some((p) => p.kind === 'geometry'))
    .map((t) => t.name);
}

/** The search query keys a stream leaves out: it pages by keyset, with no sort, page or facets. */
const UNUSED = new Set(['offset', 'max', 'facets', 'sort', 'labels']);

/**
 * A search's own query as a stream (the MAP mode): its filters as the person set them, limited to
 * the types a map can draw, so the read rule in SQL and every clause are search's. Null when none
 * of the types it asks for has a geometry (nothing to draw; an empty `_t` would mean every type).
 */
export function queryStream(registry: Registry, asked: Record<string, unknown>, body: Body, max: number) {
  const drawable = geometryTypes(registry);
  const rest = Object.fromEntries(Object.entries(asked).filter(([k]) => !UNUSED.has(k)));
  const must = (rest.must && typeof rest.must === 'object' ? rest.must : {}) as Record<string, unknown>;
  const types = Array.isArray(must._t)
    ? drawable.filter((t) => (must._t as unknown[]).includes(t))
    : drawable;
  if (!types.length) return null;
  return {
    ...rest,
    must: { ...must, _t: types },
    ...(body.bbox ? { subs: [...((rest.subs as unknown[]) ?? []), { must: { $bbox: [body.bbox] } }] } : {}),
    max,
  };
}

/**
 * The geometry a map draws of an item: the one its type's `map` names (else its `geometry`),
 * or else its type's first geometry
 * property that holds one, in declared order (a research data point's `spatial`, a project's
 * footprint before its study area), so any type with a place can be streamed.
 */
export function itemGeometry(type: ItemType | undefined, data: Readonly<Record<string, unknown>>): unknown {
  const declared = data[geometryProp(type)];
  if (declared) return declared;
  for (const [name, p] of Object.entries(type?.properties ?? {}))
    if (p.kind === 'geometry' && !p.list && data[name]) return data[name];
  return undefined;
}

/**
 * The search body of the stream: its batches are keyset pages of it in item-number order
 * (search.idsAfter), so a batch never has every match read first, however deep it is.
 */
export function streamQuery(registry: Registry, body: Body, max: number) {
  const drawable = geometryTypes(registry);
  const ors: Record<string, unknown>[] = [];
  // A layer's places and stand-ins point at it by `collection` (an indexed key: `$linked`, a
  // links lookup per row, was 5× slower at 100,000 places).
  if (body.relatedIDs) ors.push({ must: { collection: body.relatedIDs } });
  if (body.itemIDs) ors.push({ must: { $id: body.itemIDs } });
  if (body.proxyIDs) ors.push({ must: { _t: ['Feature'], rel: body.proxyIDs } });
  const onlyProxies = !body.relatedIDs && !body.itemIDs && !body.proxyIDs;
  const types = onlyProxies ? ['Feature'] : drawable;
  // A map shows ACTIVE places; a type without a state (Feature) has none to leave out.
  const stated = types.some((t) => registry.type(t)?.properties.state);
  return {
    must: { _t: types },
    ...(body.includeExcluded || !stated ? {} : { mustNot: { state: ['DRAFT', 'ARCHIVED'] } }),
    ...(body.bbox ? { subs: [{ must: { $bbox: [body.bbox] } }] } : {}),
    ...(ors.length ? { subsShould: ors } : {}),
    max,
  };
}

/** Whether a Feature's `rel` is of one of the types (onlyProxyTypes); other items pass. */
export function proxyTypeAllowed(type: string, rel: unknown, only: readonly string[] | undefined): boolean {
  if (!only || type !== 'Feature') return true;
  if (typeof rel !== 'string') return false;
  return only.includes(rel.slice(0, rel.lastIndexOf('-')));
}

/** A type's map geometry property (kernel `map.geometry`, else `geometry`, else its first geometry). */
export function geometryProp(t: ItemType | undefined): string {
  if (!t) return 'geometry';
  if (t.map?.geometry) return t.map.geometry;
  if (t.properties.geometry?.kind === 'geometry') return 'geometry';
  return Object.entries(t.properties).find(([, p]) => p.kind === 'geometry')?.[0] ?? 'geometry';
}

/** A marker's accuracy in metres: the type's accuracy property, a number or an enum value's metres. */
export function accuracyOf(
  t: ItemType | undefined,
  data: Readonly<Record<string, unknown>>,
): number | undefined {
  const key = t?.map?.accuracy ?? 'accuracy';
  const v = data[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') return t?.map?.accuracyMetres?.[v];
  return undefined;
}
