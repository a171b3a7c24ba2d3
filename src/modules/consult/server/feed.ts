import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ical, { type ICalCalendar } from 'ical-generator';
import {
  activePrincipal,
  AppError,
  query,
  refuseWhileMasquerading,
  SYSTEM,
  type ActCall,
  type Executor,
  type Principal,
  type Services,
} from '../../../server/module-api';

// A person's calendar feed (issue 16 "Calendar feeds"; docs/calendar-feed.md): a secret link a
// calendar program fetches, holding the person's deadlines and meetings. The secret is 32 random
// bytes shown once; only its hash is stored (CalendarFeed, a personal PRIVATE item). Every fetch
// finds the person again, refuses a blocked or removed account, and asks search as that person,
// so the feed holds only what they may read at that moment: a membership lost, an item made
// PRIVATE, and the next fetch leaves it out.

export const FEED_PATH = '/ical/feed.ics';
/** The window a feed covers: what is past by more than this is left out… */
const PAST_DAYS = 90;
/** …and what is further ahead than this. */
const AHEAD_DAYS = 2 * 365;
/** The most items of each kind a feed lists: a calendar, not an export. */
const MAX_PER_KIND = 1000;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

async function feedOf(ex: Executor, userId: string) {
  const [row] = await query<{ id: string; version: number; renewed: string | null }>(
    ex,
    sql`select id, version, data->>'renewed' as renewed from items
      where type = 'CalendarFeed' and created_by = ${userId} and not deleted order by num desc limit 1`,
  );
  return row ?? null;
}

function needUser(p: Principal): string {
  if (!p.userId) throw new AppError('notAllowed', 'a calendar feed is a signed-in person’s');
  return p.userId;
}

export async function calFeedStatus({ services, principal }: ActCall<Record<string, never>>) {
  const feed = await feedOf(services.items.db, needUser(principal));
  return { on: feed !== null, renewed: feed?.renewed ?? null };
}

export async function calFeedRenew({ services, principal }: ActCall<Record<string, never>>) {
  const userId = needUser(principal);
  // The link would serve the target's deadlines to the admin after the masquerade ended.
  refuseWhileMasquerading(principal, 'a calendar feed');
  const secret = randomBytes(32).toString('base64url');
  const renewed = new Date().toISOString();
  const { items } = services;
  await items.transaction(async (tx) => {
    const old = await feedOf(tx, userId);
    // The feed is the person's own, but only the server writes its hash: as the system, for them.
    if (old) await items.deleteIn(tx, SYSTEM, old.id);
    await items.createIn(
      tx,
      SYSTEM,
      'CalendarFeed',
      { name: 'Calendar feed', tokenHash: hashOf(secret), renewed },
      { actor: userId },
    );
  });
  const url = `${services.config.publicUrl.replace(/\/+$/, '')}${FEED_PATH}?t=${secret}`;
  return { on: true, renewed, url };
}

export async function calFeedRevoke({ services, principal }: ActCall<Record<string, never>>) {
  const userId = needUser(principal);
  const { items } = services;
  await items.transaction(async (tx) => {
    const old = await feedOf(tx, userId);
    if (old) await items.deleteIn(tx, SYSTEM, old.id);
  });
  return { on: false, renewed: null };
}

type Wire = Record<string, unknown> & { $id: string };

/** Items of a type with a date property in the window, as the person may read them. */
async function readableDated(
  services: Services,
  p: Principal,
  type: string,
  key: string,
  from: string,
  to: string,
  more: Record<string, (string | number | boolean | null)[]> = {},
): Promise<{ items: Wire[]; labels: Record<string, string> }> {
  const found = await services.search.search(p, {
    must: { _t: [type], [key]: [`${from}..${to}`], ...more },
    sort: [{ key, order: 'asc' }],
    labels: true,
    max: MAX_PER_KIND,
  });
  if (found.ids.length === 0) return { items: [], labels: {} };
  const read = await services.items.readMany(p, found.ids);
  const items = found.ids
    .map((id) => read[id] as (Wire & { erred?: boolean }) | undefined)
    .filter((w): w is Wire => !!w && !w.erred);
  return { items, labels: found.labels ?? {} };
}

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isTime = (v: unknown): v is string => typeof v === 'string' && /^\d{2}:\d{2}$/.test(v);

