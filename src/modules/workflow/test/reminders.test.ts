import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import { MailSink } from '../../../../test/helpers/mail-sink';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { REMINDER_JOB, sweepDueReminders } from '../server/reminders';
import type { WorkflowInstance } from '../types';
import { TEST_MODULES } from './fixture';

// Due reminders on a real server with a real SMTP sink: the sweep reminds an open step's
// assignee once per threshold (3 days before, on the day), records WKF_STEP_DUE_REMINDED, and
// core's mailer mails by the person's notify preference. The job is scheduled on the configured cron.

type U = { id: string; email: string };
let tdb: TestDatabase;
let sink: MailSink;
let server: TestServer;
let community: string;
let immediate: U, none: U, editor: U;
let definition: string;

const items = () => server.app.services.items;
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

async function reminded(id: string) {
  return query<{ data: { reminders: { step: string; threshold: number }[] } }>(
    items().db,
    sql`select data from events where item_id = ${id} and kind = 'WKF_STEP_DUE_REMINDED' order by id`,
  );
}
async function dueNotifies(user: string, id: string) {
  const r = await query<{ n: number }>(
    items().db,
    sql`select count(*)::int as n from items where type = 'Notify' and data->>'kind' = 'due'
      and data->>'recipient' = ${user} and data->>'context' = ${id}`,
  );
  return Number(r[0]!.n);
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  sink = await MailSink.start();
  server = await startTestServer(
    tdb.database,
    { smtpUrl: sink.url, notifyMailIntervalMs: 300, workflowReminderCron: '*/30 * * * *' },
    TEST_MODULES,
  );
  community = await makeOrg(items(), 'Riverbend First Nation');
  editor = await makeUser(items(), [[community, 'editor']]);
  immediate = await makeUser(items(), [[community, 'editor']]);
  none = await makeUser(items(), [[community, 'editor']]);
  for (const [u, notify] of [
    [immediate, 'IMMEDIATE'],
    [none, 'NONE'],
  ] as const)
    await items().create(SYSTEM, 'Contact', {
      firstName: 'Pat',
      lastName: u.id,
      email: u.email,
      user: u.id,
      owner: community,
      notify,
    });
  definition = (
    await items().create(SYSTEM, 'Workflow', {
      label: 'Due in ten days',
      appliesTo: 'WfTask',
      owner: community,
      steps: [
        { id: 'a', kind: 'WKF_CONFIRM', label: 'Answer', rule: 'next', due: { days: 10, from: 'received' } },
        { id: 'b', kind: 'WKF_CONFIRM', label: 'Later' },
      ],
    })
  ).$id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await sink?.close();
  await tdb?.close();
});

async function task(assignee: U, received = '2026-03-01') {
  const t = await items().create(
    SYSTEM,
    'WfTask',
    { title: `Referral for ${assignee.id}`, received, workflow: definition },
    { owner: community, actor: editor.id },
  );
  const r = await items().readRow(t.$id);
  const wf = r!.data._wf as WorkflowInstance;
  wf.steps[0]!.assignedTo = assignee.id;
  await items().transaction((tx) =>
    items().patchIn(tx, SYSTEM, t.$id, { _wf: wf, '_wf.$assigned': [assignee.id] }, { touchOnly: true }),
  );
  return t.$id;
}

describe('due reminders', () => {
  it('reminds once per step and threshold, records each, and mails by the notify preference', async () => {
    const mine = await task(immediate);
    const quiet = await task(none);
    expect((await items().readRow(mine))!.data['_wf.$assignedDue']).toBe('2026-03-11');

    // Four days before: nothing yet.
    await sweepDueReminders(server.app.services, day('2026-03-07'));
    expect(await dueNotifies(immediate.id, mine)).toBe(0);
    // Three days before: one reminder each, and a second sweep the same day sends nothing.
    await sweepDueReminders(server.app.services, day('2026-03-08'));
    await sweepDueReminders(server.app.services, day('2026-03-09'));
    expect(await dueNotifies(immediate.id, mine)).toBe(1);
    expect(await dueNotifies(none.id, quiet)).toBe(1);
    // Core's mailer (IMMEDIATE: within its interval) mails it, naming the item.
    expect((await sink.next(immediate.email, 0)).body).toContain('Due soon: Referral for');
    expect((await reminded(mine)).map((e) => e.data.reminders)).toEqual([
      [{ step: 'a', user: immediate.id, threshold: 3, dueDate: '2026-03-11' }],
    ]);
    // On the day: the second threshold, once.
    await sweepDueReminders(server.app.services, day('2026-03-11'));
    await sweepDueReminders(server.app.services, day('2026-03-12'));
    expect(await dueNotifies(immediate.id, mine)).toBe(2);
    expect((await reminded(mine)).map((e) => e.data.reminders[0]!.threshold)).toEqual([3, 0]);
    const step = ((await items().readRow(mine))!.data._wf as WorkflowInstance).steps[0]!;
    expect(step.reminded).toEqual([3, 0]);

    expect((await sink.next(immediate.email, 1)).body).toContain('Due soon: Referral for');
    // NONE: in the bell, never by mail.
    expect(sink.to(none.email)).toEqual([]);
  });

  it('reminds a late step once (not once per missed threshold), and nobody for a finished step', async () => {
    const late = await task(immediate);
    await sweepDueReminders(server.app.services, day('2026-04-01'));
    expect(await dueNotifies(immediate.id, late)).toBe(1);
    expect((await reminded(late)).map((e) => e.data.reminders)).toEqual([
      [{ step: 'a', user: immediate.id, threshold: 0, dueDate: '2026-03-11' }],
    ]);
    const done = await task(immediate);
    const wf = (await items().readRow(done))!.data._wf as WorkflowInstance;
    wf.steps[0]!.state = 'COMPLETE';
    await items().transaction((tx) => items().patchIn(tx, SYSTEM, done, { _wf: wf }, { touchOnly: true }));
    await sweepDueReminders(server.app.services, day('2026-04-01'));
    expect(await dueNotifies(immediate.id, done)).toBe(0);
  });

  it('runs as a pg-boss job on the configured cron (WORKFLOW_REMINDER_CRON)', async () => {
    expect(await server.app.services.jobs.schedules(REMINDER_JOB)).toEqual([
      { name: REMINDER_JOB, cron: '*/30 * * * *', timezone: 'UTC' },
    ]);
    // A step due today; the job, sent now, runs the sweep on today's date and reminds its assignee.
    const received = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const today = await task(immediate, received);
    await server.app.services.jobs.send(REMINDER_JOB, {});
    for (let i = 0; i < 100 && (await reminded(today)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await reminded(today)).map((e) => e.data.reminders[0]!.threshold)).toEqual([0]);
    expect(await dueNotifies(immediate.id, today)).toBe(1);
  });

  it('reminds no blocked assignee (issue 36, finding 13)', async () => {
    const gone = await makeUser(items(), [[community, 'editor']]);
    const theirs = await task(gone);
    await items().db.execute(sql`update credentials set blocked = true where user_id = ${gone.id}`);
    await sweepDueReminders(server.app.services, day('2026-03-11'));
    expect(await dueNotifies(gone.id, theirs)).toBe(0);
  });
});
