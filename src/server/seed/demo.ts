import type { FileStorage } from '../files/storage';
import type { ItemService } from '../items/item-service';
import { loadServerModules } from '../server-modules';
import type { ServerModule } from '../services';

// The demo data of a first start (DEMO_DATA): each module's server half seeds its own
// (ServerModule.seedDemo), in the one list's order, so a module's demo builds on what the
// modules it requires made. Nothing here is real community data.

export const DEMO_PASSWORD = 'riverbend-demo-2026';

export interface DemoSignIn {
  email: string;
  password: string;
  who: string;
}

/** What a module's `seedDemo` gets besides the item service. */
export interface DemoSeed {
  /** The one password of every demo account (printed at start). */
  readonly password: string;
  /** Lists a demo account in the start-up banner. */
  signIn(s: DemoSignIn): void;
  /**
   * Ids by name, shared between the modules' demos (core sets `org.riverbend`,
   * `user.<email>`, …), so a later module's demo links to what an earlier one made.
   */
  readonly ids: Map<string, string>;
  /**
   * The node's file store, for demo items with files (the archive's photographs and recording);
   * absent where a test seeds without one: a demo then makes its items without their files.
   */
  readonly files?: FileStorage;
}

/** Seeds every module's demo data; returns the sign-ins to print. */
export async function seedDemo(
  items: ItemService,
  modules?: readonly ServerModule[],
  files?: FileStorage,
): Promise<DemoSignIn[]> {
  const halves = modules ?? (await loadServerModules());
  const signIns: DemoSignIn[] = [];
  const seed: DemoSeed = {
    password: DEMO_PASSWORD,
    signIn: (s) => signIns.push(s),
    ids: new Map(),
    ...(files ? { files } : {}),
  };
  for (const m of halves) await m.seedDemo?.(items, seed);
  return signIns;
}
