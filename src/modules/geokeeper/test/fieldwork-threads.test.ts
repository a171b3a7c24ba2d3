import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import type { WorkflowInstance } from '../../workflow/types';
import { fieldworkWorld, type FieldworkWorld } from './fieldwork-fixture';

// GKF_CONFIRM, GKF_REPORT and GKF_INVOICE (spec §4; docs/geokeeper.md "Fieldwork jobs"): each
// completes once its thread went to the external party (CONFIRM_FIELDWORK, FIELDWORK_REPORT with
// the report file, FIELDWORK_INVOICE), and each step's `sets` moves the job's stage. The proponent
// reads those threads, their messages and the files sent, never the job, its other files, nor a
// thread of the community's own about the job.

let w: FieldworkWorld;
let job: string;
beforeAll(async () => {
  w = await fieldworkWorld();
  ({ job } = await w.job());
}, 120_000);
afterAll(async () => w?.close());

const items = () => w.server.app.services.items;
const row = async (id: string) => (await items().readRow(id))!;
const stage = async () => (await row(job)).data['_wf.state'];
const stepState = async (step: string) =>
  ((await row(job)).data._wf as WorkflowInstance).steps.find((s) => s.id === step)?.state;
const fieldErrors = (r: Record<string, unknown>) => (r.fields as { path: string; key: string }[]) ?? [];
const refusal = (step: string) =>
  w.erred(w.ws.officer, 'act/wfSetStepState', { item: job, step, state: 'COMPLETE' });
const send = (purpose: string, attachments: string[] = [], who = w.ws.officer) =>
  w.ok(who, 'act/gkfSendThread', {
    job,
    purpose,
    subject: `${purpose} subject`,
    message: `${purpose} text`,
    attachments,
  });
const reads = async (id: string) =>
  !((await w.ws.proponent.request(`read/${id}`)).b as { erred?: boolean }).erred;
const jobFile = async (name: string) =>
  (await items().create(SYSTEM, 'Attachment', { originalName: name, rel: job, fileID: 'c'.repeat(32) })).$id;

describe('the fieldwork threads', () => {
  it('GKF_CONFIRM: completes once the confirmation request went to the proponent (NEW → CONFIRMING → COLLECTING)', async () => {
    expect(await stage()).toBe('NEW');
    expect(fieldErrors(await refusal('confirm'))).toEqual([{ path: 'thread', key: 'errors.required' }]);
    // Only the community's staff send; the proponent and a plain member are not told the job exists.
    for (const c of [w.ws.proponent, w.ws.member, w.ws.outsider]) {
      const r = await w.erred(c, 'act/gkfSendThread', {
        job,
        purpose: 'CONFIRM_FIELDWORK',
        subject: 's',
        message: 'm',
      });
      expect(r.userMessage).toMatch(/notFound/);
    }
    const { thread, message } = await send('CONFIRM_FIELDWORK');
    expect(await stage()).toBe('CONFIRMING');
    const t = await row(String(thread));
    expect(t.owner).toBe(w.orgs.riverbend);
    expect(t.data).toMatchObject({
      context: job,
      purpose: 'CONFIRM_FIELDWORK',
      subject: 'CONFIRM_FIELDWORK subject',
    });
    // The proponent reads the thread and its message, and answers in it; never the job.
    expect(await reads(String(thread))).toBe(true);
    expect(await reads(String(message))).toBe(true);
    expect(await reads(job)).toBe(false);
    const shown = JSON.stringify((await w.ws.proponent.request(`read/${String(thread)}`)).b);
    expect(shown).not.toContain('Monitor ');
    await w.ok(w.ws.proponent, 'create/Message', { thread, body: 'Confirmed: Tuesday at the gate.' });
    await w.complete(job, 'confirm');
    expect(await stage()).toBe('COLLECTING');
    expect(await stepState('collect')).toBe('ACTIVE');
  });

  it("keeps a community's own thread about the job from the proponent", async () => {
    const internal = await w.ok(w.ws.staff, 'create/Thread', { subject: 'Who goes Tuesday?', context: job });
    expect(await reads(String(internal.$id))).toBe(false);
  });

  it('GKF_REPORT: needs the report sent with its file (REPORTING → INVOICING)', async () => {
    // The work items step has its own tests: forced here.
    await w.ok(w.ws.officer, 'act/wfForceStepState', { item: job, step: 'collect', state: 'COMPLETE' });
    await w.ok(w.ws.officer, 'act/wfForceState', { item: job, state: 'REPORTING' });
    expect(await stepState('report')).toBe('ACTIVE');
    expect(fieldErrors(await refusal('report'))).toEqual([{ path: 'report', key: 'errors.required' }]);
    // A report without its file is refused, and so is a file that is not the job's.
    expect(
      (
        await w.erred(w.ws.officer, 'act/gkfSendThread', {
          job,
          purpose: 'FIELDWORK_REPORT',
          subject: 's',
          message: 'm',
        })
      ).userMessage,
    ).toMatch(/attachmentsRequired/);
    const stray = (
      await items().create(SYSTEM, 'Attachment', {
        originalName: 'x.pdf',
        rel: w.program,
        fileID: 'd'.repeat(32),
      })
    ).$id;
    const bad = await w.erred(w.ws.officer, 'act/gkfSendThread', {
      job,
      purpose: 'FIELDWORK_REPORT',
      subject: 's',
      message: 'm',
      attachments: [stray],
    });
    expect(fieldErrors(bad)).toEqual([{ path: 'attachments.0', key: 'errors.invalidValue' }]);
    const report = await jobFile('culvert-report.pdf');
    const notes = await jobFile('field-notes.pdf');
    const { thread, message } = await send('FIELDWORK_REPORT', [report]);
    // The proponent reads the copy sent on the message, never the job's own files.
    const m = (await w.ws.proponent.request(`read/${String(message)}`)).b as { attachments?: string[] };
    expect(m.attachments).toHaveLength(1);
    expect(await reads(m.attachments![0]!)).toBe(true);
    expect((await row(m.attachments![0]!)).data.originalName).toBe('culvert-report.pdf');
    expect(await reads(report)).toBe(false);
    expect(await reads(notes)).toBe(false);
    expect(await reads(String(thread))).toBe(true);
    await w.complete(job, 'report');
    expect(await stage()).toBe('INVOICING');
  });

  it('GKF_INVOICE: completes once the invoice went to the proponent (INVOICING → DONE)', async () => {
    expect(await stepState('invoice')).toBe('ACTIVE');
    expect(fieldErrors(await refusal('invoice'))).toEqual([{ path: 'thread', key: 'errors.required' }]);
    const { thread } = await send('FIELDWORK_INVOICE');
    expect(await reads(String(thread))).toBe(true);
    await w.complete(job, 'invoice');
    expect(await stage()).toBe('DONE');
    // A search of the proponent's threads shows exactly the three sent to it.
    const s = (await w.ws.proponent.request('search/ids', { must: { _t: ['Thread'] }, max: 50 })).b as {
      ids: string[];
    };
    const purposes = await Promise.all(s.ids.map(async (id) => (await row(id)).data.purpose));
    expect(purposes.sort()).toEqual(['CONFIRM_FIELDWORK', 'FIELDWORK_INVOICE', 'FIELDWORK_REPORT']);
  });
});

