import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/open';
import type { Hub } from '../ws/hub';
import { readSetting } from './settings';

/** Site-wide changes every node must pass on to its sockets (wording, navigation). */
export const SITE_CHANNEL = 'ckk_site';

/**
 * 'locale': the wording of a language changed (a `localeOverrides` push). 'setting': a site
 * setting was saved; its value, as stored, is pushed under its key's name (core's menuItems).
 */
export type SiteEvent = { kind: 'locale'; language: string } | { kind: 'setting'; key: string };

/** Queued inside the writing transaction, so other nodes hear of it only if it commits. */
export async function notifySite(ex: Executor, e: SiteEvent): Promise<void> {
  await ex.execute(sql`select pg_notify(${SITE_CHANNEL}, ${JSON.stringify(e)})`);
}

export interface SiteLog {
  warn(obj: unknown, msg: string): void;
}

/**
 * Pushes `localeOverrides` {language} and saved settings (e.g. `menuItems` {hidden, order}) to
 * this node's signed-in sockets. Neither carries item data, so there is no per-item access to
 * judge; the wording and the settings are the same for everyone.
 */
export async function startSiteEvents(database: Database, hub: Hub, log: SiteLog) {
  return database.listen(SITE_CHANNEL, (payload) => {
    void (async () => {
      const e = JSON.parse(payload) as SiteEvent;
      const targets = [...hub.sessions].filter((s) => s.userId);
      if (e.kind === 'locale') for (const s of targets) s.push('localeOverrides', { language: e.language });
      else {
        const value = await readSetting(database.db, e.key);
        for (const s of targets) s.push(e.key, value);
      }
    })().catch((err: unknown) => log.warn({ err, payload }, 'site event not delivered'));
  });
}
