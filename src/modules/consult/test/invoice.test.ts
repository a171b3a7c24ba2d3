import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { demoIn } from '../../../../test/helpers/demo';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { bytesOf, fail, ok } from './letter-fixture';

// The invoice (acts rwfInvoicePreview and rwfInvoiceSend, server/costs/invoice.ts), on the demo's
// crossing response with its time, expenses and rates: previewed by the lands officer, sent to
// the proponent as a CONSULT_INVOICE thread whose PDF tells hours and cost per role, expenses
// per kind and the total, and nothing of the entries themselves.

let tdb: TestDatabase;
let server: TestServer;
let officer: WsClient;
let proponent: WsClient;
let response: string;

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, server.app.services.items);
  await server.app.idle();
  const [r] = await query<{ id: string }>(
    tdb.database.db,
    sql`select r.id from items r join items t on t.data->>'response' = r.id and t.type = 'ConsultTimeEntry'
      where r.type = 'ConsultResponse' limit 1`,
  );
  response = r!.id;
  officer = (await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD)).client;
  proponent = (await connectAs(server, 'proponent@northernpipeline.example', DEMO_PASSWORD)).client;
});

afterAll(async () => {
  for (const ws of [officer, proponent]) await ws?.close();
  await server?.close();
  await tdb?.close();
});

/** The record's total, from the same items the section sums (read past every rule). */
async function expectedTotal(): Promise<number> {
  const rows = await query<{ type: string; data: Record<string, unknown>; created_at: string }>(
    tdb.database.db,
    sql`select type, data, created_at from items where not deleted and (
      (type in ('ConsultTimeEntry', 'ConsultExpense') and data->>'response' = ${response}) or type = 'ConsultRate')
      order by created_at`,
  );
  const rate = new Map<string, number>();
  for (const r of rows)
    if (r.type === 'ConsultRate') rate.set(String(r.data.role), Number(r.data.centsPerHour));
  let total = 0;
  for (const r of rows) {
    if (r.type === 'ConsultExpense') total += Number(r.data.amount);
    if (r.type === 'ConsultTimeEntry') {
      const c = rate.get(String(r.data.role));
      if (c !== undefined) total += Math.round(Number(r.data.hours) * c);
    }
  }
  return total;
}

describe('the invoice', () => {
  it('is previewed by the lands officer with its total and its recipients', async () => {
    const r = await ok(officer, 'act/rwfInvoicePreview', { response });
    const total = await expectedTotal();
    expect(total).toBeGreaterThan(0);
    expect(r.total).toBe(total);
    expect((r.recipients as { name: string }[]).map((x) => x.name)).toContain('Northern Pipeline Corp.');
    const text = await pdfText(new Uint8Array(Buffer.from(String(r.pdf), 'base64')));
    expect(text).toContain('Riverbend First Nation');
    expect(text).toContain('Northern Pipeline Corp.');
    expect(text).toMatch(/Total due: \$[\d,]+\.\d\d/);
    expect(text).toContain('Lands officer');
    expect(text).toContain('Honoraria');
    // Under the community's letterhead and address, as its letters are (the demo's template).
    expect(text).toContain('100 River Road, Box 40');
  });

  it('tells the proponent no entry of the community: no description, date or person', async () => {
    const r = await ok(officer, 'act/rwfInvoicePreview', { response });
    const text = await pdfText(new Uint8Array(Buffer.from(String(r.pdf), 'base64')));
    const entries = await query<{ d: string | null }>(
      tdb.database.db,
      sql`select data->>'description' as d from items where type in ('ConsultTimeEntry', 'ConsultExpense')
        and data->>'response' = ${response}`,
    );
    expect(entries.length).toBeGreaterThan(2);
    for (const e of entries) if (e.d) expect(text).not.toContain(e.d);
    expect(text).not.toContain('Joseph Redcloud');
  });

  it('is neither previewed nor sent by the proponent', async () => {
    for (const op of ['act/rwfInvoicePreview', 'act/rwfInvoiceSend']) {
      const r = await fail(proponent, op, { response });
      expect(String(r.userMessage)).toMatch(/notAllowed|notFound/);
    }
  });

  it('is sent as a thread the proponent reads, with its PDF', async () => {
    const sent = await ok(officer, 'act/rwfInvoiceSend', { response });
    const thread = await ok(proponent, `read/${String(sent.thread)}`);
    expect(thread.purpose).toBe('CONSULT_INVOICE');
    const message = await ok(proponent, `read/${String(sent.message)}`);
    const [copy] = message.attachments as string[];
    const text = await pdfText(new Uint8Array(await bytesOf(server, copy!)));
    expect(text).toContain(`Total due`);
    // The response itself stays the community's, and is not marked answered by an invoice.
    await fail(proponent, `read/${response}`);
    expect((await server.app.services.items.read(SYSTEM, response)).state).not.toBe('RESPONDED');
  });

  it('asks for something logged before it is made', async () => {
    const [empty] = await query<{ id: string }>(
      tdb.database.db,
      sql`select r.id from items r where r.type = 'ConsultResponse' and r.data->>'communityName' = 'Riverbend First Nation'
        and not exists (select 1 from items t where t.data->>'response' = r.id and t.type in ('ConsultTimeEntry', 'ConsultExpense'))
        limit 1`,
    );
    expect(empty).toBeTruthy();
    const r = await fail(officer, 'act/rwfInvoicePreview', { response: empty!.id });
    expect(r.fields).toEqual([expect.objectContaining({ key: 'errors.nothingToInvoice' })]);
  });
});
