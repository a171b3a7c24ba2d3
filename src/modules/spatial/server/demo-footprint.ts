import type { DemoSeed, ItemService } from '../../../server/module-api';

/** A proponent's invented project footprint (on a consult demo consultation) crossing some of the layers. */
export async function seedDemoFootprint(_items: ItemService, _demo: DemoSeed): Promise<void> {}
