import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { demoIn } from '../../../../test/helpers/demo';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { costTotals, expenseLinesFrom, ratesFrom, timeLinesFrom } from '../costs-money';
import { fail, ok, type Body } from './letter-fixture';

// Time, expenses and rates on a response (docs/consultation.md "Time and expenses"), on the
// demo's "Riverbend crossing replacement": its community's staff log and read them; the
// proponent and a community member without a staff role find nothing by any path; amounts are
// whole cents above 0 and hours more than 0 and at most 24, refused field by field; the totals
// of what the officer reads are the entries' at the rates.

let tdb: TestDatabase;
let server: TestServer;
let officer: WsClient;
let researcher: WsClient;
let manager: WsClient;
let proponent: WsClient;
let member: WsClient;
let response: string;

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, server.app.services.items);
  await server.app.idle();
  const [r] = await query<{ id: string }>(
    tdb.database.db,
    sql`select r.id from items r join items c on c.id = r.data->>'consultation'
      where r.type = 'ConsultResponse' and c.data->>'projectName' = 'Riverbend crossing replacement'`,
  );
  response = r!.id;
  const as = async (email: string) => (await connectAs(server, email, DEMO_PASSWORD)).client;
  officer = await as('lands.officer@riverbend.example');
  researcher = await as('researcher@riverbend.example');
  manager = await as('lands.admin@riverbend.example');
  proponent = await as('proponent@northernpipeline.example');
  member = await as('member@riverbend.example');
});

afterAll(async () => {
  for (const ws of [officer, researcher, manager, proponent, member]) await ws?.close();
  await server?.close();
  await tdb?.close();
});

const COST_TYPES = ['ConsultTimeEntry', 'ConsultExpense', 'ConsultRate'];

/** Every cost item the person finds on the response (and every rate), with the total and the facet counts. */
async function found(ws: WsClient) {
  const b = (
    await ws.request('search/ids', {
      must: { _t: COST_TYPES },
      facets: ['_t'],
      labels: true,
      max: 200,
    })
  ).b as { ids?: string[]; total?: number; facets?: Record<string, { value: string; count: number }[]> };
  return { ids: b.ids ?? [], total: b.total ?? 0, counts: b.facets?._t ?? [] };
}

async function readAll(ws: WsClient, type: string, must: Record<string, string[]> = {}) {
  const r = await ok(ws, 'search/ids', {
    must: { _t: [type], ...must },
    sort: [{ key: '_c.ts', order: 'asc' }],
    max: 200,
  });
  const out: Body[] = [];
  for (const id of r.ids as string[]) out.push(await ok(ws, `read/${id}`));
  return out;
}

const fieldsOf = (r: Body) => (r.fields as { path: string; key: string }[] | undefined) ?? [];

