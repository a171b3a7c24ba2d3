import { sql } from 'drizzle-orm';
import type { ChartSeries } from '../../../kernel/dashboard';
import type { Registry } from '../../../kernel/registry';
import {
  grantedItemIds,
  query,
  readableSql,
  type ActCall,
  type Executor,
  type Principal,
} from '../../../server/module-api';

// The research dashboard's activity chart (docs/research.md "Dashboard"): interviews held and data
// points coded per month. An interview counts in the month it started (its creation when it has
// no start); a data point in its interview's month, the day it was told, or its own creation when
// it has none. Only what the person may read is counted (the policy's SQL form, readableSql),
// the interview a data point is dated by too, so a proponent counts nothing. Land-use studies
// run in campaigns, often years back: the twelve months shown end with the latest month that has
// any, not with today, so a finished study still shows its shape.

export const CHART_MONTHS = 12;

/** 'YYYY-MM' of the CHART_MONTHS months ending with `last` ('YYYY-MM'), oldest first. */
export function monthsEndingAt(last: string): string[] {
  const [y, m] = last.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let k = CHART_MONTHS - 1; k >= 0; k--)
    out.push(new Date(Date.UTC(y, m - 1 - k, 1)).toISOString().slice(0, 7));
  return out;
}

interface Row {
  kind: 'a' | 'd';
  m: string;
  n: number;
}

export async function activityChart(
  ex: Executor,
  registry: Registry,
  p: Principal,
  now: Date,
): Promise<ChartSeries> {
  const granted = await grantedItemIds(ex, p);
  const readA = readableSql(p, registry, 'a', ['ResearchActivity'], { granted });
  const readD = readableSql(p, registry, 'd', ['ResearchData'], { granted });
  const readJ = readableSql(p, registry, 'j', ['ResearchActivity'], { granted });
  // A start is an ISO dateTime; months are counted in UTC.
  const rows = await query<Row>(
    ex,
    sql`with dated as (
        select 'a' as kind, coalesce((a.data->>'start')::timestamptz, a.created_at) as at from items a
          where a.type = 'ResearchActivity' and not a.deleted and ${readA}
        union all
        select 'd', coalesce((j.data->>'start')::timestamptz, d.created_at) from items d
          left join items j on j.id = d.data->>'activity' and j.type = 'ResearchActivity'
            and not j.deleted and ${readJ}
          where d.type = 'ResearchData' and not d.deleted and ${readD})
      select kind, to_char(at at time zone 'UTC', 'YYYY-MM') as m, count(*)::int as n
        from dated where at <= ${now.toISOString()}::timestamptz group by 1, 2`,
  );
  const latest = rows.reduce((top, r) => (r.m > top ? r.m : top), '');
  const months = monthsEndingAt(latest || now.toISOString().slice(0, 7));
  const count = (kind: Row['kind'], m: string) => rows.find((r) => r.kind === kind && r.m === m)?.n ?? 0;
  const total = (kind: Row['kind']) => months.reduce((n, m) => n + count(kind, m), 0);
  return {
    categories: months,
    series: [
      {
        key: 'interviews',
        labelKey: 'research.desk.chart.interviews',
        values: months.map((m) => count('a', m)),
      },
      { key: 'data', labelKey: 'research.desk.chart.data', values: months.map((m) => count('d', m)) },
    ],
    summary: [
      { key: 'interviews', labelKey: 'research.desk.chart.interviewsTotal', value: total('a') },
      { key: 'data', labelKey: 'research.desk.chart.dataTotal', value: total('d') },
    ],
  };
}

export async function resActivityChart({ services, principal }: ActCall<Record<string, never>>) {
  return activityChart(services.items.db, services.registry, principal, new Date());
}
