import { sql } from 'drizzle-orm';
import type { ActInput } from '../../../../kernel/act-contract';
import {
  AppError,
  query,
  refuseWhileMasquerading,
  type ActCall,
  type Executor,
  type ItemRow,
  type Principal,
  type Services,
} from '../../../../server/module-api';
import type { CostActs } from '../../contract-costs';
import {
  costTotals,
  entryCost,
  expenseLinesFrom,
  formatCents,
  formatHours,
  ratesFrom,
  timeLinesFrom,
} from '../../costs-money';
import { documentPdf, pdfText } from '../letters/pdf';
import { invoiceFrame } from './invoice-frame';
import { letterRecipients } from '../letters/recipients';
import { letterFileName, storeFile } from '../letters/acts';
import { assertConsultStaff } from '../rules';
import { lockedResponse, sendResponseIn } from '../work-acts';

// The invoice (contract-costs.ts; docs/consultation.md "The invoice"). What it tells the
// proponent is chosen, and no more: hours and cost per cost role, and expenses per kind, with the
// totals; never an entry's description, date or person, which stay the community's. Every entry,
// expense and rate is read as the caller (search, readableRows): an entry they may not read is
// not billed, so the invoice holds nothing its sender could not read. Amounts are whole cents
// (costs-money.ts), in the site's currency.

type Call<K extends keyof CostActs> = ActCall<ActInput<CostActs[K]>>;
const LOCALE = 'en-CA';
const MAX = 2000;

interface Line {
  label: string;
  hours?: number;
  rate?: number;
  cents: number | null;
}

export interface Invoice {
  subject: string;
  time: Line[];
  expenses: Line[];
  total: number;
  unrated: string[];
}

async function readAll(services: Services, p: Principal, must: Record<string, string[]>, ex: Executor) {
  const found = await services.search.search(p, { must, max: MAX });
  const rows = await services.items.readableRows(p, found.ids, ex);
  return found.ids.map((id) => rows.get(id)).filter((r): r is ItemRow => !!r);
}

/** The community's names of its cost roles and expense kinds (its own lists of values). */
async function lovNames(ex: Executor, owner: string | null): Promise<Map<string, string>> {
  const rows = await query<{ list: string; key: string; en: string | null }>(
    ex,
    sql`select data->>'list' as list, data->>'key' as key, data->'t'->>'en' as en from items
      where type = 'LOVValue' and not deleted and owner = ${owner}
        and data->>'list' in ('CNS_COST_ROLES', 'CNS_EXPENSE_KINDS')`,
  );
  return new Map(rows.map((r) => [`${r.list}:${r.key}`, r.en || r.key]));
}

/** The invoice's lines and totals for a response, as `p` may read its time and expenses. */
export async function invoiceOf(
  ex: Executor,
  services: Services,
  p: Principal,
  response: ItemRow,
): Promise<Invoice> {
  const [time, spent, rates] = await Promise.all([
    readAll(services, p, { _t: ['ConsultTimeEntry'], response: [response.id] }, ex),
    readAll(services, p, { _t: ['ConsultExpense'], response: [response.id] }, ex),
    readAll(services, p, { _t: ['ConsultRate'], owner: [response.owner ?? ''] }, ex),
  ]);
  const rateOf = ratesFrom(
    [...rates].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((r) => r.data),
  );
  const names = await lovNames(ex, response.owner);
  const timeLines = timeLinesFrom(time.map((r) => r.data));
  const expenseLines = expenseLinesFrom(spent.map((r) => r.data));
  const totals = costTotals(timeLines, expenseLines, rateOf);
  const byRole = new Map<string, { hours: number; cents: number | null }>();
  for (const l of timeLines) {
    const c = entryCost(l.hours, rateOf.get(l.role));
    const was = byRole.get(l.role) ?? { hours: 0, cents: c === null ? null : 0 };
    byRole.set(l.role, {
      hours: Math.round((was.hours + l.hours) * 100) / 100,
      cents: c === null || was.cents === null ? null : was.cents + c,
    });
  }
  const byKind = new Map<string, number>();
  for (const r of spent)
    if (Number.isSafeInteger(r.data.amount) && typeof r.data.kind === 'string')
      byKind.set(r.data.kind, (byKind.get(r.data.kind) ?? 0) + (r.data.amount as number));
  const project = typeof response.data.projectName === 'string' ? response.data.projectName : '';
  return {
    subject: `Invoice: ${project}`.trim(),
    time: [...byRole].map(([role, v]) => {
      const rate = rateOf.get(role);
      return {
        label: names.get(`CNS_COST_ROLES:${role}`) ?? role,
        hours: v.hours,
        ...(rate !== undefined ? { rate } : {}),
        cents: v.cents,
      };
    }),
    expenses: [...byKind].map(([kind, cents]) => ({
      label: names.get(`CNS_EXPENSE_KINDS:${kind}`) ?? kind,
      cents,
    })),
    total: totals.total,
    unrated: totals.unrated.map((r) => names.get(`CNS_COST_ROLES:${r}`) ?? r),
  };
}

const money = (c: number | null) => (c === null ? 'no rate set' : formatCents(c, LOCALE));

