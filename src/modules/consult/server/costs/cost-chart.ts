import { sql } from 'drizzle-orm';
import type { ChartSeries } from '../../../../kernel/dashboard';
import type { Registry } from '../../../../kernel/registry';
import {
  grantedItemIds,
  query,
  queryShared,
  readableSql,
  type ActCall,
  type Executor,
  type Principal,
} from '../../../../server/module-api';
import { entryCost } from '../../costs-money';
import { chartMonths } from '../desk-chart';

// The desk's review-cost charts (issue 37 Deliver 8, "the desk's chart can show costs by month
// and by proponent"): the logged time at the community's rates and the expenses at cost, summed
// per month of the entry's date (the last 12 months), or per proponent over the same months.
// Every row is read through the policy's SQL form as the caller: the entries (which follow their
// response, so never a proponent's), their response and consultation, the rates, and the
// proponent's name (one the caller may not read is "not shown", never named). Money is whole
// cents, summed as integers, exactly as the invoice sums it (costs-money.ts).

/** Proponents named on the chart; the rest are summed as "Others". */
export const COST_CHART_PROPONENTS = 8;

export type CostChartBy = 'month' | 'proponent';

interface EntryRow {
  type: 'ConsultTimeEntry' | 'ConsultExpense';
  m: string;
  hours: number | null;
  role: string | null;
  amount: string | null;
  community: string;
  org: string | null;
  org_name: string | null;
}

