import { sql } from 'drizzle-orm';
import {
  compose,
  activePrincipal,
  query,
  siteLink,
  SYSTEM,
  type ItemRow,
  type ModuleLog,
  type Services,
} from '../../../../server/module-api';
import { prefOf } from './prefs';

/** Contact `notify` when a user has no Contact or the Contact says nothing (docs/decisions.md). */
export const DEFAULT_MAIL_PREF = 'DIGEST';

/** How often a node looks for notifications to mail at once (spec: within a minute). */
export const IMMEDIATE_INTERVAL_MS = 30_000;

const KIND_TEXT: Record<string, string> = {
  assigned: 'You were assigned',
  due: 'Due soon',
  reply: 'New reply',
  created: 'New item',
  updated: 'Changed',
};

/**
 * Claims the unread, never-mailed notifications of recipients whose mail preference is `pref`,
 * in one transaction: the rows are locked with SKIP LOCKED, so two nodes (or a restart mid-way)
 * never claim the same row twice, and each gets `mailedAt` through the item service. The claim
 * is a system marker, not news: a touchOnly patch (its `$version` stays, so the recipient's
 * open marks are not refused) recorded as a 'mailed' event, with its NOTIFY, so every node's
 * cache and watchers see it. A mail that then fails to send releases its rows for the next run.
 */
async function claim(services: Services, pref: 'IMMEDIATE' | 'DIGEST', now: Date): Promise<string[]> {
  const { items } = services;
  const mailedAt = now.toISOString();
  return items.transaction(async (tx) => {
    const rows = await query<{ id: string }>(
      tx,
      sql`select n.id from items n
        where n.type = 'Notify' and not n.deleted and not (n.data ? 'mailedAt')
          and coalesce((n.data->>'unread')::boolean, false) and n.created_at <= ${mailedAt}::timestamptz
          and coalesce((select c.data->>'notify' from items c where c.type = 'Contact' and not c.deleted
                and c.data->>'user' = n.data->>'recipient' order by c.num limit 1), ${DEFAULT_MAIL_PREF}) = ${pref}
        order by n.num
        for update of n skip locked`,
    );
    for (const { id } of rows)
      await items.patchIn(tx, SYSTEM, id, { mailedAt }, { touchOnly: true, event: 'mailed', actor: null });
    return rows.map((r) => r.id);
  });
}

/** Gives claimed notifications back (their mail failed): `mailedAt` goes, as a 'mailFailed' event. */
async function release(services: Services, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { items } = services;
  await items.transaction(async (tx) => {
    for (const id of ids)
      await items.patchIn(
        tx,
        SYSTEM,
        id,
        { mailedAt: null },
        { touchOnly: true, event: 'mailFailed', actor: null },
      );
  });
}

/**
 * Mails each recipient one message listing their claimed notifications, re-checking access at
 * send time: a notification whose context the recipient may no longer read is left out (its
 * title never reaches the mail), and a recipient left with nothing gets no mail.
 */
async function mailClaimed(services: Services, ids: string[], digest: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  // As the system: the claimed notifications; each is checked (canRow) for its recipient below.
  const rows = [...(await services.items.readRows(ids)).values()];
  const byRecipient = new Map<string, ItemRow[]>();
  for (const r of rows) {
    const to = r.data.recipient as string;
    byRecipient.set(to, [...(byRecipient.get(to) ?? []), r]);
  }
  const { config } = services;
  let sent = 0;
  for (const [userId, list] of byRecipient) {
    // Asked again at send time: an account blocked since is mailed nothing.
    const p = await activePrincipal(services.items.db, userId);
    // As the system: the recipient's own User, for their address and name.
    const user = await services.items.readRow(userId);
    const email = user?.data.email;
    if (!p || typeof email !== 'string') continue;
    const lines: string[] = [];
    for (const n of list.sort((a, b) => a.num - b.num)) {
      if (!(await services.items.canRow(p, 'read', n))) continue;
      // PREFS: in the bell, never by e-mail.
      if ((await prefOf(services.items.db, userId, String(n.data.context))) === 'PREFS') continue;
      // As the system: the context is named in the mail only if the recipient may read it (canRow just
      // below).
      const context =
        typeof n.data.context === 'string' ? await services.items.readRow(n.data.context) : undefined;
      if (!context || !(await services.items.canRow(p, 'read', context))) continue;
      // A module's own kinds are worded in its titles (ModuleManifest.titles), as the bell reads them.
      const kind = String(n.data.kind);
      const what = KIND_TEXT[kind] ?? services.registry.titles.get(`notifications.kind.${kind}`) ?? 'Update';
      lines.push(`${what}: ${services.items.labelOf(context)}\n${siteLink(config, `/i-${context.id}`)}`);
    }
    if (lines.length === 0) continue;
    const subject = digest
      ? `Your daily summary from ${config.siteName}`
      : `${lines.length === 1 ? 'A new notification' : `${lines.length} new notifications`} on ${config.siteName}`;
    const name = typeof user?.data.name === 'string' ? user.data.name : '';
    const mail = compose(email, subject, [
      name ? `Hello ${name},` : 'Hello,',
      digest ? 'Here is what happened on the items you follow:' : 'Something changed on items you follow:',
      ...lines,
      `All your notifications: ${siteLink(config, '/notifications')}`,
      'You can choose immediate mails, a daily summary or no mail in your contact details.',
    ]);
    try {
      await services.mailer.send(mail);
      sent++;
    } catch (e) {
      await release(
        services,
        list.map((n) => n.id),
      );
      throw e;
    }
  }
  return sent;
}

/** Mails recipients who asked for IMMEDIATE mail; returns how many mails went out. */
export async function sendImmediate(services: Services, now = new Date()): Promise<number> {
  return mailClaimed(services, await claim(services, 'IMMEDIATE', now), false);
}

/**
 * The daily digest: one mail per DIGEST recipient with every unread notification not yet
 * mailed, created up to `now`. Meant to run once a day (e.g. a pg-boss cron job calling
 * `sendDigests(services, new Date())`); running it twice mails nothing twice.
 */
export async function sendDigests(services: Services, now = new Date()): Promise<number> {
  return mailClaimed(services, await claim(services, 'DIGEST', now), true);
}

/** The in-node timer for immediate mails; every node may run it (claims never overlap). */
export function startImmediateMailer(services: Services, log: ModuleLog, intervalMs = IMMEDIATE_INTERVAL_MS) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= sendImmediate(services)
      .catch((e: unknown) => log.warn({ err: e }, 'notification mail failed'))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
