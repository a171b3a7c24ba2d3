import { AUTO_PROPERTIES, DEFAULT_HEADERS, type ItemTypeDef, type PropertyDef } from './property';

export interface ItemType extends ItemTypeDef {
  /** Declared plus automatic properties. */
  allProperties: Record<string, PropertyDef>;
  defaultHeaders: readonly string[];
  facets: readonly string[];
  textFields: readonly string[];
}

/**
 * Declares an item type as data. Everything generic (validation, forms, list headers, facets,
 * search fields) is derived from this one declaration.
 */
export function defineItemType(def: ItemTypeDef): ItemType {
  return {
    ...def,
    allProperties: { ...AUTO_PROPERTIES, ...def.properties },
    defaultHeaders: def.defaultHeaders ?? DEFAULT_HEADERS,
    facets:
      def.facets ??
      Object.entries(def.properties)
        .filter(([, p]) => p.facet)
        .map(([k]) => k),
    textFields: Object.entries(def.properties)
      .filter(([, p]) => p.textField)
      .map(([k]) => k),
  };
}
