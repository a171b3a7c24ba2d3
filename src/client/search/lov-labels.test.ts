import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { Consultation, ConsultResponse, CommLog } from '../../modules/consult/types';
import type { FacetBucket } from '../../protocol/query';
import type { LovReply } from '../items/lookups';
import type { Item } from '../state/items';
import { lovLabelFrom, lovListsOf } from './lov-labels';
import { bucketLabel, cellText, valueLabel } from './search-labels';

const t = ((key: string, o?: { defaultValue?: string }) => o?.defaultValue ?? key) as unknown as TFunction;

// Two communities name the same region key differently; a third has a key of its own.
const regions: LovReply = {
  'Organization-2': {
    NORTH: { label: 'North (Cedar)', t: { en: 'North (Cedar)' } },
    COAST: { label: 'Coast', t: { en: 'Coast', fr: 'Côte' } },
  },
  'Organization-1': {
    NORTH: { label: 'Northern territory', t: { en: 'Northern territory', fr: 'Territoire du nord' } },
  },
};
const types: LovReply = { 'Organization-1': { PIPELINE: { label: 'Pipeline', t: { en: 'Pipeline' } } } };
const replies = { CNS_REGIONS: regions, CNS_PROJECT_TYPES: types };

describe('list-of-values labels in lists and facets', () => {
  it("names a key by the item's own organisation's list first", () => {
    const lov = lovLabelFrom(replies, ['Organization-1'], 'en');
    expect(lov('CNS_REGIONS', 'NORTH', 'Organization-2')).toBe('North (Cedar)');
    expect(lov('CNS_REGIONS', 'NORTH', 'Organization-1')).toBe('Northern territory');
  });

  it("then the viewer's organisations in membership order, then any readable list by id", () => {
    // A facet value stands for items of every owner: the viewer's own words win.
    expect(lovLabelFrom(replies, ['Organization-1'], 'en')('CNS_REGIONS', 'NORTH', null)).toBe(
      'Northern territory',
    );
    expect(
      lovLabelFrom(replies, ['Organization-2', 'Organization-1'], 'en')('CNS_REGIONS', 'NORTH', null),
    ).toBe('North (Cedar)');
    // Outsiders (a proponent) have no list: the lowest id that has the key, always the same one.
    expect(lovLabelFrom(replies, ['Organization-9'], 'en')('CNS_REGIONS', 'NORTH', null)).toBe(
      'Northern territory',
    );
    // The item's organisation has no such key (a proponent's draft): the next that has it.
    expect(lovLabelFrom(replies, [], 'en')('CNS_REGIONS', 'COAST', 'Organization-1')).toBe('Coast');
  });

  it('uses the translation for the language, and knows nothing of keys no readable list has', () => {
    const fr = lovLabelFrom(replies, [], 'fr');
    expect(fr('CNS_REGIONS', 'COAST', null)).toBe('Côte');
    expect(fr('CNS_PROJECT_TYPES', 'PIPELINE', null)).toBe('Pipeline');
    expect(fr('CNS_REGIONS', 'SOUTH', null)).toBeUndefined();
    expect(fr('CNS_STREAMS', 'ANY', null)).toBeUndefined();
  });

  it('finds the lists a type draws from', () => {
    expect(lovListsOf([Consultation])).toEqual(['CNS_PROJECT_TYPES', 'CNS_REGIONS', 'CNS_STREAMS']);
    expect(lovListsOf([ConsultResponse])).toContain('RWF_OUTCOMES');
    expect(lovListsOf([CommLog, undefined])).toEqual(['COMMLOG_DIRECTIONS', 'COMMLOG_TYPES']);
  });

  it('shows labels in cells and facet values, the raw key for an unknown one', () => {
    const lov = lovLabelFrom(replies, ['Organization-1'], 'en');
    const item = {
      $id: 'Consultation-1',
      _t: 'Consultation',
      owner: 'Organization-2',
      region: 'NORTH',
      projectType: 'PIPELINE',
      stream: 'FAST',
    } as unknown as Item;
    expect(cellText(t, Consultation, item, 'region', lov)).toBe('North (Cedar)');
    expect(cellText(t, Consultation, item, 'projectType', lov)).toBe('Pipeline');
    expect(cellText(t, Consultation, item, 'stream', lov)).toBe('FAST');
    // Without the lists (not loaded yet) the key, as before.
    expect(cellText(t, Consultation, item, 'region')).toBe('NORTH');
    const bucket: FacetBucket = { value: 'NORTH', count: 3 };
    expect(bucketLabel(t, Consultation, 'region', bucket, lov)).toBe('Northern territory');
    expect(valueLabel(t, Consultation, 'region', 'COAST', undefined, lov)).toBe('Coast');
    expect(valueLabel(t, Consultation, 'region', 'SOUTH', undefined, lov)).toBe('SOUTH');
  });
});
