import { describe, expect, it } from 'vitest';
import type { Geometry } from '../../../kernel/geometry';
import { listScreenOf } from '../../../client/search/screens';
import { labelKey, screenColumns } from '../../../client/search/search-model';
import { ConsultResponse } from '../types';
import { consultViews } from '../views';
import { areaParts, readArea } from '../client/create/geojson';
import { dueInfo, dueMatters } from '../client/record/days-left';
import { hasSubmission, SUBMISSION_PDF_PATH, submissionPdfHref, submissionPdfName } from '../submission';

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

describe('the project area (readArea, areaParts)', () => {
  const square = [
    [-123, 49],
    [-122.9, 49],
    [-122.9, 49.1],
    [-123, 49],
  ];
  const polygon = { type: 'Polygon', coordinates: [square] };

  it('reads the form’s text: none, a geometry, or the key of what is wrong', () => {
    expect(readArea('')).toEqual({ ok: true, geometry: null });
    expect(readArea(undefined)).toEqual({ ok: true, geometry: null });
    expect(readArea(JSON.stringify(polygon))).toEqual({ ok: true, geometry: polygon });
    expect(readArea('{"type": "Polygon",')).toEqual({ ok: false, key: 'errors.invalidJsonText' });
    const open = { type: 'Polygon', coordinates: [square.slice(0, 3)] };
    expect(readArea(JSON.stringify(open))).toEqual({ ok: false, key: 'errors.geometry.ring' });
    expect(readArea('{"type":"Point","coordinates":[190,10]}')).toEqual({
      ok: false,
      key: 'errors.geometry.range',
    });
    expect(readArea('{"type":"Feature","geometry":null}')).toEqual({
      ok: false,
      key: 'errors.geometry.type',
    });
  });

  it('makes one project area per shape', () => {
    expect(areaParts(null)).toEqual([]);
    expect(areaParts(polygon as Geometry)).toEqual([polygon]);
    const multi = { type: 'MultiPolygon', coordinates: [[square], [square]] } as Geometry;
    expect(areaParts(multi)).toEqual([polygon, polygon]);
    expect(areaParts({ type: 'MultiPoint', coordinates: [[1, 2]] } as Geometry)).toEqual([
      { type: 'Point', coordinates: [1, 2] },
    ]);
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

describe('the submission PDF link (client/record/SubmissionPdfLink.tsx)', () => {
  it('is offered once the referral was submitted, never for a draft', () => {
    expect(hasSubmission('2026-12-01T10:00:00.000Z')).toBe(true);
    expect(hasSubmission(undefined)).toBe(false);
    expect(hasSubmission('')).toBe(false);
  });

  it('names the consultation in the query, escaped, on the route the server answers', () => {
    expect(submissionPdfHref('Consultation-12')).toBe(`${SUBMISSION_PDF_PATH}?consultation=Consultation-12`);
    expect(submissionPdfHref('a&b=c')).toBe(`${SUBMISSION_PDF_PATH}?consultation=a%26b%3Dc`);
  });

  it('names the file by project and first file number, without what a file system refuses', () => {
    expect(submissionPdfName('Bear Pass lateral', ['NP-2026-014', 'MOL-1'])).toBe(
      'Bear Pass lateral - NP-2026-014.pdf',
    );
    expect(submissionPdfName('Route A/B: "east"', [])).toBe('Route A B east.pdf');
    expect(submissionPdfName('', ['', ' '])).toBe('Referral.pdf');
  });
});
