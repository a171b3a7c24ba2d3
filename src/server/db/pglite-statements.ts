import type { PGlite, Transaction } from '@electric-sql/pglite';

// Named statements on PGlite (issue 21). PGlite runs every query as an unnamed statement, so the
// write path's few hot statements were parsed and planned at every call: planning asks each of a
// table's indexes its size, which in PGlite is a file-system call through Node (`fstat` was 9 % of
// the server's CPU under updates). SQL's own PREPARE and EXECUTE name them instead: a bare probe
// of the locked read and the write went from 1,975 to 3,400 updates a second, 8 per transaction.
// A prepared statement outlives a rolled-back transaction (checked on PGlite 0.5), so a name once
// prepared stays prepared for the database's one session.

/** Per PGlite session: each statement name, being prepared or ready. */
type Prepared = Map<string, 'preparing' | 'ready'>;
const sessions = new WeakMap<object, Prepared>();

/** Follows the statements prepared on `client`, and in every transaction it opens. */
export function followPreparedStatements(client: PGlite): void {
  const prepared: Prepared = new Map();
  sessions.set(client, prepared);
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      sessions.set(tx, prepared);
      return fn(tx);
    });
}

interface Query {
  sql: string;
  params: unknown[];
}

/**
 * What to send for the statement `q` named `name` through drizzle's PGlite `client` (the PGlite
 * or one of its transactions): EXECUTE once the statement is prepared, after preparing it with
 * `run` the first time. `q` itself where the client is not followed, a value cannot be written
 * as a literal, or another caller is preparing the same name right now: that caller may be
 * waiting for this caller's transaction to end, so this one does not wait for it.
 */
export async function pgliteStatement(
  client: unknown,
  name: string,
  q: Query,
  run: (q: Query) => Promise<unknown>,
): Promise<Query> {
  const prepared = typeof client === 'object' && client !== null ? sessions.get(client) : undefined;
  const args = prepared && executeArguments(q.params);
  if (!prepared || args === undefined) return q;
  const state = prepared.get(name);
  if (state === 'preparing') return q;
  if (!state) {
    prepared.set(name, 'preparing');
    try {
      await run({ sql: `prepare ${name} as ${q.sql}`, params: [] });
    } catch (e) {
      prepared.delete(name);
      throw e;
    }
    prepared.set(name, 'ready');
  }
  return { sql: `execute ${name}(${args})`, params: [] };
}

/**
 * EXECUTE's argument list for `params`, each a string literal (PostgreSQL casts it to the
 * parameter's type, as it does a parameter sent as text); undefined if a value is not a plain
 * string, number, boolean or null, and the statement then runs as it always did.
 */
function executeArguments(params: readonly unknown[]): string | undefined {
  const out: string[] = [];
  for (const v of params) {
    if (v === null || v === undefined) out.push('null');
    else if (typeof v === 'string') out.push(literal(v));
    else if (typeof v === 'number' && Number.isFinite(v)) out.push(`'${v}'`);
    else if (typeof v === 'boolean' || typeof v === 'bigint') out.push(`'${v}'`);
    else return undefined;
  }
  return out.join(', ');
}

/** An escape-string literal: the same text whatever `standard_conforming_strings` says. */
function literal(s: string): string {
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
