import { useEffect, useState, type ComponentType } from 'react';
import type { PropertyDef } from '../../kernel/property';
import { FileEditor } from '../files/FileField';
import { lazyScreen } from '../i18n/screen-strings';
import type { ClientModule, FieldEditorProps } from '../module-api';
import { BooleanField } from './BooleanField';
import { usesDatePicker } from './date-values';
import { fieldShape, type FieldShape } from './form-model';
import { loadClientModule, useClientModules } from '../modules/loader';
import { collectById } from './item-sections';
import { fieldEditorModule } from './item-label';
import { JsonField } from './JsonField';
import { isReadOnlyProp } from './labels';
import { ListField } from './ListField';
import { ReadOnlyEditor } from './ReadOnlyField';
import { RelationField } from './RelationField';
import { ScalarField } from './ScalarField';
import { TranslationsField } from './TranslationsField';

// Which editor a property gets (issue 12 §4): an editor a loaded client half registers for the
// property's kind (the spatial module adds `geometry`), else the client's own editor of that
// kind (`file`), else its value as text where it cannot be changed, else the generic editor of
// its shape. A registered or kind editor shows the value too when it cannot be changed.

export type FieldEditor = NonNullable<ClientModule['fieldEditors']>[string];

/** How a property is edited, with translations apart from other JSON. */
export type EditorShape = FieldShape | 'translations';

/** The generic editors, by the shape of the field. */
export const SHAPE_EDITORS: Readonly<Record<EditorShape, ComponentType<FieldEditorProps>>> = {
  scalar: ScalarField,
  list: ListField,
  boolean: BooleanField,
  relation: RelationField,
  relationList: RelationField,
  json: JsonField,
  translations: TranslationsField,
};

/** The client's own editors by kind; they need a saved item (a file is uploaded to its id). */
export const KIND_EDITORS: Readonly<Record<string, ComponentType<FieldEditorProps>>> = { file: FileEditor };

/** Exact dates and date-times: the date picker, its own chunk (with its date library). */
export const DATE_EDITOR = lazyScreen(() => import('./DateField').then((m) => ({ default: m.DateField })));

/** The name a property's registered editor goes by: its own `editor`, else its kind. */
export function editorKind(prop: PropertyDef): string {
  return prop.editor ?? prop.kind;
}

export function editorShape(prop: PropertyDef): EditorShape {
  return prop.translations ? 'translations' : fieldShape(prop);
}

const editorsCache = new WeakMap<readonly ClientModule[], ReadonlyMap<string, FieldEditor>>();

/** The editors the loaded halves register, by property kind; a kind registered twice fails. */
export function fieldEditorsOf(modules: readonly ClientModule[]): ReadonlyMap<string, FieldEditor> {
  let got = editorsCache.get(modules);
  if (!got) {
    got = collectById(modules, 'field editor', (m) => Object.entries(m.fieldEditors ?? {}));
    editorsCache.set(modules, got);
  }
  return got;
}

/**
 * The editor of one property. `editable`: the form may change the item; `admin`: the user is
 * an admin (admin-written properties); `saved`: the item has an id.
 */
export function pickFieldEditor(
  prop: PropertyDef,
  o: { editable: boolean; admin: boolean; saved: boolean },
  registered: ReadonlyMap<string, FieldEditor>,
): FieldEditor {
  const own = registered.get(editorKind(prop));
  if (own) return own;
  const kind = Object.hasOwn(KIND_EDITORS, prop.kind) ? KIND_EDITORS[prop.kind] : undefined;
  if (kind && o.saved) return kind;
  if (!o.editable || isReadOnlyProp(prop, o.admin)) return ReadOnlyEditor;
  if (usesDatePicker(prop)) return DATE_EDITOR;
  return SHAPE_EDITORS[editorShape(prop)];
}

/** Whether the user may change the property where the form may change the item. */
export function mayWriteProp(prop: PropertyDef, admin: boolean): boolean {
  return prop.write === undefined || (prop.write === 'admin' && admin);
}

/**
 * Loads the half that has the kind's editor (config `fieldEditors`) when it is not loaded yet, for
 * any user: true while it loads, so the form does not flash the generic editor first. A half that
 * cannot load (offline) leaves the generic editor.
 */
export function useKindEditorLoading(kind: string): boolean {
  const id = fieldEditorModule(kind);
  const loaded = useClientModules().some((m) => m.id === id);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (id && !loaded) loadClientModule(id).catch(() => setFailed(id));
  }, [id, loaded]);
  return !!id && !loaded && failed !== id;
}
