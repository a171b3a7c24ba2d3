import { renderLabel } from '../../kernel/label';
import { defineItemType } from '../../kernel/item-type';
import type { ItemType } from '../../kernel/item-type';
import type { ClientConfig } from '../config';
import type { Item } from '../state/items';

// The client builds ItemType objects from the registry in the config, so labels, forms and
// validation use the same declarations (and the same code) as the server.

let types = new Map<string, ItemType>();
let modules = new Map<string, string>();

export function loadTypes(config: ClientConfig): void {
  types = new Map(
    Object.entries(config.types).map(([name, t]) => [
      name,
      defineItemType({
        name,
        properties: t.properties,
        defaultHeaders: t.defaultHeaders,
        facets: t.facets,
        ...(t.defaultIcon ? { defaultIcon: t.defaultIcon } : {}),
        ...(t.label ? { label: t.label } : {}),
        ...(t.keyFacts?.length ? { keyFacts: t.keyFacts } : {}),
        ...(t.carouselReveal?.length ? { carouselReveal: t.carouselReveal } : {}),
        ...(t.cardImage ? { cardImage: t.cardImage } : {}),
        ...(t.stateField ? { stateField: t.stateField } : {}),
        ...(t.areaParts ? { areaParts: t.areaParts } : {}),
        excludeGeneralSearch: t.excludeGeneralSearch,
        sideLoadItem: t.sideLoadItem,
        ...(t.attachments ? { attachments: true } : {}),
        ...(t.history === false ? { history: false } : {}),
        ...(t.notifyPrefs === false ? { notifyPrefs: false } : {}),
        ...(t.workflow ? { workflow: t.workflow } : {}),
        access: t.access,
      }),
    ]),
  );
  modules = new Map(
    Object.entries(config.types).flatMap(([name, t]) => (t.module ? [[name, t.module]] : [])),
  );
  stepKindModules = new Map(Object.entries(config.stepKinds ?? {}));
  editorModules = new Map(Object.entries(config.fieldEditors ?? {}));
}

let editorModules = new Map<string, string>();

/** The module whose client half has the field editor of a property kind, if one does. */
export function fieldEditorModule(kind: string): string | undefined {
  return editorModules.get(kind);
}

let stepKindModules = new Map<string, string>();

/** The registered workflow step kinds → the module that provides each (its half has the panel). */
export function stepKindModule(kind: string): string | undefined {
  return stepKindModules.get(kind);
}

/** Every registered workflow step kind, in registration order. */
export function stepKindNames(): string[] {
  return [...stepKindModules.keys()];
}

/** The id of the module that declares the type, if the config says. */
export function typeModule(name: string): string | undefined {
  return modules.get(name);
}

export function itemType(name: string): ItemType | undefined {
  return types.get(name);
}

export function itemLabel(item: Item): string {
  const t = types.get(item._t);
  return t ? renderLabel(t, item.$id, item) : item.$id;
}
