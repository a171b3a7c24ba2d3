import { bboxOf, checkGeometry, unionBBox, type BBox, type Geometry } from '../../kernel/geometry';
import type { ItemType } from '../../kernel/item-type';

/**
 * The box the database filters by (items.bbox, migration 0010): the union of the item's geometry
 * properties' boxes, as PostgreSQL box text, or null when it holds none. Values reach here
 * validated; one that is not a geometry (a system write) is left out rather than guessed at.
 */
export function bboxText(t: ItemType, data: Readonly<Record<string, unknown>>): string | null {
  let box: BBox | null = null;
  for (const [name, p] of Object.entries(t.properties)) {
    if (p.kind !== 'geometry') continue;
    const v = data[name];
    for (const g of p.list && Array.isArray(v) ? v : [v]) {
      if (g === undefined || g === null || checkGeometry(g) !== null) continue;
      box = unionBBox(box, bboxOf(g as Geometry));
    }
  }
  return box ? `((${box[0]},${box[1]}),(${box[2]},${box[3]}))` : null;
}
