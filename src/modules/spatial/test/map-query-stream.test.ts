import { describe, expect, it } from 'vitest';
import { defineItemType } from '../../../kernel/item-type';
import { buildRegistry } from '../../../kernel/registry';
import { MODULES } from '../../index';
import { accuracyOf, geometryProp, queryStream } from '../server/map/stream-query';
import { streamQueryOf } from '../client/map/SearchMap';

// A search's own query streamed to the map (streamFeatures `query`, the MAP mode): its filters
// kept, its types cut to those a map can draw, its page, sort and facets dropped; and how any
// type's items become markers (kernel `map`: the geometry property and the accuracy in metres).

const registry = buildRegistry(MODULES);
const body = { query: {} } as never;

describe('queryStream', () => {
  it('keeps the filters, drops the page, and pages by the stream', () => {
    const q = queryStream(
      registry,
      {
        must: { _t: ['ResearchData'], mapAccuracy: ['HIGH'] },
        mustNot: { seasons: ['WIN'] },
        offset: 40,
        max: 20,
        sort: [{ key: 'siteCode', order: 'asc' }],
        facets: ['mapAccuracy'],
        labels: true,
      },
      body,
      2001,
    );
    expect(q).toEqual({
      must: { _t: ['ResearchData'], mapAccuracy: ['HIGH'] },
      mustNot: { seasons: ['WIN'] },
      max: 2001,
    });
  });

  it('asks only drawable types: none of them is nothing, not everything', () => {
    expect(queryStream(registry, { must: { _t: ['Contact'] } }, body, 10)).toBeNull();
    const all = queryStream(registry, { must: { $text: ['camp'] } }, body, 10)!;
    const types = (all.must as { _t: string[] })._t;
    expect(types).toContain('ResearchData');
    expect(types).toContain('SpatialFeature');
    expect(types).not.toContain('Contact');
    expect(queryStream(registry, { must: { _t: ['Contact', 'ResearchData'] } }, body, 10)!.must).toEqual({
      _t: ['ResearchData'],
    });
  });

  it('adds the box to the query’s own sub-queries', () => {
    const q = queryStream(
      registry,
      { subs: [{ must: { seasons: ['SUM'] } }] },
      { bbox: '1,2,3,4' } as never,
      5,
    )!;
    expect(q.subs).toEqual([{ must: { seasons: ['SUM'] } }, { must: { $bbox: ['1,2,3,4'] } }]);
  });

  it('the client leaves the same keys out', () => {
    expect(
      streamQueryOf({ must: { a: [1] }, offset: 1, max: 2, sort: [], facets: [], labels: true }),
    ).toEqual({
      must: { a: [1] },
    });
  });
});

describe('markers of any type', () => {
  const Plain = defineItemType({
    name: 'MapPlain',
    label: '{n}',
    properties: { n: { kind: 'string' }, where: { kind: 'geometry' }, accuracy: { kind: 'number' } },
    access: { create: 'admin', defaultLevel: 'PRIVATE' },
  });

  it('finds the geometry: declared, else `geometry`, else the first', () => {
    expect(geometryProp(registry.type('ResearchData'))).toBe('spatial');
    expect(geometryProp(registry.type('SpatialFeature'))).toBe('geometry');
    expect(geometryProp(Plain)).toBe('where');
  });

  it('reads accuracy as metres: a number, or an enum value’s declared metres', () => {
    const rd = registry.type('ResearchData');
    expect(accuracyOf(rd, { mapAccuracy: 'HIGH' })).toBe(25);
    expect(accuracyOf(rd, { mapAccuracy: 'LOW' })).toBe(1000);
    expect(accuracyOf(rd, { mapAccuracy: 'N_A' })).toBeUndefined();
    expect(accuracyOf(rd, {})).toBeUndefined();
    expect(accuracyOf(Plain, { accuracy: 40 })).toBe(40);
    expect(accuracyOf(registry.type('SpatialFeature'), { accuracy: 'x' })).toBeUndefined();
  });
});
