import type { z } from 'zod';
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

/** The search body of one batch (offset paging in the item number's order, which is stable). */
export function streamQuery(registry: Registry, body: Body, offset: number, max: number) {
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
    sort: [{ key: '_i', order: 'asc' }],
    max,
    offset,
  };
}

/** Whether a Feature's `rel` is of one of the types (onlyProxyTypes); other items pass. */
export function proxyTypeAllowed(type: string, rel: unknown, only: readonly string[] | undefined): boolean {
  if (!only || type !== 'Feature') return true;
  if (typeof rel !== 'string') return false;
  return only.includes(rel.slice(0, rel.lastIndexOf('-')));
}