/** An all-day event on a calendar date (no time zone: the day is the day wherever one is). */
function dayEvent(cal: ICalCalendar, uid: string, date: string, summary: string, url: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  cal.createEvent({
    id: uid,
    start: new Date(Date.UTC(y, m - 1, d)),
    allDay: true,
    summary,
    url,
  });
}

/** The feed's text for this person now; the words are the feed's own (calendar programs show them as is). */
export async function feedCalendar(services: Services, p: Principal, now = new Date()): Promise<string> {
  const from = new Date(now.getTime() - PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(now.getTime() + AHEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const host = new URL(services.config.publicUrl).host || 'ckk';
  const link = (id: string) => `${services.config.publicUrl.replace(/\/+$/, '')}/i-${id}`;
  const cal = ical({
    name: `${services.config.siteName}: deadlines and meetings`,
    prodId: '//ckk//calendar feed//EN',
  });

  const consultations = await readableDated(services, p, 'Consultation', 'requestedResponseDate', from, to);
  for (const c of consultations.items)
    if (isDate(c.requestedResponseDate))
      dayEvent(
        cal,
        `${c.$id}-requested@${host}`,
        c.requestedResponseDate,
        `Response requested: ${consultations.labels[c.$id] ?? c.$id}`,
        link(c.$id),
      );

  const responses = await readableDated(services, p, 'ConsultResponse', 'anticipatedResponse', from, to);
  for (const r of responses.items)
    if (isDate(r.anticipatedResponse))
      dayEvent(
        cal,
        `${r.$id}-due@${host}`,
        r.anticipatedResponse,
        `Response due: ${responses.labels[r.$id] ?? r.$id}`,
        link(r.$id),
      );

  // The person's own open steps with a due date, on items they may read.
  const mine = await readableDated(services, p, 'ConsultResponse', '_wf.$assignedDue', from, to, {
    '_wf.$assigned': [p.userId],
  });
  for (const item of mine.items) {
    const steps = ((item._wf as { steps?: unknown[] } | undefined)?.steps ?? []) as {
      id: string;
      label: string;
      state: string;
      assignedTo: string | null;
      dueDate: string | null;
    }[];
    for (const s of steps)
      if (s.assignedTo === p.userId && (s.state === 'ACTIVE' || s.state === 'PENDING') && isDate(s.dueDate))
        dayEvent(
          cal,
          `${item.$id}-step-${s.id}@${host}`,
          s.dueDate,
          `Step due: ${s.label} (${mine.labels[item.$id] ?? item.$id})`,
          link(item.$id),
        );
  }

  const meetings = await readableDated(services, p, 'Meeting', 'date', from, to);
  for (const m of meetings.items) {
    if (!isDate(m.date)) continue;
    const summary = `Meeting: ${meetings.labels[m.$id] ?? m.$id}`;
    if (isTime(m.start)) {
      // Meeting times are the site's clock, UTC (types.ts Meeting); an hour when no end is given.
      const start = new Date(`${m.date}T${m.start}:00.000Z`);
      const end =
        isTime(m.end) && m.end > m.start
          ? new Date(`${m.date}T${m.end}:00.000Z`)
          : new Date(start.getTime() + 3_600_000);
      cal.createEvent({ id: `${m.$id}@${host}`, start, end, summary, url: link(m.$id) });
    } else dayEvent(cal, `${m.$id}@${host}`, m.date, summary, link(m.$id));
  }
  return cal.toString();
}

/**
 * GET /ical/feed.ics?t={secret}: the secret goes in the query string, which the request log leaves
 * out (http/request-log.ts). A wrong, renewed or revoked secret, or a blocked account: 404, the same
 * answer as for a secret that never existed.
 */
export function feedRoutes(fastify: FastifyInstance, services: Services): void {
  fastify.get(FEED_PATH, async (req, reply) => {
    const secret = (req.query as { t?: unknown }).t;
    const notFound = () => reply.code(404).header('cache-control', 'no-store').send('Not found');
    if (typeof secret !== 'string' || secret.length < 20 || secret.length > 100) return notFound();
    const [feed] = await query<{ created_by: string | null }>(
      services.items.db,
      sql`select created_by from items where type = 'CalendarFeed' and not deleted and data->>'tokenHash' = ${hashOf(secret)}`,
    );
    const p = feed?.created_by ? await activePrincipal(services.items.db, feed.created_by) : null;
    if (!p) return notFound();
    const text = await feedCalendar(services, p);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', 'inline; filename="deadlines.ics"')
      .send(text);
  });
}
