import { describe, expect, it } from 'vitest';
import { listScreenOf } from '../../../client/search/screens';
import { labelKey, screenColumns } from '../../../client/search/search-model';
import { ConsultResponse } from '../types';
import { consultViews } from '../views';
import { areaGeometries, checkGeoJson } from '../client/create/geojson';
import { dueInfo, dueMatters } from '../client/record/days-left';

describe('dueInfo (the summary header)', () => {
  const today = new Date(2026, 10, 24, 23, 30); // local 24 Nov 2026, late evening

  it('counts whole calendar days, whatever the time of day', () => {
    expect(dueInfo('2026-11-25', today)).toEqual({ days: 1, tone: 'soon' });
    expect(dueInfo('2026-12-24', today)).toEqual({ days: 30, tone: 'ok' });
    expect(dueInfo('2026-12-01', today)).toEqual({ days: 7, tone: 'soon' });
    expect(dueInfo('2026-12-02', today)).toEqual({ days: 8, tone: 'ok' });
  });

  it('says today is today, and yesterday overdue', () => {
    expect(dueInfo('2026-11-24', today)).toEqual({ days: 0, tone: 'today' });
    expect(dueInfo('2026-11-23', today)).toEqual({ days: -1, tone: 'overdue' });
    expect(dueInfo('2025-11-24', today)?.days).toBe(-365);
  });

  it('crosses a daylight-saving change without losing a day', () => {
    expect(dueInfo('2026-04-01', new Date(2026, 2, 1))?.days).toBe(31);
    expect(dueInfo('2026-11-02', new Date(2026, 9, 31))?.days).toBe(2);
  });

  it('reads the date part of a date-time and refuses anything else', () => {
    expect(dueInfo('2026-11-26T08:00:00Z', today)?.days).toBe(2);
    expect(dueInfo(null, today)).toBeNull();
    expect(dueInfo('soon', today)).toBeNull();
    expect(dueInfo(20261126, today)).toBeNull();
  });

  it('matters only while an answer is awaited', () => {
    expect(dueMatters('CONSULTING')).toBe(true);
    expect(dueMatters('DRAFT')).toBe(true);
    expect(dueMatters('CLOSED')).toBe(false);
    expect(dueMatters('WITHDRAWN')).toBe(false);
    expect(dueMatters(undefined)).toBe(false);
  });
});

describe('checkGeoJson (the project area)', () => {
  const square = [
    [
      [-123, 49],
      [-122, 49],
      [-122, 50],
      [-123, 50],
      [-123, 49],
    ],
  ];
  const polygon = { type: 'Polygon', coordinates: square };

  it('takes a bare geometry, a feature and a collection, counting areas', () => {
    expect(checkGeoJson(JSON.stringify(polygon))).toMatchObject({ ok: true, features: 1 });
    expect(
      checkGeoJson(JSON.stringify({ type: 'Feature', properties: {}, geometry: polygon })),
    ).toMatchObject({ ok: true, features: 1 });
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Pad' }, geometry: polygon },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [-122.5, 49.5] } },
        { type: 'Feature', properties: {}, geometry: null },
      ],
    };
    expect(checkGeoJson(JSON.stringify(fc))).toMatchObject({ ok: true, features: 2 });
  });

  it('says which way the text is wrong', () => {
    expect(checkGeoJson('{"type": "Polygon",')).toEqual({ ok: false, error: 'notJson' });
    expect(checkGeoJson('[1,2]')).toEqual({ ok: false, error: 'notGeoJson' });
    expect(checkGeoJson('{"type":"Circle","coordinates":[0,0]}')).toEqual({ ok: false, error: 'notGeoJson' });
    expect(checkGeoJson('{"type":"FeatureCollection"}')).toEqual({ ok: false, error: 'notGeoJson' });
    expect(checkGeoJson('{"type":"FeatureCollection","features":[]}')).toEqual({ ok: false, error: 'empty' });
    expect(checkGeoJson('{"type":"Feature","geometry":null}')).toEqual({ ok: false, error: 'empty' });
    expect(checkGeoJson('x'.repeat(2_000_001))).toEqual({ ok: false, error: 'tooLarge' });
  });

  it('refuses geometries that are not what they claim', () => {
    // An open ring, a longitude past 180, a point with one number, a line of one position.
    const open = { type: 'Polygon', coordinates: [square[0]!.slice(0, 4)] };
    expect(checkGeoJson(JSON.stringify(open))).toEqual({ ok: false, error: 'badGeometry' });
    expect(checkGeoJson('{"type":"Point","coordinates":[190,10]}')).toEqual({
      ok: false,
      error: 'badGeometry',
    });
    expect(checkGeoJson('{"type":"Point","coordinates":[10]}')).toEqual({ ok: false, error: 'badGeometry' });
    expect(checkGeoJson('{"type":"LineString","coordinates":[[1,2]]}')).toEqual({
      ok: false,
      error: 'badGeometry',
    });
    const fc = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon' } }] };
    expect(checkGeoJson(JSON.stringify(fc))).toEqual({ ok: false, error: 'badGeometry' });
    expect(
      checkGeoJson(JSON.stringify({ type: 'GeometryCollection', geometries: [polygon, { type: 'Point' }] })),
    ).toEqual({ ok: false, error: 'badGeometry' });
  });
});

describe('areaGeometries (one project area per feature)', () => {
  const point = { type: 'Point', coordinates: [-122.5, 49.5] };

  it('names each by its name property, skips features without geometry, keeps a bare geometry', () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: ' Pad A ' }, geometry: point },
        { type: 'Feature', properties: {}, geometry: null },
        { type: 'Feature', properties: { Name: 'Camp' }, geometry: point },
        { type: 'Feature', geometry: point },
      ],
    };
    expect(areaGeometries(checkGeoJson(JSON.stringify(fc)))).toEqual([
      { label: 'Pad A', geometry: point },
      { label: 'Camp', geometry: point },
      { label: null, geometry: point },
    ]);
    expect(areaGeometries(checkGeoJson(JSON.stringify(point)))).toEqual([{ label: null, geometry: point }]);
    expect(areaGeometries(checkGeoJson('nonsense'))).toEqual([]);
    expect(areaGeometries(null)).toEqual([]);
  });
});

describe('consult.responses columns (spec §6)', () => {
  const screen = listScreenOf(consultViews.find((v) => v.name === 'consult.responses')!);
  // The name column ('Project — Community', the label) leads; these follow it.
  const base = ['primaryOrg', 'anticipatedResponse', '_wf.state', '_wf.$assigned'];

  it('leave the generic state to admins, and give a shared site’s admins the community', () => {
    expect(screenColumns(screen, ConsultResponse, { admin: false, dedicated: false })).toEqual(base);
    expect(screenColumns(screen, ConsultResponse, { admin: false, dedicated: true })).toEqual(base);
    expect(screenColumns(screen, ConsultResponse, { admin: true, dedicated: false })).toEqual([
      'state',
      ...base,
      'community',
    ]);
    // A dedicated deployment's admin is one community's: every response is theirs.
    expect(screenColumns(screen, ConsultResponse, { admin: true, dedicated: true })).toEqual([
      'state',
      ...base,
    ]);
  });

  it('name a response by project and community, so the project is no column of its own', () => {
    expect(ConsultResponse.label).toBe('{projectName} — {communityName}');
    expect(labelKey(ConsultResponse)).toBeNull();
    expect(screenColumns(screen, ConsultResponse, { admin: true, dedicated: false })).not.toContain(
      'projectName',
    );
  });
});
