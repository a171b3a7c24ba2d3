import { sql, type SQL } from 'drizzle-orm';
import {
  query,
  type Executor,
  type ItemRow,
  type Principal,
  type Services,
} from '../../../../server/module-api';
import type { LetterFrame } from '../letters/frame';
import { templateLetterhead, usableLetterhead } from '../letters/letterhead';

// The invoice's letterhead and address: the community's, as its letters print them. The
// response's own letter first (what the proponent already received), else the oldest letter
// template of the community that the sender may read. The letterhead is judged as a letter's is
// (letterhead.ts usableLetterhead): one no longer usable is left out, never embedded.

type InvoiceFrame = Pick<LetterFrame, 'letterhead' | 'address'>;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The rows `q` finds (ids, in its order) that `p` may read. */
async function readableInOrder(ex: Executor, services: Services, p: Principal, q: SQL): Promise<ItemRow[]> {
  const ids = (await query<{ id: string }>(ex, q)).map((r) => r.id);
  const rows = await services.items.readableRows(p, ids, ex);
  return ids.flatMap((id) => rows.get(id) ?? []);
}

export async function invoiceFrame(
  ex: Executor,
  services: Services,
  p: Principal,
  response: ItemRow,
): Promise<InvoiceFrame> {
  // The response's letters, newest first, as the sender may read them.
  const letters = await readableInOrder(
    ex,
    services,
    p,
    sql`select id from items where type = 'ResponseLetter' and not deleted and data->>'response' = ${response.id}
      order by created_at desc, num desc limit 5`,
  );
  for (const letter of letters) {
    if (!letter.data.letterhead && !text(letter.data.fromAddress)) continue;
    const head = await usableLetterhead(ex, services, response, letter.data.letterhead);
    return { letterhead: head ?? undefined, address: text(letter.data.fromAddress) };
  }
  if (!response.owner) return {};
  const [template] = await readableInOrder(
    ex,
    services,
    p,
    sql`select id from items where type = 'LetterTemplate' and not deleted and owner = ${response.owner}
      order by created_at asc, num asc limit 20`,
  );
  if (!template) return {};
  const head = await templateLetterhead(ex, services, response, template);
  return { letterhead: head ?? undefined, address: text(template.data.address) };
}
