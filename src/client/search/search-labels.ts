import type { TFunction } from 'i18next';
import type { ItemType } from '../../kernel/item-type';
import type { FacetBucket } from '../../protocol/query';
import { DATE_BANDS } from '../../protocol/date-bands';
import { SIZE_BANDS, sizeBandValue } from '../../protocol/files';
import { humanize } from '../i18n/setup';
import { displayValue, isEmptyValue } from '../items/display';
import { formatDate } from '../items/format';
import { accessLabel, enumLabel, itemPropLabel, propLabel, propValueLabel } from '../items/labels';
import type { Item } from '../state/items';
import type { LovLabel } from './lov-labels';
import { typeOfId } from './suggestions';
import { isDateKey, type FilterValue } from './search-model';

// Words for the search screens: type names, facet and column names, bucket and cell values.

export function typeLabel(t: TFunction, type: string): string {
  return t(`typeNames.${type}`, { defaultValue: humanize(type), nsSeparator: false });
}

const KEY_LABELS: Record<string, string> = {
  _t: 'search.keys.type',
  _i: 'search.keys.number',
  _c: 'search.keys.creator',
  '_c.ts': 'search.keys.created',
  '_m.ts': 'search.keys.changed',
  _score: 'search.keys.relevance',
  $access: 'item.access',
  owner: 'item.owner',
};

/** A facet, sort or column key: the generic ones, else the type's property label. */
export function keyLabel(t: TFunction, type: string | null, key: string): string {
  const k = KEY_LABELS[key];
  if (k) return t(k);
  return type ? propLabel(t, type, key) : itemPropLabel(t, key);
}

/**
 * A facet value: date bands by name, types and levels translated, relations by the label the
 * server gave (only for readable targets; others say they are not visible), list-of-values keys
 * by their label (`lov`: a facet counts items of every owner, so no item's owner is given).
 */
export function valueLabel(
  t: TFunction,
  type: ItemType | undefined,
  key: string,
  value: FilterValue,
  serverLabel?: string,
  lov?: LovLabel,
): string {
  const prop = type?.allProperties[key];
  if (value === null || value === '') return t('search.none');
  if (isDateKey(key, prop) && typeof value === 'string' && (DATE_BANDS as readonly string[]).includes(value))
    return t(`search.bands.${value}`);
  if (prop?.facet === 'sizeBands') {
    const band = SIZE_BANDS.find((b) => sizeBandValue(b) === value);
    if (band) return t(`files.bands.${band.band}`);
  }
  if (key === '_t') return typeLabel(t, String(value));
  if (key === '$access') return accessLabel(t, String(value));
  if (prop?.kind === 'lov' && prop.lov && lov) return lov(prop.lov, String(value), null) ?? String(value);
  if (serverLabel) return serverLabel;
  if (key === 'owner' || key === '_c' || prop?.kind === 'relation') return t('search.hiddenItem');
  if (prop?.kind === 'boolean') return value === true || value === 'true' ? t('item.yes') : t('item.no');
  const named = typeof value === 'string' ? propValueLabel(t, key, value) : null;
  if (named) return named;
  if (prop?.kind === 'enum' || prop?.registeredKind) return enumLabel(t, String(value));
  return String(value);
}

export function bucketLabel(
  t: TFunction,
  type: ItemType | undefined,
  key: string,
  b: FacetBucket,
  lov?: LovLabel,
): string {
  const prop = type?.allProperties[key];
  if (prop?.facet === 'sizeBands' && b.label) return t(`files.bands.${b.label}`);
  if (isDateKey(key, prop)) return b.label ? t(`search.bands.${b.label}`) : String(b.value);
  return valueLabel(t, type, key, b.value, b.label, lov);
}

/** The date a key holds on an item (ISO), for timelines and date columns. */
export function itemDate(item: Item, key: string): string | null {
  if (key === '_c.ts') return item._c?.ts ?? null;
  if (key === '_m.ts') return item._m?.ts ?? item._c?.ts ?? null;
  const v = item[key];
  return typeof v === 'string' ? v : null;
}

/**
 * One table cell or card field as text; list-of-values keys by their label in the item's
 * organisation's list first (`lov`, see lovLabelFrom), the key while the lists load.
 */
/**
 * The word for a related item the reader may not read (it comes without a label): someone for
 * a person, "not shown" for anything else, never its id.
 */
export function hiddenKey(id: string): 'search.someone' | 'search.notShown' {
  return ['User', 'Contact'].includes(typeOfId(id)) ? 'search.someone' : 'search.notShown';
}

export function cellText(
  t: TFunction,
  type: ItemType | undefined,
  item: Item,
  key: string,
  lov?: LovLabel,
): string {
  const labels = item.$labels ?? {};
  switch (key) {
    case '_t':
      return typeLabel(t, item._t);
    case '_i':
      return String(item._i);
    case '_c':
      return item._c?.$id ? (labels[item._c.$id] ?? t('search.someone')) : t('item.system');
    case '_c.ts':
    case '_m.ts': {
      const d = itemDate(item, key);
      return d ? formatDate(d) : '';
    }
    case '$access':
      return accessLabel(t, item.$access);
    case 'owner':
      return item.owner ? (labels[item.owner] ?? t('search.notShown')) : '';
    default:
      break;
  }
  const prop = type?.allProperties[key];
  const v = item[key];
  if (!prop || isEmptyValue(v)) return isEmptyValue(v) ? '' : String(v);
  if (prop.kind === 'relation') {
    const ids = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
    return [...new Set(ids.map((id) => labels[id] ?? t(hiddenKey(id))))].join(', ');
  }
  if (prop.registeredKind && typeof v === 'string') return enumLabel(t, v);
  if (prop.kind === 'lov' && prop.lov && lov) {
    const list = prop.lov;
    return (Array.isArray(v) ? v : [v])
      .map((k) => lov(list, String(k), item.owner ?? null) ?? String(k))
      .join(', ');
  }
  return displayValue(t, prop, v);
}
