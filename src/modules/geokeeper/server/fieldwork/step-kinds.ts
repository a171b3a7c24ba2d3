import { sql } from 'drizzle-orm';
import { AppError, query, type StepContext, type StepKindHandler } from '../../../../server/module-api';
import { jobThreads, missing, threadsWithFiles } from './common';
import { jobOfStep } from './start';

// What the fieldwork step kinds mean on the server (spec §4; docs/geokeeper.md "Fieldwork jobs"):
// each check runs in the step move's transaction, and an AppError refuses the move. A refusal's
// field path names what is missing; the step panels say it in words.

/** The job's work items and, for each, how many records it has and how many are finalized. */
export async function workItemsProgress(ctx: Pick<StepContext, 'tx'>, job: string) {
  return query<{ id: string; records: number; finalized: number }>(
    ctx.tx,
    sql`select w.id,
        count(d.id)::int as records,
        count(d.id) filter (where d.data->>'finalized' is not null)::int as finalized
      from items w
      left join items d on d.type = 'GeoKeeperFieldData' and not d.deleted
        and d.data->>'workItem' = w.id and d.data->>'formType' = 'RECORD'
      where w.type = 'GeoKeeperWorkItem' and not w.deleted and w.data->>'fieldwork' = ${job}
      group by w.id, w.num order by w.num`,
  );
}

export const fieldworkStepKinds: Record<string, StepKindHandler> = {
  /** Completes once the confirmation request was sent to the external party (its thread). */
  GKF_CONFIRM: {
    async canComplete(ctx) {
      if ((await jobThreads(ctx.tx, ctx.item, ['CONFIRM_FIELDWORK'])).length === 0)
        missing('thread', 'send the confirmation request first');
    },
  },
  /**
   * The job's work items (GeoKeeperWorkItem.fieldwork), collected as field data: completes once
   * the job has a work item, each has at least one record, and every record is finalized (the
   * monitors' data is in and locked, so the report is written from what will not change).
   */
  GKF_WORK_ITEMS: {
    async canComplete(ctx) {
      const rows = await workItemsProgress(ctx, ctx.item.id);
      if (rows.length === 0) missing('workItems', 'add a work item to the job first');
      if (rows.some((r) => r.records === 0)) missing('fieldData', 'each work item needs its field data');
      if (rows.some((r) => r.finalized < r.records)) missing('finalized', 'finalize the field data first');
    },
  },
  /** Completes once the report was sent to the external party with its file. */
  GKF_REPORT: {
    async canComplete(ctx) {
      const threads = await jobThreads(ctx.tx, ctx.item, ['FIELDWORK_REPORT']);
      if ((await threadsWithFiles(ctx.tx, threads)) === 0)
        missing('report', 'send the report with its file first');
    },
  },
  /** Completes once the invoice was sent to the external party. */
  GKF_INVOICE: {
    async canComplete(ctx) {
      if ((await jobThreads(ctx.tx, ctx.item, ['FIELDWORK_INVOICE'])).length === 0)
        missing('thread', 'send the invoice first');
    },
  },
  /**
   * On a consultation response: starts a fieldwork job (gkfStartFromResponse: a person chooses its
   * name and program) and completes when that job reaches DONE (completion.ts moves it).
   */
  RWF_FIELDWORK: {
    adHoc: true,
    async canComplete(ctx) {
      const job = await jobOfStep(ctx.tx, ctx.item.id, ctx.step.id);
      if (!job) missing('job', 'start the fieldwork job first');
      if (job.data['_wf.state'] !== 'DONE')
        throw new AppError('invalidInput', `${job.id} is not done`, {
          fields: [{ path: 'jobDone', key: 'errors.required' }],
        });
    },
  },
};
