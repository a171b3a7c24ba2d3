import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ActInput } from '../../../../kernel/act-contract';
import { mimeGroup } from '../../../../protocol/files';
import {
  AppError,
  fileKey,
  loadRowAsSystem,
  loadRowsAsSystem,
  query,
  SYSTEM,
  type ActCall,
  type Executor,
  type ItemRow,
  type Principal,
  type Services,
} from '../../../../server/module-api';
import type { LetterActs } from '../../contract-letters';
import { LETTER_CAPABILITY, type LetterState } from '../../letter-types';
import { assertConsultStaff, holds } from '../rules';
import { mirrorFileRow } from '../mirror';
import { lockedResponse, sendResponseIn } from '../work-acts';
import { fillTemplate } from '../../letter-fill';
import { letterRecipients } from './recipients';
import { templateLetterhead } from './letterhead';
import { renderLetter } from './render';
import { letterValues } from './values';

// The letter acts (contract-letters.ts, docs/consult-letters.md). Every one: the caller may read
// the response (else notFound), is its community's consult staff, and the community or the user
// holds the "response letter" capability. The letter is written as the system with the caller
// as actor: its fields are all system-written, so the states below are the only way through.

type LetterCall<K extends keyof LetterActs> = ActCall<ActInput<LetterActs[K]>>;
const opts = (p: Principal) => ({ actor: p.userId, realActor: p.masqueradeFrom });
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export async function assertLetterStaff(tx: Executor, p: Principal, response: ItemRow): Promise<void> {
  await assertConsultStaff(tx, p, response);
  if (!(await holds(tx, p, response.owner, LETTER_CAPABILITY)))
    throw new AppError('notAllowed', `${LETTER_CAPABILITY} in ${response.owner}`);
}

