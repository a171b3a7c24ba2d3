import type { ActContracts } from '../kernel/module';
import type { MODULES } from '.';

// Every module's act contracts, as types, derived from the one list: what the client's act()
// and TaskStore.start() are typed by. Types only, so the client's start-up JavaScript carries
// neither zod nor schemas (kernel/act-contract.ts); the server registers the contract values
// through each module's server half (src/server/server-modules.ts). A new module adds nothing here.

type Listed = (typeof MODULES)[number];
/** A union of records as one record with all their keys. */
type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Each module's own contracts; a module without any adds no keys. */
type Own<M, K extends 'acts' | 'asyncActs'> = M extends { readonly [P in K]?: infer C }
  ? C extends ActContracts
    ? C
    : never
  : never;

/** Acts by name (act/{name}). */
export type AppActs = Merged<Own<Listed, 'acts'>>;
/** Async actions by name (act/{name}/async). */
export type AppAsyncActs = Merged<Own<Listed, 'asyncActs'>>;
export type ActName = keyof AppActs & string;
export type AsyncActName = keyof AppAsyncActs & string;
