import { sql, type SQL } from 'drizzle-orm';
import {
  calendarSearchQuery,
  calendarSources,
  cardSearchQuery,
  resolveCardValues,
  type CardSearchBody,
} from '../../src/kernel/dashboard';
import type { Registry } from '../../src/kernel/registry';
import { consultCards } from '../../src/modules/consult/dashboards';
import { costChart } from '../../src/modules/consult/server/costs/cost-chart';
import { chartMonths, deskChart } from '../../src/modules/consult/server/desk-chart';
import type { Principal } from '../../src/server/access/principal';
import type { Database } from '../../src/server/db/open';
import type { SearchService } from '../../src/server/search/search-service';

// The consultation desk's full load (bench:consult): what the browser asks when a community staff
// member (Consult and ConsultRespond) opens consult.dashboard: every card's search as
// client/dashboards/useCardSearch.ts builds it (`$me`, `$now` resolved), the calendar's four
// sources over the month grid it shows, and the three charts' acts (referrals by month, review
// costs by month and by proponent), all at once as the cards mount.

const HELD = new Set(['Consult', 'ConsultRespond']);

/** The month grid FullCalendar asks for: from the week's start before the 1st, six weeks. */
export function monthGrid(now: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const from = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const to = new Date(from.getTime() + 42 * 86_400_000);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The searches the desk's cards send for this person (capability gates as the client applies them). */
export function deskSearches(me: string, now: Date): CardSearchBody[] {
  const range = monthGrid(now);
  const out: CardSearchBody[] = [];
  for (const card of consultCards) {
    if (card.capability && !HELD.has(card.capability)) continue;
    if (card.anyCapability && !card.anyCapability.some((c) => HELD.has(c))) continue;
    if (card.kind === 'calendar')
      out.push(...calendarSources(card.settings).map((s) => calendarSearchQuery(s, range)));
    else {
      const b = cardSearchQuery(card);
      if (b) out.push(b);
    }
  }
  return out.map((b) => resolveCardValues(b, me, now));
}

/** The whole desk through the search service and the chart's act code, in parallel. */
export function deskLoad(db: Database, registry: Registry, search: SearchService, p: Principal) {
  const now = new Date();
  const bodies = deskSearches(p.userId!, now);
  return Promise.all([
    ...bodies.map((b) => search.search(p, b)),
    deskChart(db.db, registry, p, now),
    costChart(db.db, registry, p, 'month', now),
    costChart(db.db, registry, p, 'proponent', now),
  ]);
}

/** Each of the desk's requests alone, one after another: where the full load's time goes. */
export async function deskParts(
  db: Database,
  registry: Registry,
  search: SearchService,
  p: Principal,
  runs: number,
): Promise<{ name: string; p50: number }[]> {
  const now = new Date();
  const bodies = deskSearches(p.userId!, now);
  const parts: { name: string; run: () => Promise<unknown> }[] = [
    ...bodies.map((b) => ({
      name: `${String(b.must._t)} ${Object.keys(b.must)
        .filter((k) => k !== '_t')
        .join(',')}`,
      run: () => search.search(p, b),
    })),
    { name: 'chart (cnsDeskChart)', run: () => deskChart(db.db, registry, p, now) },
    { name: 'costs by month (cnsCostChart)', run: () => costChart(db.db, registry, p, 'month', now) },
    { name: 'costs by proponent (cnsCostChart)', run: () => costChart(db.db, registry, p, 'proponent', now) },
  ];
  const out: { name: string; p50: number }[] = [];
  for (const part of parts) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await part.run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out.push({ name: part.name, p50: times[Math.floor(runs / 2)]! });
  }
  return out;
}

/**
 * The same desk as bare SQL of the same shapes (`readable` is the community's own rows, what the
 * policy's rule comes to for this person): ids, labels and totals per card, the calendar's items
 * in range, and the chart's aggregation.
 */