/** The response's current letter (the newest one), or undefined. */
export async function currentLetter(tx: Executor, response: string): Promise<ItemRow | undefined> {
  const [r] = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'ResponseLetter' and not deleted and data->>'response' = ${response}
      order by num desc limit 1`,
  );
  // As the system: the response's letter; callers hold the response (lockedResponse) and its letter follows
  // it.
  return r ? loadRowAsSystem(tx, r.id) : undefined;
}

/**
 * The letter and its response, checked for the caller; with `lock`, both locked, the response
 * first: every act on a response locks it before anything of its own (rwfLetterPropose,
 * rwfSendResponse, the workflow's steps), so two acts on one response wait in turn rather than
 * each holding what the other needs. The preview only reads, and locks nothing.
 */
async function letterOf(tx: Executor, s: Services, p: Principal, id: string, lock: boolean) {
  // As the system: the read is checked just below, and an unreadable letter is answered as a missing one.
  const seen = await loadRowAsSystem(tx, id);
  // A letter the caller may not read does not exist for them (it follows its response).
  const readable = async (l: ItemRow | undefined): Promise<ItemRow> => {
    if (
      !l ||
      l.deleted ||
      l.type !== 'ResponseLetter' ||
      !(await s.items.policy.can(p, 'read', l, s.items.loaderFor(tx)))
    )
      throw new AppError('notFound', `${id} not found`);
    return l;
  };
  const first = await readable(seen);
  // A letter's response is system-written when it is made and never changes.
  const rid = String(first.data.response);
  if (!lock) return { letter: first, response: await readResponse(tx, s, p, rid) };
  const response = await lockedResponse(tx, s.items, p, rid);
  // As the system: read again under its lock (another act may have changed it while we waited); checked as above.
  return { letter: await readable(await loadRowAsSystem(tx, id, true)), response };
}

const lockedLetter = (tx: Executor, s: Services, p: Principal, id: string) => letterOf(tx, s, p, id, true);

/** The response, read (not locked) and checked as lockedResponse checks it. */
async function readResponse(tx: Executor, s: Services, p: Principal, id: string): Promise<ItemRow> {
  return s.items.readableRowIn(tx, p, id, { type: 'ConsultResponse' });
}

const reply = (row: ItemRow) => ({
  $id: row.id,
  state: row.data.state as LetterState,
  missing: strings(row.data.missing),
});

function refuseState(letter: ItemRow, allowed: readonly LetterState[]) {
  if (!allowed.includes(letter.data.state as LetterState))
    throw new AppError('invalidInput', `${letter.id} is ${String(letter.data.state)}`, {
      fields: [{ path: 'state', key: 'errors.invalidValue' }],
    });
}

export async function rwfLetterPropose({ services, principal: p, body }: LetterCall<'rwfLetterPropose'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const response = await lockedResponse(tx, items, p, body.response);
    await assertLetterStaff(tx, p, response);
    // The community's own template, that the caller may read.
    // As the system: the read is checked just below, and an unreadable template gets the same refusal as a
    // missing one.
    const template = (await loadRowsAsSystem(tx, [body.template])).get(body.template);
    if (
      !template ||
      template.deleted ||
      template.type !== 'LetterTemplate' ||
      template.owner !== response.owner ||
      !(await items.policy.can(p, 'read', template, items.loaderFor(tx)))
    )
      throw new AppError('invalidInput', `${body.template} is not a template of ${response.owner}`, {
        fields: [{ path: 'template', key: 'errors.invalidValue' }],
      });
    const values = await letterValues(tx, items, response, new Date(), template.data);
    const filled = fillTemplate(String(template.data.body ?? ''), values);
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const subject =
      String(template.data.title ?? '').trim() || String(response.data.projectName ?? response.id);
    const data = {
      template: template.id,
      subject: `${subject} — ${String(values['project.name'] ?? response.id)}`.slice(0, 300),
      body: filled.text,
      missing: filled.missing.length ? filled.missing : null,
      state: 'DRAFT',
      returnNote: null,
      // The frame, as the template has it today: the letter keeps it, so what was approved is sent.
      letterhead: (await templateLetterhead(tx, services, response, template))?.id ?? null,
      fromAddress: text(template.data.address),
      signatoryName: text(template.data.signatoryName),
      signatoryTitle: text(template.data.signatoryTitle),
      fileNumber: text(values['consultation.fileNumber']),
    };
    const current = await currentLetter(tx, response.id);
    // A draft not yet proposed is drafted again; anything further on starts a new letter.
    if (current && current.data.state === 'DRAFT') {
      const row = await items.patchIn(tx, SYSTEM, current.id, data, opts(p));
      return reply(row);
    }
    const row = await items.createIn(
      tx,
      SYSTEM,
      'ResponseLetter',
      { response: response.id, ...data },
      { ...opts(p), owner: response.owner, access: 'PROTECTED' },
    );
    return reply(row);
  });
}

export async function rwfLetterSave({ services, principal: p, body }: LetterCall<'rwfLetterSave'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const { letter, response } = await lockedLetter(tx, services, p, body.letter);
    await assertLetterStaff(tx, p, response);
    // Approved and sent letters are what was approved and sent: frozen.
    refuseState(letter, ['DRAFT', 'PROPOSED']);
    const patch: Record<string, unknown> = { subject: body.subject, body: body.body };
    // An edit of a proposed letter takes it back to the draft the approver has not seen.
    if (letter.data.state === 'PROPOSED') patch.state = 'DRAFT';
    if (body.submit) {
      patch.state = 'PROPOSED';
      patch.returnNote = null;
    }
    return reply(await items.patchIn(tx, SYSTEM, letter.id, patch, opts(p)));
  });
}

/** The approver of the response's running RWF_LETTER_APPROVE step, or null. */
export function approverOf(response: ItemRow): string | null {
  const wf = response.data._wf as
    { steps?: { kind: string; state: string; assignedTo?: string | null }[] } | undefined;
  const step = wf?.steps?.find((s) => s.kind === 'RWF_LETTER_APPROVE' && s.state === 'ACTIVE');
  return step?.assignedTo ?? null;
}

export async function rwfLetterReturn({ services, principal: p, body }: LetterCall<'rwfLetterReturn'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const { letter, response } = await lockedLetter(tx, services, p, body.letter);
    // Only the chosen approver decides, as only they complete the approval step.
    if (!p.userId || approverOf(response) !== p.userId)
      throw new AppError('notAllowed', `only the approver of ${response.id} sends its letter back`);
    refuseState(letter, ['PROPOSED']);
    return reply(
      await items.patchIn(tx, SYSTEM, letter.id, { state: 'DRAFT', returnNote: body.note }, opts(p)),
    );
  });
}

/**
 * Stores generated bytes as a file of the response (an Attachment, like an upload's): read by
 * the response's readers, who are exactly the letter's (kept-files.ts).
 */
export async function storeFile(
  tx: Executor,
  s: Services,
  p: Principal,
  response: ItemRow,
  file: { name: string; type: string; bytes: Buffer },
): Promise<ItemRow> {
  const fileID = randomBytes(16).toString('hex');
  // Written before the rows commit: a failed send leaves unreferenced bytes, never a row without bytes.
  await s.files.write(fileKey(fileID), file.bytes);
  const att = await s.items.createIn(
    tx,
    SYSTEM,
    'Attachment',
    {
      originalName: file.name,
      fileID,
      uppyID: fileID,
      filetype: file.type,
      mimeGroup: mimeGroup(file.type),
      size: file.bytes.length,
      rel: response.id,
      relType: 'ConsultResponse',
      trashed: false,
    },
    opts(p),
  );
  return att;
}

/** "Letter Ridge road.pdf": a file name from the subject, safe on every system. */
export function letterFileName(subject: string, ext: string): string {
  const base = [...subject.normalize('NFC')]
    .map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base.slice(0, 120) || 'letter'}.${ext}`;
}

