import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormField } from '../form/definition';
import {
  compatibility,
  definitionAt,
  diffDefinitions,
  nextVersion,
  projectData,
  type FormVersion,
} from '../form/versions';
import { harvestForm } from './fixtures/harvest-form';

// Form versions (docs/geokeeper-forms.md "Versions"): what makes a new version, whether data of
// one version reads under another, and the projection that never rewrites stored data.

function edit(change: (def: FormDefinition) => void): FormDefinition {
  const def = harvestForm();
  change(def);
  return def;
}
const harvestFields = (def: FormDefinition) => def.fields.find((f) => f.name === 'harvests')!.fields!;
const fieldNamed = (fields: FormField[], name: string) => fields.find((f) => f.name === name)!;

describe('form versions', () => {
  const v1: FormVersion = { version: 1, definition: harvestForm() };

  it('keeps the version for label, hint and rule changes', () => {
    const relabelled = edit((def) => {
      def.fields[0]!.label = 'Record every harvest.';
      fieldNamed(def.fields, 'hunters').constraint = '. >= 1';
      fieldNamed(def.fields, 'hunters').hint = 'Count yourself';
      def.lists.species!.push({ value: 'bear', label: 'Bear' });
    });
    expect(nextVersion(v1, relabelled)).toBe(1);
    expect(nextVersion(undefined, relabelled)).toBe(1);
  });

  it('makes a new version when a field is added, removed, retyped or a choice is taken away', () => {
    const added = edit((def) => harvestFields(def).push({ name: 'sex', kind: 'text', label: 'Sex' }));
    const removed = edit((def) => harvestFields(def).splice(5, 1));
    const retyped = edit((def) => {
      fieldNamed(def.fields, 'hunters').kind = 'decimal';
    });
    const lostChoice = edit((def) => def.lists.gear!.pop());
    expect(diffDefinitions(v1.definition, added)).toMatchObject({ added: ['harvests/sex'], removed: [] });
    expect(diffDefinitions(v1.definition, removed).removed).toEqual(['harvests/location']);
    expect(diffDefinitions(v1.definition, retyped).retyped).toEqual([
      { path: 'hunters', from: 'integer', to: 'decimal' },
    ]);
    expect(diffDefinitions(v1.definition, lostChoice).choicesRemoved).toEqual([
      { path: 'harvests/gear', values: ['trap'] },
    ]);
    for (const next of [added, removed, retyped, lostChoice]) expect(nextVersion(v1, next)).toBe(2);
    expect(nextVersion({ version: 7, definition: added }, added)).toBe(7);
  });

  it('tells whether data of one version reads, and is valid, under another', () => {
    const v2 = edit((def) => {
      harvestFields(def).splice(5, 1);
      harvestFields(def).push({ name: 'sex', kind: 'text', label: 'Sex', required: true });
      fieldNamed(def.fields, 'hunters').kind = 'decimal';
    });
    const data = {
      trip: { monitor: 'Mary' },
      hunters: 2,
      harvests: [{ species: 'moose', location: { type: 'Point', coordinates: [1, 2] } }],
    };
    const back = compatibility(v1.definition, v2, data, { today: '2026-11-25' });
    // integer → decimal widens; the removed location does not read under v2.
    expect(back).toEqual({
      same: false,
      readable: false,
      lost: ['harvests/location'],
      retyped: [],
      valid: false,
    });
    expect(compatibility(v1.definition, v1.definition, data, { today: '2026-11-25' })).toEqual({
      same: true,
      readable: true,
      lost: [],
      retyped: [],
      valid: true,
    });
    // Data of v2 under v1: decimal → integer narrows, and v1 has no place for sex.
    expect(compatibility(v2, v1.definition)).toEqual({
      same: false,
      readable: false,
      lost: ['harvests/sex'],
      retyped: ['hunters'],
    });
  });

  it('projects old data onto a newer form without changing it', () => {
    const v2 = edit((def) => {
      harvestFields(def).splice(5, 1);
      fieldNamed(def.fields, 'tag').kind = 'integer';
    });
    const stored = {
      trip: { monitor: 'Mary' },
      harvests: [{ species: 'moose', location: { type: 'Point', coordinates: [1, 2] } }],
      tag: 'HU123',
      stray: 'kept in storage',
    };
    const before = JSON.stringify(stored);
    const view = projectData(v1.definition, v2, stored);
    expect(view.data).toEqual({ trip: { monitor: 'Mary' }, harvests: [{ species: 'moose' }] });
    expect(view.extra).toEqual({
      'harvests/0/location': { type: 'Point', coordinates: [1, 2] },
      tag: 'HU123',
    });
    expect(JSON.stringify(stored)).toBe(before);
  });

  it('finds the definition a record was collected with', () => {
    const history: FormVersion[] = [v1, { version: 2, definition: edit((d) => d.fields.pop()) }];
    expect(definitionAt(history, 1)).toBe(v1.definition);
    expect(definitionAt(history, 2)?.fields.length).toBe(v1.definition.fields.length - 1);
    expect(definitionAt(history, 3)).toBeUndefined();
  });
});
