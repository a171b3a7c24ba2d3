import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import type { WorkflowInstance } from '../../workflow/types';
import { fieldworkWorld, type FieldworkWorld } from './fieldwork-fixture';

// RWF_FIELDWORK (spec §4; docs/geokeeper.md "Fieldwork jobs"): a lands officer starts a fieldwork
// job from the response's ACTIVE step; the job is the community's, for the proponent, made from
// the consultation, running the community's default fieldwork workflow (made on first use); the
// step refuses to complete until the job is DONE, and completes by itself when it is.

let w: FieldworkWorld;
beforeAll(async () => {
  w = await fieldworkWorld();
}, 120_000);
afterAll(async () => w?.close());

const row = async (id: string) => (await w.server.app.services.items.readRow(id))!;
const steps = async (id: string) => ((await row(id)).data._wf as WorkflowInstance).steps;
const stepState = async (id: string, step: string) => (await steps(id)).find((s) => s.id === step)?.state;
const fieldErrors = (r: Record<string, unknown>) => (r.fields as { path: string; key: string }[]) ?? [];

describe('RWF_FIELDWORK', () => {
  it('starts a job for the proponent from the consultation, running the default fieldwork workflow', async () => {
    const { consultation, response } = await w.referral();
    expect(await stepState(response, 'fieldwork')).toBe('ACTIVE');
    const { job } = await w.ok(w.ws.officer, 'act/gkfStartFromResponse', {
      response,
      step: 'fieldwork',
      label: 'Watch the culvert go in',
      program: w.program,
    });
    const j = await row(String(job));
    expect(j.owner).toBe(w.orgs.riverbend);
    expect(j.data).toMatchObject({
      label: 'Watch the culvert go in',
      ownedBy: w.orgs.riverbend,
      externalParty: w.orgs.pipeline,
      createdFrom: consultation,
      program: w.program,
      response,
      responseStep: 'fieldwork',
      '_wf.state': 'NEW',
    });
    // The default definition was made for the community, and the job's first step started.
    const def = await row(String(j.data.workflow));
    expect(def.owner).toBe(w.orgs.riverbend);
    expect(def.data).toMatchObject({ appliesTo: 'GeoKeeperFieldwork', isDefault: true });
    expect((await steps(String(job))).map((s) => [s.kind, s.state])).toEqual([
      ['GKF_CONFIRM', 'ACTIVE'],
      ['GKF_WORK_ITEMS', 'BLANK'],
      ['GKF_REPORT', 'BLANK'],
      ['GKF_INVOICE', 'BLANK'],
    ]);
    // A second job uses the same definition; a second start from the same step is refused.
    const again = await w.erred(w.ws.officer, 'act/gkfStartFromResponse', {
      response,
      step: 'fieldwork',
      label: 'Twice',
    });
    expect(fieldErrors(again)).toEqual([{ path: 'step', key: 'errors.invalidValue' }]);
    const other = await w.job();
    expect((await row(other.job)).data.workflow).toBe(j.data.workflow);
  });

  it('is refused to who is not the community staff, for a step not started, or a program not theirs', async () => {
    const { response } = await w.referral();
    const body = { response, step: 'fieldwork', label: 'Job' };
    // The proponent reads the consultation, not the response: not told it exists.
    expect((await w.erred(w.ws.proponent, 'act/gkfStartFromResponse', body)).userMessage).toMatch(/notFound/);
    expect((await w.erred(w.ws.member, 'act/gkfStartFromResponse', body)).userMessage).toMatch(
      /notFound|notAllowed/,
    );
    expect((await w.erred(w.ws.outsider, 'act/gkfStartFromResponse', body)).userMessage).toMatch(/notFound/);
    const research = await w.erred(w.ws.officer, 'act/gkfStartFromResponse', { ...body, step: 'research' });
    expect(fieldErrors(research)).toEqual([{ path: 'step', key: 'errors.invalidValue' }]);
    const theirs = (
      await w.server.app.services.items.create(
        SYSTEM,
        'GeoKeeperProgram',
        { label: 'Lakeside program', access: 'IN_ORG' },
        { owner: w.orgs.other },
      )
    ).$id;
    const bad = await w.erred(w.ws.officer, 'act/gkfStartFromResponse', { ...body, program: theirs });
    expect(fieldErrors(bad)).toEqual([{ path: 'program', key: 'errors.invalidValue' }]);
    // The staff member of the community may start it (the response's working staff).
    const ok = await w.ok(w.ws.staff, 'act/gkfStartFromResponse', body);
    expect(String(ok.job)).toMatch(/^GeoKeeperFieldwork-/);
  });

  it('may be added ad hoc to a response, then starts its job', async () => {
    const { response } = await w.referral();
    await w.ok(w.ws.officer, 'act/wfAddStep', {
      item: response,
      after: 'research',
      kind: 'RWF_FIELDWORK',
      label: 'A second visit',
    });
    const added = (await steps(response)).find((s) => s.kind === 'RWF_FIELDWORK' && s.id !== 'fieldwork')!;
    expect(added.adHoc).toBe(true);
    await w.ok(w.ws.officer, 'act/wfSetStepState', { item: response, step: added.id, state: 'ACTIVE' });
    const { job } = await w.ok(w.ws.officer, 'act/gkfStartFromResponse', {
      response,
      step: added.id,
      label: 'Second visit',
    });
    expect((await row(String(job))).data.responseStep).toBe(added.id);
  });

  it('completes only when its job is DONE, and by itself when the job gets there', async () => {
    const { response } = await w.referral();
    const early = await w.erred(w.ws.officer, 'act/wfSetStepState', {
      item: response,
      step: 'fieldwork',
      state: 'COMPLETE',
    });
    expect(fieldErrors(early)).toEqual([{ path: 'job', key: 'errors.required' }]);
    const { job } = await w.ok(w.ws.officer, 'act/gkfStartFromResponse', {
      response,
      step: 'fieldwork',
      label: 'Job',
    });
    const notDone = await w.erred(w.ws.officer, 'act/wfSetStepState', {
      item: response,
      step: 'fieldwork',
      state: 'COMPLETE',
    });
    expect(fieldErrors(notDone)).toEqual([{ path: 'jobDone', key: 'errors.required' }]);
    // The job's steps forced through (their own checks are the other files' tests): the last one
    // sets DONE, and the response's step follows.
    for (const step of ['confirm', 'collect', 'report', 'invoice'])
      await w.ok(w.ws.officer, 'act/wfForceStepState', { item: job, step, state: 'COMPLETE' });
    await w.ok(w.ws.officer, 'act/wfForceState', { item: job, state: 'DONE' });
    await w.server.app.idle();
    await expect.poll(() => stepState(response, 'fieldwork'), { timeout: 10_000 }).toBe('COMPLETE');
    const s = (await steps(response)).find((x) => x.id === 'fieldwork')!;
    expect(s.completedBy).toBe(w.users.officer.id);
    // The next step of the response started.
    expect(await stepState(response, 'research')).toBe('ACTIVE');
  });
});