/** The letter's PDF as it would be sent, and who it would go to. Any state: a sent one is its record. */
export async function rwfLetterPreview({ services, principal: p, body }: LetterCall<'rwfLetterPreview'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const { letter, response } = await letterOf(tx, services, p, body.letter, false);
    await assertLetterStaff(tx, p, response);
    const { pdf } = await renderLetter(tx, services, letter, response, false);
    return { pdf: pdf.toString('base64'), ...(await letterRecipients(tx, items, p, response)) };
  });
}

export async function rwfLetterSend({ services, principal: p, body }: LetterCall<'rwfLetterSend'>) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const { letter, response } = await lockedLetter(tx, services, p, body.letter);
    await assertLetterStaff(tx, p, response);
    refuseState(letter, ['APPROVED']);
    const made = await renderLetter(tx, services, letter, response, true);
    const pdf = await storeFile(tx, services, p, response, {
      name: letterFileName(made.subject, 'pdf'),
      type: 'application/pdf',
      bytes: made.pdf,
    });
    const docx = await storeFile(tx, services, p, response, {
      name: letterFileName(made.subject, 'docx'),
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: made.docx!,
    });
    const sent = await sendResponseIn(tx, items, p, response, {
      purpose: 'CONSULT_RESPONSE',
      subject: made.subject,
      message: made.text,
      attachments: [pdf.id, docx.id],
      copyRegulators: body.copyRegulators === true,
    });
    await items.patchIn(
      tx,
      SYSTEM,
      letter.id,
      { state: 'SENT', thread: sent.thread, pdf: pdf.id, docx: docx.id },
      opts(p),
    );
    // Kept among the consultation's files (kept-files.ts), read as the response.
    for (const f of [pdf, docx])
      await mirrorFileRow(tx, items, f, 'created', String(response.data.consultation), opts(p));
    return { ...sent, pdf: pdf.id, docx: docx.id };
  });
}