export function bareDeskLoad(db: Database, readable: SQL, me: string) {
  const now = new Date();
  const { from, to } = monthGrid(now);
  const d = (iso: string) => iso.slice(0, 10);
  const at = now.toISOString();
  const months = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString();
  const list = (type: string, where: SQL, order: string, max: number) =>
    db.db.execute(sql`with m as materialized (select i.id, i.data from item_search i where i.type = ${type}
        and not i.deleted and ${readable} and ${where})
      select (select json_agg(json_build_array(id, data->>'projectName'))
        from (select id, data from m order by data->>${order}, id limit ${max}) t), (select count(*) from m)`);
  const dated = (type: string, key: string, extra: SQL = sql`true`) =>
    list(type, sql`i.data->>${key} >= ${d(from)} and i.data->>${key} < ${d(to)} and ${extra}`, key, 200);
  const from12 = chartMonths(now)[0]!;
  // The cost charts' shape: the readable entries of the window with their response's community
  // and consultation's proponent, and the readable rates (summed in the act's code, not here).
  const costs = () =>
    Promise.all([
      db.db.execute(sql`select i.type, left(i.data->>'date', 7), i.data->>'hours', i.data->>'role',
          i.data->>'amount', r.owner, c.data->>'primaryOrg', o.data->>'displayName'
        from items i join items r on r.id = i.data->>'response' and r.type = 'ConsultResponse'
        join items c on c.id = r.data->>'consultation' and c.type = 'Consultation'
        left join items o on o.id = c.data->>'primaryOrg' and o.type = 'Organization'
        where i.type in ('ConsultTimeEntry', 'ConsultExpense') and not i.deleted
          and i.data->>'date' >= ${from12} and ${readable}`),
      db.db.execute(sql`select i.owner, i.data->>'role', i.data->>'centsPerHour' from items i
        where i.type = 'ConsultRate' and not i.deleted and ${readable}`),
    ]);
  return Promise.all([
    costs(),
    costs(),
    dated('Consultation', 'requestedResponseDate'),
    dated('ConsultResponse', 'anticipatedResponse'),
    dated(
      'ConsultResponse',
      '_wf.$assignedDue',
      sql`i.data->'_wf.$assigned' @> ${JSON.stringify(me)}::jsonb`,
    ),
    dated('Meeting', 'date'),
    list(
      'ConsultResponse',
      sql`i.data->>'state' = 'PENDING' and i.data->>'anticipatedResponse' <= ${at}`,
      'anticipatedResponse',
      8,
    ),
    list(
      'ConsultResponse',
      sql`i.data->'_wf.$assigned' @> ${JSON.stringify(me)}::jsonb`,
      '_wf.$assignedDue',
      8,
    ),
    list('Consultation', sql`i.data->>'state' in ('SUBMITTED', 'REVIEW')`, 'submitted', 8),
    db.db.execute(sql`with m as materialized (select i.id, x.updated_at from item_search i
        join items x on x.id = i.id where i.type = 'Consultation' and not i.deleted and ${readable})
      select (select json_agg(id) from (select id from m order by updated_at desc, id limit 8) t), (select count(*) from m)`),
    db.db
      .execute(sql`with r as materialized (select i.created_at as rec, (i.data->>'respondedAt')::timestamptz as ans
        from items i where i.type = 'ConsultResponse' and not i.deleted and ${readable}
          and (i.created_at >= ${months}::timestamptz or i.data->>'respondedAt' >= ${months}))
      select to_char(rec at time zone 'UTC', 'YYYY-MM'), count(*) from r where rec >= ${months}::timestamptz group by 1
      union all select to_char(ans at time zone 'UTC', 'YYYY-MM'), count(*) from r where ans >= ${months}::timestamptz group by 1
      union all select 'median', percentile_cont(0.5) within group (order by extract(epoch from ans - rec))
        from r where ans >= ${months}::timestamptz`),
  ]);
}
