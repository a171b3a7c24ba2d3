import type { DemoSeed, ItemService } from '../../../server/module-api';

/** Riverbend's invented layers: traditional-use sites (some PRIVATE), trap lines, a harvesting area. */
export async function seedDemoLayers(_items: ItemService, _demo: DemoSeed): Promise<void> {}
