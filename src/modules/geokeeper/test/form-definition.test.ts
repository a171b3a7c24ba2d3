import { describe, expect, it } from 'vitest';
import {
  definitionIssues,
  FORM_LIMITS,
  formDefinitionSchema,
  parseDefinition,
  type FormDefinition,
  type FormField,
} from '../form/definition';
import { harvestForm } from './fixtures/harvest-form';

// The form definition's checks (docs/geokeeper-forms.md "Field kinds" and "Rules").

const keysOf = (def: FormDefinition) => definitionIssues(def).map((i) => `${i.key}@${i.path.join('/')}`);

function withFields(fields: FormField[], lists: FormDefinition['lists'] = {}): FormDefinition {
  return { fields, lists };
}

describe('form definitions', () => {
  it('accepts the harvest form as it is, through the zod schema', () => {
    expect(definitionIssues(harvestForm())).toEqual([]);
    expect(parseDefinition(JSON.parse(JSON.stringify(harvestForm())))).toEqual(harvestForm());
  });

  it('refuses unknown kinds, bad names and unknown properties by shape', () => {
    const bad = (field: Record<string, unknown>) =>
      formDefinitionSchema.safeParse({ fields: [field], lists: {} }).success;
    expect(bad({ name: 'a', kind: 'text', label: 'A' })).toBe(true);
    expect(bad({ name: 'a', kind: 'calculate', label: 'A' })).toBe(false);
    expect(bad({ name: '1a', kind: 'text', label: 'A' })).toBe(false);
    expect(bad({ name: 'a b', kind: 'text', label: 'A' })).toBe(false);
    // Names become object keys: the prototype's are refused.
    expect(bad({ name: '__proto__', kind: 'text', label: 'A' })).toBe(false);
    expect(bad({ name: 'constructor', kind: 'text', label: 'A' })).toBe(false);
    expect(bad({ name: 'a'.repeat(FORM_LIMITS.maxNameLength + 1), kind: 'text', label: 'A' })).toBe(false);
    expect(bad({ name: 'a', kind: 'text', label: 'A', calculation: '1' })).toBe(false);
  });

  it('keeps names unique per scope: the form through its groups, and each repeat', () => {
    const def = withFields([
      { name: 'a', kind: 'text', label: 'A' },
      { name: 'g', kind: 'group', label: 'G', fields: [{ name: 'a', kind: 'text', label: 'A again' }] },
      {
        name: 'r',
        kind: 'repeat',
        label: 'R',
        // The same name inside a repeat is its own scope.
        fields: [{ name: 'a', kind: 'text', label: 'A in R' }],
      },
    ]);
    expect(keysOf(def)).toEqual(['duplicateName@g/a']);
  });

  it('checks lists, choices and which properties go with which kinds', () => {
    const def = withFields(
      [
        { name: 's', kind: 'select_one', label: 'S', choices: { list: 'missing' } },
        { name: 't', kind: 'select_multiple', label: 'T' },
        { name: 'u', kind: 'select_one', label: 'U', choices: { lov: 'CATEGORIES' } },
        { name: 'v', kind: 'text', label: 'V', choices: { list: 'l' } },
        { name: 'n', kind: 'note', label: 'N', required: true },
        { name: 'g', kind: 'group', label: 'G', fields: [] },
        { name: 'x', kind: 'integer', label: 'X', fields: [] },
        { name: 'y', kind: 'integer', label: '' },
        { name: 'z', kind: 'integer', label: 'Z', constraintMessage: 'why' },
        { name: 'w', kind: 'integer', label: 'W', default: 'ten' },
      ],
      {
        l: [
          { value: 'a', label: 'A' },
          { value: 'a', label: 'A twice' },
        ],
      },
    );
    expect(keysOf(def)).toEqual([
      'duplicateChoice@',
      'unknownList@s',
      'choicesMissing@t',
      'choicesOnlyOnSelects@v',
      'ruleNeedsAnswer@n',
      'emptyContainer@g',
      'fieldsOnlyInContainers@x',
      'labelMissing@y',
      'messageWithoutConstraint@z',
      'badDefault@w',
    ]);
  });

  it('checks the defaults against their kinds', () => {
    const ok = (field: FormField) =>
      definitionIssues(withFields([field], { l: [{ value: 'a', label: 'A' }] })).length === 0;
    expect(ok({ name: 'd', kind: 'date', label: 'D', default: '2026-02-28' })).toBe(true);
    expect(ok({ name: 'd', kind: 'date', label: 'D', default: '2026-02-30' })).toBe(false);
    expect(ok({ name: 'd', kind: 'integer', label: 'D', default: '2.5' })).toBe(false);
    expect(ok({ name: 'd', kind: 'decimal', label: 'D', default: '2.5' })).toBe(true);
    expect(ok({ name: 'd', kind: 'select_one', label: 'D', choices: { list: 'l' }, default: 'a' })).toBe(
      true,
    );
    expect(ok({ name: 'd', kind: 'select_one', label: 'D', choices: { list: 'l' }, default: 'b' })).toBe(
      false,
    );
    expect(ok({ name: 'd', kind: 'geopoint', label: 'D', default: '62.45 -114.37 0 5' })).toBe(true);
    expect(ok({ name: 'd', kind: 'geopoint', label: 'D', default: '162.45 -114.37' })).toBe(false);
  });

  it('checks rule expressions and their references', () => {
    const def = withFields([
      { name: 'a', kind: 'integer', label: 'A', constraint: '. > ' },
      { name: 'b', kind: 'integer', label: 'B', relevant: '${nope} = 1' },
      {
        name: 'r',
        kind: 'repeat',
        label: 'R',
        fields: [{ name: 'inner', kind: 'integer', label: 'I', relevant: '${a} > 1' }],
      },
      // Outside the repeat, its fields cannot be named: which instance would it be?
      { name: 'c', kind: 'integer', label: 'C', relevant: '${inner} > 1' },
      { name: 'd', kind: 'integer', label: 'D', relevant: '${r} > 1' },
    ]);
    const issues = definitionIssues(def);
    expect(issues.map((i) => [i.key, i.path.join('/'), i.property])).toEqual([
      ['badExpression', 'a', 'constraint'],
      ['unknownReference', 'b', 'relevant'],
      ['referenceIntoRepeat', 'c', 'relevant'],
      ['referenceToContainer', 'd', 'relevant'],
    ]);
    expect(issues[0]!.params).toEqual({ reason: 'unexpectedEnd', pos: 4 });
  });

  it('bounds the number of fields and the nesting depth', () => {
    const many = Array.from({ length: FORM_LIMITS.maxFields + 1 }, (_, i): FormField => ({
      name: `f${i}`,
      kind: 'text',
      label: `F${i}`,
    }));
    expect(keysOf(withFields(many))).toEqual(['tooManyFields@']);
    let nested: FormField = { name: 'leaf', kind: 'text', label: 'Leaf' };
    for (let i = 0; i <= FORM_LIMITS.maxDepth; i++) {
      nested = { name: `g${i}`, kind: 'group', label: '', fields: [nested] };
    }
    expect(keysOf(withFields([nested]))).toEqual([
      `tooDeep@${['g5', 'g4', 'g3', 'g2', 'g1', 'g0', 'leaf'].join('/')}`,
    ]);
    expect(keysOf(withFields([]))).toEqual(['noFields@']);
  });
});
