import { sql } from 'drizzle-orm';
import type { ChartSeries } from '../../../kernel/dashboard';
import {
  grantedItemIds,
  query,
  readableSql,
  type ActCall,
  type BeforeWriteContext,
  type Executor,
  type Principal,
} from '../../../server/module-api';
import type { Registry } from '../../../kernel/registry';

// The desk's chart (issue 16 "A chart card"; docs/consultation-screens.md): referrals received and
// answered per month over the last 12 months, and the median days to respond. A referral is a
// ConsultResponse (one per community a consultation is distributed to): received when it is made
// (cnsDistribute, its `_c.ts`), answered when it first reaches RESPONDED or OFFLINE (an answer
// given outside the platform still is one), stamped `respondedAt` by the hook below. Only the
// responses the person may read are counted: the aggregation's WHERE is the policy's SQL form
// (readableSql), so a proponent, who may read no community's response, counts none.

/** The states in which a referral has been answered. */
export const ANSWERED_STATES = ['RESPONDED', 'OFFLINE'] as const;
/** Months the chart covers, the current one last. */
export const CHART_MONTHS = 12;

/** ConsultResponse beforeWrite: the first move into an answered state stamps `respondedAt`. */
export async function stampResponded(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete' || !('state' in ctx.data)) return;
  const to = String(ctx.data.state);
  if (!(ANSWERED_STATES as readonly string[]).includes(to)) return;
  if (ctx.current?.data.respondedAt) return;
  ctx.data.respondedAt = (await ctx.items.nowIn(tx)).toISOString();
}

/** 'YYYY-MM' of the CHART_MONTHS months ending with `now`'s, oldest first (UTC). */
export function chartMonths(now: Date): string[] {
  const out: string[] = [];
  for (let k = CHART_MONTHS - 1; k >= 0; k--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

interface Row {
  m: string;
  received: number;
  answered: number;
  median: number | null;
}

/** The chart's numbers as `p` may see them, at `now` (bench/consult.ts calls it as the act does). */
export async function deskChart(
  ex: Executor,
  registry: Registry,
  p: Principal,
  now: Date,
): Promise<ChartSeries> {
  const months = chartMonths(now);
  const from = `${months[0]}-01T00:00:00.000Z`;
  const granted = await grantedItemIds(ex, p);
  const readable = readableSql(p, registry, 'i', ['ConsultResponse'], { granted });
  // One pass over the readable referrals received or answered in the window; months in UTC.
  // `respondedAt` is an ISO string: compared as text, it orders as time does.
  const rows = await query<Row>(
    ex,
    sql`with r as materialized (
        select i.created_at as rec, (i.data->>'respondedAt')::timestamptz as ans from items i
        where i.type = 'ConsultResponse' and ${readable}
          and coalesce(i.data->>'state', '') <> 'NOT_SELECTED'
          and (i.created_at >= ${from}::timestamptz or i.data->>'respondedAt' >= ${from})),
      rec as (select to_char(rec at time zone 'UTC', 'YYYY-MM') as m, count(*)::int as n
        from r where rec >= ${from}::timestamptz group by 1),
      ans as (select to_char(ans at time zone 'UTC', 'YYYY-MM') as m, count(*)::int as n,
          percentile_cont(0.5) within group (order by extract(epoch from ans - rec) / 86400.0) as med
        from r where ans >= ${from}::timestamptz group by 1),
      total as (select percentile_cont(0.5) within group (order by extract(epoch from ans - rec) / 86400.0) as med
        from r where ans >= ${from}::timestamptz)
      select coalesce(rec.m, ans.m, 'all') as m, coalesce(rec.n, 0) as received,
        coalesce(ans.n, 0) as answered, ans.med::float8 as median
        from rec full join ans on rec.m = ans.m
      union all select 'all', 0, 0, med::float8 from total`,
  );
  const byMonth = new Map(rows.filter((r) => r.m !== 'all').map((r) => [r.m, r]));
  const overall = rows.find((r) => r.m === 'all')?.median ?? null;
  const round = (v: number | null | undefined) =>
    v === null || v === undefined ? null : Math.round(v * 10) / 10;
  return {
    categories: months,
    series: [
      {
        key: 'received',
        labelKey: 'consult.desk.chart.received',
        values: months.map((m) => byMonth.get(m)?.received ?? 0),
      },
      {
        key: 'answered',
        labelKey: 'consult.desk.chart.answered',
        values: months.map((m) => byMonth.get(m)?.answered ?? 0),
      },
      {
        key: 'median',
        labelKey: 'consult.desk.chart.medianMonth',
        kind: 'line',
        values: months.map((m) => round(byMonth.get(m)?.median)),
      },
    ],
    summary: [{ key: 'median', labelKey: 'consult.desk.chart.median', value: round(overall) }],
  };
}

export async function cnsDeskChart({ services, principal }: ActCall<Record<string, never>>) {
  return deskChart(services.items.db, services.registry, principal, new Date());
}
