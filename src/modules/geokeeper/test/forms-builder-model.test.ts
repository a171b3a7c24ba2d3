import { describe, expect, it } from 'vitest';
import { numberFromInput, fromLocalInput } from '../client/form-fill/answer-text';
import { removeAt, setIn } from '../client/form-fill/form-data';
import {
  canMoveIn,
  insertField,
  moveField,
  moveIn,
  moveOut,
  newField,
  removeField,
  slugOf,
  uniqueName,
} from '../client/builder/model';
import { definitionIssues, type FormDefinition } from '../form/definition';

// The builder's edits (client/builder/model.ts) and the renderer's answer handling
// (client/form-fill/): pure functions, so each step of a person's building is checked here.

const option = (n: number) => `Option ${n}`;
const names = (def: FormDefinition) =>
  JSON.stringify(def.fields.map((f) => [f.name, (f.fields ?? []).map((g) => g.name)]));

describe('the builder’s edits', () => {
  it('adds fields with unique names, a select with its own list; nests, moves and removes them', () => {
    let def: FormDefinition = { fields: [], lists: {} };
    const add = (kind: Parameters<typeof newField>[1], label: string, container: number[] = []) => {
      const made = newField(def, kind, label, option);
      def = insertField(made.def, container, made.field).def;
    };
    add('text', 'River name');
    add('text', 'River name');
    add('select_one', 'Colour');
    add('group', 'Fish');
    expect(def.fields.map((f) => f.name)).toEqual(['river_name', 'river_name_2', 'colour', 'fish']);
    expect(def.lists.colour).toEqual([
      { value: 'option_1', label: 'Option 1' },
      { value: 'option_2', label: 'Option 2' },
    ]);
    add('integer', 'Count');
    expect(canMoveIn(def, [4])).toBe(true);
    def = moveIn(def, [4]).def;
    expect(names(def)).toBe('[["river_name",[]],["river_name_2",[]],["colour",[]],["fish",["count"]]]');
    expect(definitionIssues(def)).toEqual([]);
    def = moveField(def, [3], -1).def;
    expect(def.fields.map((f) => f.name)).toEqual(['river_name', 'river_name_2', 'fish', 'colour']);
    def = moveOut(def, [2, 0]).def;
    expect(def.fields.map((f) => f.name)).toEqual(['river_name', 'river_name_2', 'fish', 'count', 'colour']);
    // The group is empty now: the checks say so (the builder shows it on the group's row).
    expect(definitionIssues(def).map((i) => i.key)).toEqual(['emptyContainer']);
    def = removeField(def, [4]);
    expect(def.lists).toEqual({});
  });

  it('makes names from labels in any script, and keeps them unique', () => {
    expect(slugOf('Épinette noire (spruce)')).toBe('epinette_noire_spruce');
    expect(slugOf('2nd visit')).toBe('q_2nd_visit');
    expect(slugOf('ᑭᓯᐊᓂ')).toBe('field');
    expect(uniqueName('a', new Set(['a', 'a_2']))).toBe('a_3');
  });
});

describe('the renderer’s answers', () => {
  it('keeps numbers as numbers, a half-typed one as text (the engine reports it)', () => {
    expect(numberFromInput('12', true)).toBe(12);
    expect(numberFromInput('1,5', false)).toBe(1.5);
    expect(numberFromInput('1.', true)).toBe('1.');
    expect(numberFromInput('', true)).toBeUndefined();
  });

  it('writes a date-time with the device’s offset', () => {
    expect(fromLocalInput('2026-10-14T09:30')).toMatch(/^2026-10-14T09:30:00[+-]\d\d:\d\d$/);
  });

  it('sets and removes answers by path, repeats included, without touching the original', () => {
    const data = { a: 1, visits: [{ n: 1 }, { n: 2 }] };
    const next = setIn(data, ['visits', 1, 'n'], 5) as typeof data;
    expect(next.visits[1]).toEqual({ n: 5 });
    expect(data.visits[1]).toEqual({ n: 2 });
    expect(setIn(data, ['a'], undefined)).toEqual({ visits: data.visits });
    expect(removeAt(data, ['visits'], 0)).toEqual({ a: 1, visits: [{ n: 2 }] });
  });
});