describe('time and expenses on a response', () => {
  it('lets the community staff log time (as themselves by default) and an expense', async () => {
    const entry = await ok(researcher, 'create/ConsultTimeEntry', {
      response,
      date: '2026-11-30',
      hours: 1.25,
      role: 'RESEARCHER',
      step: 'Check the sources',
      description: 'Checked the archive for the crossing',
    });
    const [me] = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'User' and data->>'email' = 'researcher@riverbend.example'`,
    );
    expect(entry.person).toBe(me!.id);
    const expense = await ok(officer, 'create/ConsultExpense', {
      response,
      date: '2026-11-30',
      amount: 4550,
      kind: 'TRAVEL',
      description: 'Boat fuel to the crossing',
    });
    expect(expense.amount).toBe(4550);
    // The researcher (staff) reads what the officer logged.
    expect((await ok(researcher, `read/${String(expense.$id)}`)).description).toBe(
      'Boat fuel to the crossing',
    );
  });

  it('keeps them from the proponent and from a member without a staff role: search, count, read', async () => {
    const staff = await found(officer);
    expect(staff.ids.length).toBeGreaterThanOrEqual(3 + 4 + 3);
    for (const ws of [proponent, member]) {
      const f = await found(ws);
      expect(f.ids).toEqual([]);
      expect(f.total).toBe(0);
      expect(f.counts.filter((c) => COST_TYPES.includes(c.value) && c.count > 0)).toEqual([]);
      for (const id of staff.ids.slice(0, 4)) {
        const r = await fail(ws, `read/${id}`);
        expect(JSON.stringify(r)).not.toMatch(/Elder|honorarium|Mileage|drilling/i);
      }
      // Nor can they log one on the response they may not read.
      await fail(ws, 'create/ConsultTimeEntry', { response, date: '2026-11-30', hours: 1, role: 'ELDER' });
      await fail(ws, 'create/ConsultExpense', {
        response,
        date: '2026-11-30',
        amount: 100,
        kind: 'OTHER',
        description: 'x',
      });
    }
  });

  it('refuses an amount that is not whole cents above 0, and hours out of range, field by field', async () => {
    const expense = { response, date: '2026-11-30', kind: 'TRAVEL', description: 'Fuel' };
    for (const amount of [12.5, 0, -100]) {
      const r = await fail(officer, 'create/ConsultExpense', { ...expense, amount });
      expect(fieldsOf(r)).toEqual([
        expect.objectContaining({ path: 'amount', key: 'errors.number.natural' }),
      ]);
    }
    expect(
      fieldsOf(await fail(officer, 'create/ConsultExpense', { ...expense, amount: '12' }))[0],
    ).toMatchObject({
      path: 'amount',
    });
    const time = { response, date: '2026-11-30', role: 'ELDER' };
    for (const hours of [0, -1, 24.5, 30]) {
      const r = await fail(officer, 'create/ConsultTimeEntry', { ...time, hours });
      expect(fieldsOf(r)).toEqual([expect.objectContaining({ path: 'hours', key: 'errors.hoursRange' })]);
    }
    // A day's 24 hours is the most, and is kept.
    expect((await ok(officer, 'create/ConsultTimeEntry', { ...time, hours: 24 })).hours).toBe(24);
    // Required: the response, the date, the hours and the role.
    const missing = fieldsOf(await fail(officer, 'create/ConsultTimeEntry', { response }));
    expect(missing.map((f) => f.path).sort()).toEqual(['date', 'hours', 'role']);
  });

  it("keeps the rates the community's orgAdmins' to set; its staff read them", async () => {
    const rates = await readAll(researcher, 'ConsultRate');
    expect(rates.map((r) => r.role).sort()).toEqual(['ELDER', 'LANDS_OFFICER', 'TECHNICAL_REVIEWER']);
    await fail(officer, 'create/ConsultRate', { name: 'Researcher', role: 'RESEARCHER', centsPerHour: 5000 });
    const elder = rates.find((r) => r.role === 'ELDER')!;
    // The officer is an editor: the policy would let an editor update a PROTECTED item; a rate is not theirs.
    await fail(officer, 'update', { $id: elder.$id, $version: elder.$version, centsPerHour: 1 });
    const made = await ok(manager, 'create/ConsultRate', {
      name: 'Researcher',
      role: 'RESEARCHER',
      centsPerHour: 5000,
    });
    expect(made.centsPerHour).toBe(5000);
    expect(
      fieldsOf(
        await fail(manager, 'create/ConsultRate', { name: 'x', role: 'ELDER', centsPerHour: 99.5 }),
      )[0],
    ).toMatchObject({ path: 'centsPerHour', key: 'errors.number.natural' });
  });

  it("totals what the officer reads: each entry's hours at its role's rate, expenses at cost, in cents", async () => {
    const time = await readAll(officer, 'ConsultTimeEntry', { response: [response] });
    const spent = await readAll(officer, 'ConsultExpense', { response: [response] });
    const rates = ratesFrom(await readAll(officer, 'ConsultRate'));
    const t = costTotals(timeLinesFrom(time), expenseLinesFrom(spent), rates);
    // The demo's 15.5 h (2.5 + 3 officer at $65, 4 Elder at $100, 6 reviewer at $140), the
    // researcher's 1.25 h at the $50 set above, and the officer's 24 h of Elder time; the demo's
    // $260.15 of expenses and the $45.50 of fuel.
    expect(t.hours).toBe(15.5 + 1.25 + 24);
    expect(t.timeCost).toBe(5.5 * 6500 + 4 * 10000 + 6 * 14000 + 1.25 * 5000 + 24 * 10000);
    expect(t.expenses).toBe(15000 + 8640 + 2375 + 4550);
    expect(t.total).toBe(t.timeCost + t.expenses);
    expect(t.unrated).toEqual([]);
  });
});

describe("the desk's review-cost charts (act cnsCostChart)", () => {
  type Chart = {
    categories: string[];
    format?: string;
    series: { key: string; values: number[] }[];
    summary: { key: string; value: number }[];
  };
  const chart = async (ws: WsClient, by: 'month' | 'proponent') =>
    (await ok(ws, 'act/cnsCostChart', { by })) as unknown as Chart;
  const sum = (c: Chart, key: string) =>
    c.series.find((s) => s.key === key)!.values.reduce((a, b) => a + b, 0);

  it('sums what the officer reads, at the rates, by month and by proponent alike', async () => {
    const byMonth = await chart(officer, 'month');
    expect(byMonth.format).toBe('money');
    expect(byMonth.categories).toHaveLength(12);
    const from = byMonth.categories[0]!;
    const inWindow = (r: Body) => String(r.date).slice(0, 7) >= from;
    const time = (await readAll(officer, 'ConsultTimeEntry')).filter(inWindow);
    const spent = (await readAll(officer, 'ConsultExpense')).filter(inWindow);
    const t = costTotals(
      timeLinesFrom(time),
      expenseLinesFrom(spent),
      ratesFrom(await readAll(officer, 'ConsultRate')),
    );
    expect(t.timeCost).toBeGreaterThan(0);
    expect(sum(byMonth, 'time')).toBe(t.timeCost);
    expect(sum(byMonth, 'expenses')).toBe(t.expenses);
    expect(byMonth.summary).toEqual([
      { key: 'total', labelKey: 'consult.desk.costs.total', value: t.total, format: 'money' },
      { key: 'hours', labelKey: 'consult.desk.costs.hours', value: t.hours },
    ]);

    const byProponent = await chart(officer, 'proponent');
    // Names, never ids: the demo's referral is Northern Pipeline's.
    expect(byProponent.categories).toContain('Northern Pipeline Corp.');
    expect(byProponent.categories.join(' ')).not.toMatch(/Organization-\d+/);
    expect(sum(byProponent, 'time')).toBe(t.timeCost);
    expect(sum(byProponent, 'expenses')).toBe(t.expenses);
  });

  it('still counts a response whose consultation the reader may not read, its proponent not named', async () => {
    const before = await chart(officer, 'month');
    const [c] = await query<{ id: string; access: string; created_by: string | null }>(
      tdb.database.db,
      sql`select c.id, c.access, c.created_by from items c join items r on r.data->>'consultation' = c.id
        where r.id = ${response}`,
    );
    // Out of the officer's reach, as a consultation of another community's would be.
    await tdb.database.db.execute(
      sql`update items set access = 'PRIVATE', created_by = 'User-0' where id = ${c!.id}`,
    );
    try {
      const byMonth = await chart(officer, 'month');
      expect(sum(byMonth, 'time')).toBe(sum(before, 'time'));
      expect(sum(byMonth, 'expenses')).toBe(sum(before, 'expenses'));
      const byProponent = await chart(officer, 'proponent');
      expect(byProponent.categories).not.toContain('Northern Pipeline Corp.');
      expect(byProponent.categories).toContain('*hidden');
      expect(sum(byProponent, 'time') + sum(byProponent, 'expenses')).toBe(
        sum(before, 'time') + sum(before, 'expenses'),
      );
    } finally {
      await tdb.database.db.execute(
        sql`update items set access = ${c!.access}, created_by = ${c!.created_by} where id = ${c!.id}`,
      );
    }
  });

  it('finds entries by their community: they move with their response, never alone', async () => {
    const before = await chart(officer, 'month');
    const items = server.app.services.items;
    const owners = async () =>
      (
        await query<{ id: string; owner: string }>(
          tdb.database.db,
          sql`select id, owner from items where type in ('ConsultTimeEntry', 'ConsultExpense')
            and data->>'response' = ${response} and not deleted order by id`,
        )
      ).map((r) => r.owner);
    const [{ owner: home } = { owner: '' }] = await query<{ owner: string }>(
      tdb.database.db,
      sql`select owner from items where id = ${response}`,
    );
    const [{ id: elsewhere } = { id: '' }] = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'Organization' and data->>'displayName' = 'Salmon Creek Watershed Society'`,
    );
    expect((await owners()).length).toBeGreaterThan(1);
    expect(new Set(await owners())).toEqual(new Set([home]));

    // Moved alone, an entry would leave its community's chart while its invoice still counted it.
    const [entry] = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'ConsultTimeEntry' and data->>'response' = ${response} limit 1`,
    );
    await expect(
      items.transaction((tx) => items.patchIn(tx, SYSTEM, entry!.id, { owner: elsewhere })),
    ).rejects.toMatchObject({ key: 'notAllowed' });
    expect(new Set(await owners())).toEqual(new Set([home]));

    // The response moved, its entries go with it: out of the officer's reach, and out of the chart.
    await items.transaction((tx) => items.patchIn(tx, SYSTEM, response, { owner: elsewhere }));
    expect(new Set(await owners())).toEqual(new Set([elsewhere]));
    const away = await chart(officer, 'month');
    expect(sum(away, 'time') + sum(away, 'expenses')).toBeLessThan(
      sum(before, 'time') + sum(before, 'expenses'),
    );

    await items.transaction((tx) => items.patchIn(tx, SYSTEM, response, { owner: home }));
    expect(new Set(await owners())).toEqual(new Set([home]));
    expect(await chart(officer, 'month')).toEqual(before);
  });

  it('counts nothing for the proponent or a member without a staff role', async () => {
    for (const ws of [proponent, member]) {
      const byMonth = await chart(ws, 'month');
      expect(sum(byMonth, 'time') + sum(byMonth, 'expenses')).toBe(0);
      expect(byMonth.summary.map((s) => s.value)).toEqual([0, 0]);
      expect((await chart(ws, 'proponent')).categories).toEqual([]);
    }
  });
});
