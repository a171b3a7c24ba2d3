import type { App } from '../../src/server/app';
import type { WsClient } from '../helpers/ws-client';
import type { Rng } from './prng';

// The access invariant's world (test/fuzz/access-invariant.ts): the people, the items the acts
// play on, and the secrets the oracle keeps. Shared by the acts in their own files
// (invariant-send.ts, invariant-import.ts).

export type Who = 'admin' | 'orgAdmin' | 'editor' | 'staff' | 'member' | 'elder' | 'proponent' | 'outsider';
export const PEOPLE: Who[] = [
  'admin',
  'orgAdmin',
  'editor',
  'staff',
  'member',
  'elder',
  'proponent',
  'outsider',
];
export const LEVELS = ['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE'] as const;

export interface Secret {
  word: string;
  /** The item whose readers may read it (a message's first thread, a file, an Import). */
  source: string;
  /** Where it is written (the item itself, the message, the file, the imported row). */
  holder: string;
  current: boolean;
  readers: Set<Who>;
  /**
   * Sources that count from a step on: the thread a file was sent to, an imported row. A send or
   * an import is judged at its own step against the source (and whom it was addressed to); from
   * the next step the copy is the destination's content, and whoever shares the destination
   * shares it (docs/access-model.md "Derived paths").
   */
  later?: { id: string; from: number }[];
}

export interface Violation {
  step: number;
  act: string;
  who: Who;
  path: string;
  secret: string;
  source: string;
}

export interface World {
  app: App;
  url: string;
  wsUrl: string;
  users: Record<Who, { id: string; email: string }>;
  /** Each person's bearer token, for the HTTP routes (uploads, file downloads). */
  tokens: Map<Who, string>;
  orgs: { riverbend: string; pipeline: string };
  elders: string;
  clients: Map<Who, WsClient>;
  blocked: Set<Who>;
  /** A second admin's masquerade session: it reads as `as`, and is checked as `as`. */
  masq: { client: WsClient; as: Who; token: string } | null;
  masquerader: { id: string; email: string };
  items: string[];
  threads: string[];
  /** Attachments with bytes: the response's files and the copies a send made. */
  files: string[];
  /** The consultation's response whose files a send copies (null if the setup was refused). */
  response: string | null;
  /** The CSV Imports made so far (an import may add a file to one of them). */
  imports: string[];
  /** How many file copies the sends made, and rows the imports made (for the report). */
  copies: number;
  imported: number;
  secrets: Secret[];
  /** The step being played (the oracle's clock for `Secret.later`). */
  step: number;
}

export type Act = (w: World, rng: Rng, who: Who) => Promise<boolean>;

export function secretWord(rng: Rng): string {
  let s = 'zq';
  for (let i = 0; i < 10; i++) s += String.fromCharCode(97 + rng.int(0, 25));
  return s;
}

export const parts = (id: string) => ({
  _t: id.slice(0, id.lastIndexOf('-')),
  _i: Number(id.slice(id.lastIndexOf('-') + 1)),
});

/** An act's reply body, or null when it was refused (a refusal is a fine outcome). */
export async function call(
  w: World,
  who: Who,
  o: string,
  b: unknown,
): Promise<({ $id: string } & Record<string, unknown>) | null> {
  const c = w.clients.get(who);
  if (!c || w.blocked.has(who)) return null;
  const f = await c.request(o, b);
  const body = f.b as { erred?: boolean } & Record<string, unknown>;
  return body && body.erred ? null : (body as { $id: string } & Record<string, unknown>);
}

export async function currentVersion(w: World, who: Who, id: string): Promise<number | null> {
  const r = await call(w, who, `read/${id}`, undefined);
  return r && typeof r.$version === 'number' ? r.$version : null;
}
