import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../form/definition';
import { evaluateForm, formErrors, type FormState } from '../form/evaluate';
import { harvestForm } from './fixtures/harvest-form';

// The state of a filled-in form (docs/geokeeper-forms.md "Form state"): shown, required, values
// with defaults, errors, and the data kept on submit.

const TODAY = '2026-11-25';
const state = (data: unknown, def: FormDefinition = harvestForm()) =>
  evaluateForm(def, data, { today: TODAY });
const field = (s: FormState, key: string) => {
  const f = s.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key}`);
  return f;
};
const errorKeys = (s: FormState) =>
  formErrors(s).map((e) => `${e.key}:${e.errors.map((x) => x.message ?? x.key).join(',')}`);

const point = { type: 'Point', coordinates: [-114.37, 62.45] };
const goodHarvest = { species: 'moose', gear: ['rifle'], count: 1, location: point, photo: 'file-1' };
const good = {
  trip: { monitor: 'Mary', trip_date: '2026-11-20', start_time: '06:30' },
  hunters: 2,
  harvests: [goodHarvest],
  route: {
    type: 'LineString',
    coordinates: [
      [-114.37, 62.45],
      [-114.3, 62.5],
    ],
  },
  area: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  },
  tag: 'HU123',
  finished: '2026-11-20T17:05:00-07:00',
};

describe('form state', () => {
  it('finds a complete harvest record valid and keeps its answers', () => {
    const s = state(good);
    expect(errorKeys(s)).toEqual([]);
    expect(s.valid).toBe(true);
    // The read-only field takes its default; the note holds nothing.
    expect(s.data).toEqual({ ...good, form_kind: 'harvest' });
    expect(field(s, 'harvests.0.species')).toMatchObject({ shown: true, required: true, value: 'moose' });
  });

  it('applies defaults to missing answers, not to answers given', () => {
    expect(field(state({}), 'hunters').value).toBe(1);
    expect(field(state({ hunters: 5 }), 'hunters').value).toBe(5);
    // A read-only field keeps its default whatever is sent.
    expect(field(state({ form_kind: 'changed' }), 'form_kind').value).toBe('harvest');
  });

  it('reports required answers, with the author’s message when there is one', () => {
    const s = state({ harvests: [{}] });
    expect(errorKeys(s)).toEqual(['trip.monitor:required', 'harvests.0.species:Which animal?']);
    expect(s.valid).toBe(false);
  });

  it('shows a field only when its relevance holds, and resolves references in the same repeat instance', () => {
    const s = state({
      ...good,
      harvests: [
        { species: 'other', gear: ['net', 'rifle'], net_mesh: 4.5 },
        { species: 'moose', gear: ['rifle'], net_mesh: 3 },
      ],
    });
    expect(field(s, 'harvests.0.species_other').shown).toBe(true);
    expect(field(s, 'harvests.1.species_other').shown).toBe(false);
    expect(field(s, 'harvests.0.net_mesh').shown).toBe(true);
    expect(field(s, 'harvests.1.net_mesh').shown).toBe(false);
    // Only the shown, empty species_other is required.
    expect(errorKeys(s)).toEqual(['harvests.0.species_other:required']);
    // The hidden answer is dropped on submit.
    const harvests = s.data.harvests as Record<string, unknown>[];
    expect(harvests[0]).toEqual({ species: 'other', gear: ['net', 'rifle'], net_mesh: 4.5 });
    expect(harvests[1]).toEqual({ species: 'moose', gear: ['rifle'] });
  });

  it('checks constraints against the answer and other fields, with their messages', () => {
    const s = state({
      ...good,
      trip: { monitor: 'Mary', trip_date: '2026-12-01' },
      hunters: 50,
      harvests: [{ ...goodHarvest, count: 101 }],
      tag: 'hu1',
    });
    expect(errorKeys(s)).toEqual([
      'trip.trip_date:Not in the future',
      'hunters:Between 1 and 40',
      // The repeat's rule reads ${hunters} from the form, outside the instance.
      'harvests.0.count:At most two per hunter',
      'tag:constraint',
    ]);
    // A hidden field's constraint is not checked: net_mesh is hidden (no net).
    expect(errorKeys(state({ ...good, harvests: [{ ...goodHarvest, net_mesh: -1 }] }))).toEqual([]);
  });

  it('checks each kind’s type', () => {
    const s = state({
      trip: { monitor: 42, trip_date: '2026-02-30', start_time: '25:00' },
      hunters: 2.5,
      harvests: [
        {
          species: 'bison',
          gear: ['net', 'net'],
          location: { type: 'Point', coordinates: [200, 10] },
          photo: '',
        },
        { species: 'moose', count: '3', location: { type: 'Point', coordinates: [10] } },
      ],
      route: { type: 'LineString', coordinates: [[0, 0]] },
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
      finished: '2026-11-20 17:05',
    });
    expect(errorKeys(s)).toEqual([
      'trip.monitor:type',
      'trip.trip_date:type',
      'trip.start_time:type',
      'hunters:type',
      'harvests.0.species:type',
      'harvests.0.gear:type',
      'harvests.0.location:type',
      'harvests.1.count:type',
      'harvests.1.location:type',
      'route:type',
      'area:type',
      'finished:type',
    ]);
  });

  it('accepts a point with altitude and accuracy, and a lat/lon pair in range only', () => {
    const at = (location: unknown) => errorKeys(state({ ...good, harvests: [{ ...goodHarvest, location }] }));
    expect(at({ type: 'Point', coordinates: [-114.37, 62.45, 210], accuracy: 4.2 })).toEqual([]);
    expect(at({ type: 'Point', coordinates: [-114.37, 91] })).toEqual(['harvests.0.location:type']);
    expect(at({ type: 'Point', coordinates: [-114.37, 62.45], accuracy: -1 })).toEqual([
      'harvests.0.location:type',
    ]);
    expect(at([-114.37, 62.45])).toEqual(['harvests.0.location:type']);
  });

  it('checks an organisation list of values only when its values are given', () => {
    const def: FormDefinition = {
      lists: {},
      fields: [{ name: 'cat', kind: 'select_one', label: 'Category', choices: { lov: 'CATEGORIES' } }],
    };
    expect(evaluateForm(def, { cat: 'x' }).valid).toBe(true);
    expect(evaluateForm(def, { cat: 'x' }, { lovs: { CATEGORIES: ['a', 'b'] } }).valid).toBe(false);
    expect(evaluateForm(def, { cat: 'a' }, { lovs: { CATEGORIES: ['a', 'b'] } }).valid).toBe(true);
  });

  it('hides a group’s fields with it, reads hidden answers as empty, and drops unknown keys', () => {
    const def: FormDefinition = {
      lists: {},
      fields: [
        { name: 'seen', kind: 'text', label: 'Seen?' },
        {
          name: 'details',
          kind: 'group',
          label: 'Details',
          relevant: "${seen} = 'yes'",
          fields: [{ name: 'what', kind: 'text', label: 'What', required: true }],
        },
        // Depends on a field inside a hidden group: reads it as empty.
        { name: 'follow', kind: 'text', label: 'Follow up', relevant: "${what} != ''" },
      ],
    };
    const hidden = evaluateForm(def, { seen: 'no', details: { what: 'tracks' }, follow: 'x', stray: 1 });
    expect(hidden.fields.map((f) => [f.key, f.shown])).toEqual([
      ['seen', true],
      ['details', false],
      ['details.what', false],
      ['follow', false],
    ]);
    expect(hidden.valid).toBe(true);
    expect(hidden.data).toEqual({ seen: 'no' });
    const shown = evaluateForm(def, { seen: 'yes', details: { what: 'tracks' }, follow: 'x' });
    expect(shown.data).toEqual({ seen: 'yes', details: { what: 'tracks' }, follow: 'x' });
  });

  it('settles relevance that reads a field further down the form', () => {
    const def: FormDefinition = {
      lists: {},
      fields: [
        { name: 'a', kind: 'text', label: 'A', relevant: "${b} = 'x'" },
        { name: 'b', kind: 'text', label: 'B', relevant: "${c} = 'y'" },
        { name: 'c', kind: 'text', label: 'C' },
      ],
    };
    const s = evaluateForm(def, { a: '1', b: 'x', c: 'n' });
    expect(s.fields.map((f) => f.shown)).toEqual([false, false, true]);
  });

  it('reports a group or repeat of the wrong shape', () => {
    const s = state({ trip: 'Mary', harvests: { species: 'moose' } });
    // The group's fields are still checked, as if it were empty.
    expect(errorKeys(s)).toEqual(['trip:type', 'trip.monitor:required', 'harvests:type']);
  });

  it('reads only the answers formData holds itself, never inherited ones', () => {
    const def: FormDefinition = {
      lists: {},
      fields: [{ name: 'toString', kind: 'text', label: 'T', required: true }],
    };
    const s = evaluateForm(def, {});
    expect(errorKeys(s)).toEqual(['toString:required']);
    expect(evaluateForm(def, { toString: 'x' }).data).toEqual({ toString: 'x' });
  });
});
