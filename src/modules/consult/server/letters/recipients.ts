import {
  loadRowsAsSystem,
  type Executor,
  type ItemRow,
  type ItemService,
  type Principal,
} from '../../../../server/module-api';
import { orgsInRole, proponentOrgs, proponentPeople } from '../lifecycle-acts';

// Who a letter goes to (the send's confirmation, rwfLetterPreview): the thread rwfLetterSend
// starts is read by the consultation's PROPONENT organisations and names the proponent's people
// (its drafter and primary contacts, lifecycle-acts.ts). Each is shown by name, with an e-mail
// or organisation, only as far as the person confirming may read them; the rest are counted.
// The consultation's regulators are named too: the sender may choose to copy them (issue 38).

export interface Recipient {
  kind: 'organisation' | 'person';
  name: string;
  email: string | null;
  organisation: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function personName(r: ItemRow): string | null {
  const parts = [r.data.firstName, r.data.lastName].map(str).filter((x): x is string => !!x);
  return parts.length ? parts.join(' ') : (str(r.data.name) ?? str(r.data.email));
}

export async function letterRecipients(
  tx: Executor,
  items: ItemService,
  p: Principal,
  response: ItemRow,
): Promise<{ recipients: Recipient[]; others: number; regulators: string[] }> {
  const cid = String(response.data.consultation ?? '');
  // As the system: the response (read by the caller, checked by the act) answers this consultation; only
  // its proponent side is taken, each name below read as the caller.
  const c = (await loadRowsAsSystem(tx, [cid])).get(cid);
  if (!c || c.deleted) return { recipients: [], others: 0, regulators: [] };
  const orgIds = proponentOrgs(c);
  const people = proponentPeople(c);
  const regulatorIds = orgsInRole(c, 'REGULATOR');
  const readable = await items.readableRows(p, [...orgIds, ...people, ...regulatorIds], tx);
  const orgName = (id: unknown) => {
    const o = typeof id === 'string' ? readable.get(id) : undefined;
    return o ? str(o.data.displayName) : null;
  };
  const recipients: Recipient[] = [];
  for (const id of orgIds) {
    const name = orgName(id);
    if (name) recipients.push({ kind: 'organisation', name, email: null, organisation: null });
  }
  let others = 0;
  for (const id of people) {
    const r = readable.get(id);
    const name = r && personName(r);
    if (!r || !name) {
      others++;
      continue;
    }
    const related = Array.isArray(r.data._related) ? r.data._related : [];
    recipients.push({
      kind: 'person',
      name,
      email: str(r.data.email),
      organisation: related.map(orgName).find((x) => !!x) ?? null,
    });
  }
  // A copy may go only to a regulator the sender can name.
  const regulators = regulatorIds.map(orgName).filter((n): n is string => !!n);
  return { recipients, others, regulators };
}
