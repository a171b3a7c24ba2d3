import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database next to `base`'s, for one bench run; null when PostgreSQL does not answer.
 * The drop is registered through `onCleanup` before the create, so a create that half-succeeds
 * is still dropped.
 */
export async function makePgDatabase(
  base: string,
  onCleanup: (name: string, fn: () => Promise<void>) => void,
): Promise<string | null> {
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (e) {
    console.log(
      `postgres: not reachable at ${base} (${e instanceof Error ? e.message : String(e)}), skipped`,
    );
    await admin.end().catch(() => undefined);
    return null;
  }
  const name = `ckk_bench_${randomBytes(5).toString('hex')}`;
  onCleanup(`drop database ${name}`, async () => {
    const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3_000 });
    await c.connect();
    try {
      await c.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await c.end();
    }
  });
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
