import { describe, expect, it } from 'vitest';
import type { PropertyDef } from '../../kernel/property';
import { FileEditor } from '../files/FileField';
import { defineClientModule, type FieldEditorProps } from '../module-api';
import { BooleanField } from './BooleanField';
import { DATE_EDITOR, fieldEditorsOf, pickFieldEditor } from './field-editors';
import { JsonField } from './JsonField';
import { ListField } from './ListField';
import { ReadOnlyEditor } from './ReadOnlyField';
import { RelationField } from './RelationField';
import { ScalarField } from './ScalarField';
import { TranslationsField } from './TranslationsField';

const GeometryEditor = (_: FieldEditorProps) => null;
const OtherGeometry = (_: FieldEditorProps) => null;
const spatial = defineClientModule({ id: 'spatial', fieldEditors: { geometry: GeometryEditor } });
const open = { editable: true, admin: false, saved: true };
const none = fieldEditorsOf([]);

describe('field editors by lookup', () => {
  it('gives a registered kind its module’s editor, editable or not', () => {
    const registered = fieldEditorsOf([spatial]);
    const geometry: PropertyDef = { kind: 'geometry' };
    expect(pickFieldEditor(geometry, open, registered)).toBe(GeometryEditor);
    expect(pickFieldEditor(geometry, { ...open, editable: false }, registered)).toBe(GeometryEditor);
    // A registered editor wins over the client's own editor of the kind.
    const files = fieldEditorsOf([defineClientModule({ id: 'x', fieldEditors: { file: GeometryEditor } })]);
    expect(pickFieldEditor({ kind: 'file' }, open, files)).toBe(GeometryEditor);
  });

  it('falls back to the generic editor of the shape for a kind nobody registered', () => {
    expect(pickFieldEditor({ kind: 'geometry' }, open, none)).toBe(JsonField);
    expect(pickFieldEditor({ kind: 'string' }, open, none)).toBe(ScalarField);
    expect(pickFieldEditor({ kind: 'string', list: true }, open, none)).toBe(ListField);
    expect(pickFieldEditor({ kind: 'boolean' }, open, none)).toBe(BooleanField);
    expect(pickFieldEditor({ kind: 'relation', types: ['X'], list: true }, open, none)).toBe(RelationField);
    expect(pickFieldEditor({ kind: 'json', translations: true }, open, none)).toBe(TranslationsField);
  });

  it('shows the value where the property cannot be changed', () => {
    expect(pickFieldEditor({ kind: 'string' }, { ...open, editable: false }, none)).toBe(ReadOnlyEditor);
    expect(pickFieldEditor({ kind: 'string', write: 'system' }, open, none)).toBe(ReadOnlyEditor);
    expect(pickFieldEditor({ kind: 'string', write: 'admin' }, open, none)).toBe(ReadOnlyEditor);
    expect(pickFieldEditor({ kind: 'string', write: 'admin' }, { ...open, admin: true }, none)).toBe(
      ScalarField,
    );
  });

  it('keeps the file kind: its editor for a saved item, the value before', () => {
    expect(pickFieldEditor({ kind: 'file' }, open, none)).toBe(FileEditor);
    expect(pickFieldEditor({ kind: 'file' }, { ...open, editable: false }, none)).toBe(FileEditor);
    expect(pickFieldEditor({ kind: 'file' }, { ...open, saved: false }, none)).toBe(ReadOnlyEditor);
  });

  it('edits exact dates and date-times with the picker; imprecise dates and lists stay text', () => {
    expect(pickFieldEditor({ kind: 'date' }, open, none)).toBe(DATE_EDITOR);
    expect(pickFieldEditor({ kind: 'dateTime' }, open, none)).toBe(DATE_EDITOR);
    expect(pickFieldEditor({ kind: 'date', impreciseDate: true }, open, none)).toBe(ScalarField);
    expect(pickFieldEditor({ kind: 'date', list: true }, open, none)).toBe(ListField);
    expect(pickFieldEditor({ kind: 'date' }, { ...open, editable: false }, none)).toBe(ReadOnlyEditor);
  });

  it('refuses a kind two modules register', () => {
    const other = defineClientModule({ id: 'maps', fieldEditors: { geometry: OtherGeometry } });
    expect(() => fieldEditorsOf([spatial, other])).toThrow('field editor geometry already registered');
  });
});
