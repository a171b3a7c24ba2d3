import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import type { WorkflowInstance } from '../../workflow/types';
import { fieldworkWorld, type FieldworkWorld } from './fieldwork-fixture';

// GKF_WORK_ITEMS (spec §4; docs/geokeeper.md "Fieldwork jobs"): the job's work items
// (GeoKeeperWorkItem.fieldwork) are collected as field data; the step completes once the job has
// a work item, each has records, and every record is finalized; then the job is REPORTING. The
// proponent reads none of it.

let w: FieldworkWorld;
let job: string;
beforeAll(async () => {
  w = await fieldworkWorld();
  ({ job } = await w.job());
  await w.ok(w.ws.officer, 'act/gkfSendThread', {
    job,
    purpose: 'CONFIRM_FIELDWORK',
    subject: 'Dates',
    message: 'Tuesday?',
  });
  await w.complete(job, 'confirm');
}, 120_000);
afterAll(async () => w?.close());

const items = () => w.server.app.services.items;
const row = async (id: string) => (await items().readRow(id))!;
const fieldErrors = (r: Record<string, unknown>) => (r.fields as { path: string; key: string }[]) ?? [];
const refusal = async () =>
  fieldErrors(
    await w.erred(w.ws.officer, 'act/wfSetStepState', { item: job, step: 'collect', state: 'COMPLETE' }),
  );
const reads = async (id: string) =>
  !((await w.ws.proponent.request(`read/${id}`)).b as { erred?: boolean }).erred;

describe('GKF_WORK_ITEMS', () => {
  it('waits for a work item, its records, and every record finalized; then the job is REPORTING', async () => {
    expect((await row(job)).data['_wf.state']).toBe('COLLECTING');
    expect(await refusal()).toEqual([{ path: 'workItems', key: 'errors.required' }]);

    // A work item of the job in its program, assigned to the monitor (a plain member).
    const work = String(
      (
        await w.ok(w.ws.officer, 'create/GeoKeeperWorkItem', {
          label: 'Walk the east bank',
          program: w.program,
          fieldwork: job,
          assignees: [w.users.member.id],
        })
      ).$id,
    );
    // A work item of another job, not finalized, does not hold this one back.
    const other = await w.job();
    await items().create(
      SYSTEM,
      'GeoKeeperWorkItem',
      { label: 'Elsewhere', program: w.program, fieldwork: other.job },
      { owner: w.orgs.riverbend },
    );
    expect(await refusal()).toEqual([{ path: 'fieldData', key: 'errors.required' }]);

    // The monitor collects two records; one finalized is not enough.
    const record = async (label: string, finalized?: string) =>
      String(
        (
          await w.ok(w.ws.member, 'create/GeoKeeperFieldData', {
            label,
            formType: 'RECORD',
            program: w.program,
            workItem: work,
            formInstance: { formData: { observation: label } },
            ...(finalized ? { finalized } : {}),
          })
        ).$id,
      );
    const first = await record('Silt fence holding', '2026-11-20T10:00:00.000Z');
    const second = await record('Water clear');
    expect(await refusal()).toEqual([{ path: 'finalized', key: 'errors.required' }]);
    const r = await w.ok(w.ws.member, `read/${second}`, undefined);
    await w.ok(w.ws.member, 'update', {
      $id: second,
      $version: r.$version,
      finalized: '2026-11-20T11:00:00.000Z',
    });

    await w.complete(job, 'collect');
    expect((await row(job)).data['_wf.state']).toBe('REPORTING');
    const wf = (await row(job)).data._wf as WorkflowInstance;
    expect(wf.steps.find((s) => s.id === 'report')?.state).toBe('ACTIVE');
    // The proponent reads neither the work item nor the records.
    for (const id of [work, first, second, job]) expect(await reads(id)).toBe(false);
  });
});
