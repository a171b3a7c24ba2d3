import {
  AppError,
  assertSendableFiles,
  loadRowsAsSystem,
  setGrantIn,
  SYSTEM,
  type ActHandler,
  type Executor,
  type ItemRow,
} from '../../../../server/module-api';
import type { fieldworkActs } from '../../contract-fieldwork';
import { assertStaffOf, lockedReadable, opts, str, THREAD_GRANTOR } from './common';

// The threads a job sends its external party (spec §4: CONFIRM_FIELDWORK, FIELDWORK_REPORT,
// FIELDWORK_INVOICE). Each is the community's (owner), about the job (context), PROTECTED, and
// read by the external party's organisation through a grant: the proponent reads the thread, its
// messages and their files, never the job (a relation it cannot follow) nor its field data.

const THREAD_LEVEL = 'PROTECTED';

/** The job's own files (Attachment rows of the job), in the order asked; a file of anything else is refused. */
async function jobFiles(tx: Executor, job: ItemRow, ids: readonly string[]): Promise<ItemRow[]> {
  // As the system: only matched to the job here; the sender's read of each file before it is copied to the
  // party is issue 36 finding 2 (its own branch).
  const rows = await loadRowsAsSystem(tx, ids);
  const bad = ids.findIndex((id) => {
    const a = rows.get(id);
    return !a || a.deleted || a.type !== 'Attachment' || a.data.rel !== job.id || a.data.trashed === true;
  });
  if (bad >= 0)
    throw new AppError('invalidInput', `${ids[bad]} is not a file of ${job.id}`, {
      fields: [{ path: `attachments.${bad}`, key: 'errors.invalidValue' }],
    });
  return ids.map((id) => rows.get(id)!);
}

export const gkfSendThread: ActHandler<(typeof fieldworkActs)['gkfSendThread']> = async ({
  services,
  principal: p,
  body,
}) => {
  const { items } = services;
  return items.transaction(async (tx) => {
    const job = await lockedReadable(tx, items, p, body.job, 'GeoKeeperFieldwork');
    assertStaffOf(p, job.owner);
    const party = str(job.data.externalParty);
    if (!party)
      throw new AppError('invalidInput', `${job.id} has no external party`, {
        fields: [{ path: 'externalParty', key: 'errors.required' }],
      });
    // A report is its file: sending one without it is refused, as consult's response letter is.
    if (body.purpose === 'FIELDWORK_REPORT' && body.attachments.length === 0)
      throw new AppError('attachmentsRequired', 'a fieldwork report needs its file');
    const files = await jobFiles(tx, job, [...new Set(body.attachments)]);
    // The copies are read by the thread's readers (the community's staff, and the party by its
    // grant): never a file the sender may not open, nor one closed to some of them.
    await assertSendableFiles(items, tx, p, files, { owner: job.owner, access: THREAD_LEVEL });
    const notify = str(job.data.externalNotify);
    const thread = await items.createIn(
      tx,
      SYSTEM,
      'Thread',
      {
        subject: body.subject,
        context: job.id,
        purpose: body.purpose,
        ...(notify ? { participants: [notify] } : {}),
      },
      { ...opts(p), owner: job.owner, access: THREAD_LEVEL },
    );
    await setGrantIn(tx, items, thread.id, party, ['read'], { grantedBy: THREAD_GRANTOR, ...opts(p) });
    // Written after the grant, so core's notifier finds the external party's people able to read it.
    const message = await items.createIn(tx, p, 'Message', {
      thread: thread.id,
      body: body.message,
      author: p.userId,
    });
    // Copies of the chosen files on the message (same stored bytes, new rows): the external party
    // reads them through the thread, never the job's other files.
    const copies: string[] = [];
    for (const [i, f] of files.entries()) {
      const copy: Record<string, unknown> = {
        rel: message.id,
        relProp: 'attachments',
        relIndex: i,
        relType: 'Message',
      };
      for (const k of ['originalName', 'fileID', 'filetype', 'size', 'mimeGroup'])
        if (f.data[k] !== undefined && f.data[k] !== null) copy[k] = f.data[k];
      copies.push((await items.createIn(tx, SYSTEM, 'Attachment', copy, opts(p))).id);
    }
    if (copies.length) await items.patchIn(tx, SYSTEM, message.id, { attachments: copies }, opts(p));
    // Asking the external party to confirm is the job's first stage: NEW becomes CONFIRMING.
    const state = job.data['_wf.state'];
    if (body.purpose === 'CONFIRM_FIELDWORK' && (state === undefined || state === null || state === 'NEW'))
      await items.patchIn(tx, SYSTEM, job.id, { '_wf.state': 'CONFIRMING' }, opts(p));
    return { thread: thread.id, message: message.id };
  });
};