/** The invoice as pdfmake content: who from, to whom, the file number, the two tables, the total. */
function invoiceContent(inv: Invoice, from: string, to: string, fileNumber: string, date: string): unknown[] {
  const head = (cells: string[]) => cells.map((c) => ({ text: pdfText(c, true) }));
  const timeRows = inv.time.map((l) => [
    { text: pdfText(l.label) },
    { text: formatHours(l.hours ?? 0, LOCALE), alignment: 'right' },
    { text: l.rate === undefined ? '' : formatCents(l.rate, LOCALE), alignment: 'right' },
    { text: money(l.cents), alignment: 'right' },
  ]);
  const expenseRows = inv.expenses.map((l) => [
    { text: pdfText(l.label) },
    { text: money(l.cents), alignment: 'right' },
  ]);
  return [
    { text: pdfText(from, true), fontSize: 14, margin: [0, 0, 0, 4] },
    {
      columns: [
        { text: pdfText(`To: ${to}`) },
        { text: [fileNumber ? `File no. ${fileNumber}\n` : '', `Date: ${date}`], alignment: 'right' },
      ],
      margin: [0, 0, 0, 16],
    },
    { text: pdfText(inv.subject, true), fontSize: 13, margin: [0, 0, 0, 10] },
    ...(timeRows.length
      ? [
          { text: 'Staff time', bold: true, margin: [0, 4, 0, 4] },
          {
            table: {
              headerRows: 1,
              widths: ['*', 60, 80, 90],
              body: [head(['Role', 'Hours', 'Rate', 'Amount']), ...timeRows],
            },
            layout: 'lightHorizontalLines',
            margin: [0, 0, 0, 12],
          },
        ]
      : []),
    ...(expenseRows.length
      ? [
          { text: 'Expenses (at cost)', bold: true, margin: [0, 4, 0, 4] },
          {
            table: { headerRows: 1, widths: ['*', 90], body: [head(['Kind', 'Amount']), ...expenseRows] },
            layout: 'lightHorizontalLines',
            margin: [0, 0, 0, 12],
          },
        ]
      : []),
    {
      text: `Total due: ${formatCents(inv.total, LOCALE)}`,
      bold: true,
      fontSize: 12,
      alignment: 'right',
      margin: [0, 8, 0, 0],
    },
    ...(inv.unrated.length
      ? [
          {
            text: pdfText(`Time without a rate, not billed: ${inv.unrated.join(', ')}.`),
            fontSize: 9,
            margin: [0, 8, 0, 0],
          },
        ]
      : []),
  ];
}

/** The response's invoice as a PDF, made as `p` may read what it sums. */
async function renderInvoice(ex: Executor, services: Services, p: Principal, response: ItemRow) {
  const inv = await invoiceOf(ex, services, p, response);
  if (inv.time.length === 0 && inv.expenses.length === 0)
    throw new AppError('invalidInput', 'nothing is logged on this response to invoice', {
      fields: [{ path: 'response', key: 'errors.nothingToInvoice' }],
    });
  const cid = String(response.data.consultation ?? '');
  // The consultation and the two organisations, read as the sender (the community's staff read
  // them); one they may not read is left unnamed on the invoice.
  const c = (await services.items.readableRows(p, [cid], ex)).get(cid);
  const orgs = await services.items.readableRows(
    p,
    [response.owner ?? '', String(c?.data.primaryOrg ?? '')].filter(Boolean),
    ex,
  );
  const name = (id: unknown) => {
    const o = typeof id === 'string' ? orgs.get(id) : undefined;
    return o && typeof o.data.displayName === 'string' ? o.data.displayName : '';
  };
  const identifiers = Array.isArray(c?.data.identifiers)
    ? c.data.identifiers.filter((x) => typeof x === 'string')
    : [];
  const date = new Date().toISOString().slice(0, 10);
  const from = name(response.owner);
  const pdf = await documentPdf(
    invoiceContent(inv, from, name(c?.data.primaryOrg), identifiers.join(', '), date),
    {
      title: inv.subject,
      author: from,
    },
    await invoiceFrame(ex, services, p, response),
  );
  return { inv, pdf };
}

// The sums are read through search, which runs on the database's own connection: they are made
// before the transaction (on the embedded database a search inside it would wait on it forever).
// The send then locks the response, checks the sender again, and stores and sends what was made.

export async function rwfInvoicePreview({ services, principal: p, body }: Call<'rwfInvoicePreview'>) {
  const { items } = services;
  const response = await items.readableRow(p, body.response);
  if (response.type !== 'ConsultResponse') throw new AppError('notFound', `${body.response} not found`);
  await assertConsultStaff(items.db, p, response);
  const { inv, pdf } = await renderInvoice(items.db, services, p, response);
  // An invoice goes to the proponent alone: no copy to a regulator is offered.
  const { recipients, others } = await letterRecipients(items.db, items, p, response);
  return { pdf: pdf.toString('base64'), total: inv.total, recipients, others };
}

export async function rwfInvoiceSend({ services, principal: p, body }: Call<'rwfInvoiceSend'>) {
  refuseWhileMasquerading(p, 'an invoice');
  const { items } = services;
  const read = await items.readableRow(p, body.response);
  if (read.type !== 'ConsultResponse') throw new AppError('notFound', `${body.response} not found`);
  await assertConsultStaff(items.db, p, read);
  const { inv, pdf } = await renderInvoice(items.db, services, p, read);
  return items.transaction(async (tx) => {
    const response = await lockedResponse(tx, items, p, body.response);
    await assertConsultStaff(tx, p, response);
    const file = await storeFile(tx, services, p, response, {
      name: letterFileName(inv.subject, 'pdf'),
      type: 'application/pdf',
      bytes: pdf,
    });
    const sent = await sendResponseIn(tx, items, p, response, {
      purpose: 'CONSULT_INVOICE',
      subject: inv.subject,
      message: `Please find attached our invoice for the review of this referral: ${formatCents(inv.total, LOCALE)}.`,
      attachments: [file.id],
    });
    return { ...sent, pdf: file.id, total: inv.total };
  });
}
