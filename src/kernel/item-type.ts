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

/**
 * The property a type declares under `key`, or undefined. Only own keys count: a key that comes
 * from outside (a search key, a field name) may be `constructor` or `__proto__`, which a plain
 * `properties[key]` would answer with Object.prototype's members.
 */
export function declaredProperty(t: ItemTypeDef, key: string): PropertyDef | undefined {
  return Object.hasOwn(t.properties, key) ? t.properties[key] : undefined;
}
