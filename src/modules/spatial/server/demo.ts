import type { DemoSeed, ItemService } from '../../../server/module-api';
import { seedDemoFootprint } from './demo-footprint';
import { seedDemoLayers } from './demo-layers';

/**
 * The spatial demo (issue 15 "Demo data"): invented layers around the invented Riverbend First
 * Nation, then a proponent's footprint that crosses some of them. No real places or real
 * community data.
 */
export async function seedSpatialDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  await seedDemoLayers(items, demo);
  await seedDemoFootprint(items, demo);
}