describe('the files a thread sends (issue 36: copies carry their source’s restriction)', () => {
  let other: string;
  let elders: string;
  let open: string;
  let restricted: string;
  const proponentThreads = async () =>
    (
      (await w.ok(w.ws.proponent, 'search/ids', { must: { _t: ['Thread'] }, max: 100 })).ids as string[]
    ).sort();
  const sendOther = (who: typeof w.ws.officer, attachments: string[]) =>
    who.request('act/gkfSendThread', {
      job: other,
      purpose: 'FIELDWORK_REPORT',
      subject: 'Report',
      message: 'The report.',
      attachments,
    });

  beforeAll(async () => {
    ({ job: other } = await w.job());
    elders = (
      await items().create(
        SYSTEM,
        'Protocol',
        { name: 'Elders', members: [w.users.officer.id] },
        { owner: w.orgs.riverbend },
      )
    ).$id;
    const file = async (originalName: string, extra: Record<string, unknown> = {}) =>
      (
        await items().create(SYSTEM, 'Attachment', {
          originalName,
          rel: other,
          fileID: 'e'.repeat(32),
          ...extra,
        })
      ).$id;
    open = await file('culvert-photos.pdf');
    restricted = await file('elders-crossing-story.pdf', { $protocols: [elders] });
    // The officer's open session learns of its protocol through the principals reload.
    for (let i = 0; i < 50; i++) {
      if (!((await w.ws.officer.request(`read/${restricted}`)).b as { erred?: boolean }).erred) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('refuses a file the sender may not open, and sends nothing', async () => {
    const before = await proponentThreads();
    const r = (await sendOther(w.ws.staff, [open, restricted])).b as Record<string, unknown>;
    expect(r.userMessage).toBe('notAllowed');
    expect(JSON.stringify(r)).not.toContain('elders-crossing');
    expect(await proponentThreads()).toEqual(before);
  });

  it('refuses a protocol-restricted file from a member of the protocol, naming it', async () => {
    const before = await proponentThreads();
    const r = (await sendOther(w.ws.officer, [restricted, open])).b as Record<string, unknown>;
    expect(r.userMessage).toBe('invalidInput');
    expect(fieldErrors(r)).toEqual([
      { path: 'attachments.0', key: 'errors.restrictedFile', params: { name: 'elders-crossing-story.pdf' } },
    ]);
    expect(await proponentThreads()).toEqual(before);
  });

  it('sends the open file alone', async () => {
    const r = (await sendOther(w.ws.staff, [open])).b as { message: string };
    const m = (await w.ws.proponent.request(`read/${r.message}`)).b as { attachments: string[] };
    expect((await row(m.attachments[0]!)).data.originalName).toBe('culvert-photos.pdf');
    expect(await reads(m.attachments[0]!)).toBe(true);
  });
});