/** The chart's numbers as `p` may see them, at `now`. */
export async function costChart(
  ex: Executor,
  registry: Registry,
  p: Principal,
  by: CostChartBy,
  now: Date,
): Promise<ChartSeries> {
  const months = chartMonths(now);
  const granted = await grantedItemIds(ex, p);
  const entry = readableSql(p, registry, 'i', ['ConsultTimeEntry', 'ConsultExpense'], { granted });
  const response = readableSql(p, registry, 'r', ['ConsultResponse'], { granted });
  const consultation = readableSql(p, registry, 'c', ['Consultation'], { granted });
  const org = readableSql(p, registry, 'o', ['Organization'], { granted });
  const rate = readableSql(p, registry, 'i', ['ConsultRate'], { granted });
  // From the readable responses (their access index picks a community's own out of every
  // community's) to their entries in the chart's months: the entries of the responses' owners,
  // one type at a time by each type's (owner, date) index (an entry lives with its response's
  // owner: costs-rules.ts), joined to the readable responses and checked again by their own
  // rule. Probing each readable response for its entries instead (by the `response` index) was
  // 6,000 probes for the bench's officer, most of the chart's ~50 ms; one probe for both types
  // matched no partial index and read every community's 72,000 entries. The consultation and
  // its proponent are looked up for the entries found only: a response whose consultation the
  // reader may not read still counts, its proponent "not shown". The month and proponent cards
  // ask at once: one read serves both (queryShared).
  const since = months[0]!;
  const ofType = (type: string) =>
    sql`select * from items i where i.type = ${type} and not i.deleted
      and i.owner = any(array(select distinct owner from r)) and i.data->>'date' >= ${since}`;
  const rows = await queryShared<EntryRow>(
    ex,
    sql`with r as materialized (
        select r.id, r.owner, r.data->>'consultation' as cid from items r
        where r.type = 'ConsultResponse' and ${response}),
      e as materialized (
        select i.type, i.data, r.owner, r.cid
        from (${ofType('ConsultTimeEntry')} union all ${ofType('ConsultExpense')}) i
        join r on r.id = i.data->>'response'
        where ${entry})
      select e.type, left(e.data->>'date', 7) as m,
        case when jsonb_typeof(e.data->'hours') = 'number' then (e.data->>'hours')::float8 end as hours,
        e.data->>'role' as role,
        case when jsonb_typeof(e.data->'amount') = 'number' then e.data->>'amount' end as amount,
        e.owner as community, case when ${consultation} then c.data->>'primaryOrg' end as org,
        case when ${consultation} and ${org} then o.data->>'displayName' end as org_name
      from e
      left join items c on c.id = e.cid and c.type = 'Consultation' and not c.deleted
      left join items o on o.id = c.data->>'primaryOrg' and o.type = 'Organization' and not o.deleted`,
  );
  // Each community's rates, oldest first: a later rate for the same role replaces an earlier one.
  const rateRows = await query<{ owner: string; role: string; cents: number }>(
    ex,
    sql`select i.owner, i.data->>'role' as role, (i.data->>'centsPerHour')::bigint::int as cents
      from items i where i.type = 'ConsultRate' and not i.deleted and ${rate}
        and jsonb_typeof(i.data->'centsPerHour') = 'number'
      order by i.created_at asc, i.num asc`,
  );
  const rates = new Map<string, Map<string, number>>();
  for (const r of rateRows) {
    const m = rates.get(r.owner) ?? new Map<string, number>();
    m.set(r.role, r.cents);
    rates.set(r.owner, m);
  }

  const inWindow = new Set(months);
  const time = new Map<string, number>();
  const spent = new Map<string, number>();
  const names = new Map<string, string | null>();
  let hundredths = 0;
  for (const r of rows) {
    if (!inWindow.has(r.m)) continue;
    // A proponent the reader may not read is not named: all such are one "Not shown" bar.
    const key = by === 'month' ? r.m : r.org && r.org_name ? r.org : HIDDEN;
    if (by === 'proponent') names.set(key, key === HIDDEN ? null : r.org_name);
    if (r.type === 'ConsultTimeEntry' && r.hours !== null && r.role) {
      hundredths += Math.round(r.hours * 100);
      const c = entryCost(r.hours, rates.get(r.community)?.get(r.role));
      if (c !== null) time.set(key, (time.get(key) ?? 0) + c);
    } else if (r.type === 'ConsultExpense' && r.amount !== null) {
      const cents = Number(r.amount);
      if (Number.isSafeInteger(cents)) spent.set(key, (spent.get(key) ?? 0) + cents);
    }
  }
  const total = [...time.values(), ...spent.values()].reduce((a, b) => a + b, 0);
  const summary = [
    { key: 'total', labelKey: 'consult.desk.costs.total', value: total, format: 'money' as const },
    { key: 'hours', labelKey: 'consult.desk.costs.hours', value: hundredths / 100 },
  ];

  let categories: string[];
  let keys: string[];
  if (by === 'month') {
    categories = months;
    keys = months;
  } else {
    // The proponents costing most first; past the first few, one "Others" bar.
    const sum = (k: string) => (time.get(k) ?? 0) + (spent.get(k) ?? 0);
    const ranked = [...names.keys()].sort((a, b) => sum(b) - sum(a) || a.localeCompare(b));
    const named = ranked.slice(0, COST_CHART_PROPONENTS);
    const rest = ranked.slice(COST_CHART_PROPONENTS);
    if (rest.length) {
      time.set(
        OTHERS,
        rest.reduce((a, k) => a + (time.get(k) ?? 0), 0),
      );
      spent.set(
        OTHERS,
        rest.reduce((a, k) => a + (spent.get(k) ?? 0), 0),
      );
    }
    keys = rest.length ? [...named, OTHERS] : named;
    // Categories are words on the chart: the proponent's name, or the words for the others.
    categories = keys.map((k) => names.get(k) ?? k);
  }
  return {
    categories,
    format: 'money',
    series: [
      {
        key: 'time',
        labelKey: 'consult.desk.costs.time',
        values: keys.map((k) => time.get(k) ?? 0),
      },
      {
        key: 'expenses',
        labelKey: 'consult.desk.costs.expenses',
        values: keys.map((k) => spent.get(k) ?? 0),
      },
    ],
    summary,
    ...(by === 'proponent'
      ? {
          categoryHeadingKey: 'consult.desk.costs.proponent',
          categoryLabelKeys: { [OTHERS]: 'consult.desk.costs.others', [HIDDEN]: 'item.notShown' },
        }
      : {}),
  };
}

/** The categories of the proponents past the named ones, and of those the reader may not read. */
const OTHERS = '*others';
const HIDDEN = '*hidden';

export async function cnsCostChart({ services, principal, body }: ActCall<{ by: CostChartBy }>) {
  return costChart(services.items.db, services.registry, principal, body.by, new Date());
}
