import type { CoreActs, CoreAsyncActs } from './core/contract';

// Every module's act contracts, as types: what the client's act() and TaskStore.start() are
// typed by. Types only, so the client's start-up JavaScript carries neither zod nor schemas
// (kernel/act-contract.ts); the server registers the contract values through each module's
// server half (modules/server-index.ts). A new module adds its contract types here.

/** Acts by name (act/{name}). */
export type AppActs = CoreActs;
/** Async actions by name (act/{name}/async). */
export type AppAsyncActs = CoreAsyncActs;
export type ActName = keyof AppActs & string;
export type AsyncActName = keyof AppAsyncActs & string;
