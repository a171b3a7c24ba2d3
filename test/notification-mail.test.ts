import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/server/db/query';
import { SYSTEM } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { DIGEST_JOB } from '../src/modules/core/server/notify/digest-job';
import { setPref } from '../src/modules/core/server/notify/prefs';
import { sendDigests, sendImmediate } from '../src/modules/core/server/notify/mail';
import { makeOrg, makeUser } from './helpers/fixtures';
import { MailSink } from './helpers/mail-sink';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// Notification e-mails through the real mailer to a real SMTP server: IMMEDIATE and DIGEST
// preferences, nothing sent twice, and only what the recipient may read at send time.

let tdb: TestDatabase;
let server: TestServer;
let sink: MailSink;
let community: string;
type U = { id: string; email: string };
let editor: U, staffImmediate: U, staffDigest: U, memberNone: U, memberImmediate: U;

async function contact(user: U, notify?: string) {
  await server.app.services.items.create(SYSTEM, 'Contact', {
    firstName: 'Pat',
    lastName: user.id,
    email: user.email,
    user: user.id,
    owner: community,
    ...(notify ? { notify } : {}),
  });
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  sink = await MailSink.start();
  server = await startTestServer(tdb.database, { smtpUrl: sink.url, notifyMailIntervalMs: 3_600_000 });
  const items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  editor = await makeUser(items, [[community, 'editor']]);
  staffImmediate = await makeUser(items, [[community, 'staff']]);
  staffDigest = await makeUser(items, [[community, 'staff']]);
  memberNone = await makeUser(items, [[community, 'member']]);
  memberImmediate = await makeUser(items, [[community, 'member']]);
  await contact(staffImmediate, 'IMMEDIATE');
  await contact(memberNone, 'NONE');
  await contact(memberImmediate, 'IMMEDIATE');
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
  await tdb?.close();
});

const mailsTo = (u: U) => sink.mails.filter((m) => m.to.includes(u.email));

describe('notification e-mails', () => {
  it('mails IMMEDIATE recipients once, digests DIGEST ones once, and never shows what they cannot read', async () => {
    const { items } = server.app.services;
    const asEditor = (await loadPrincipal(items.db, editor.id))!;
    await items.create(asEditor, 'Thread', {
      subject: 'Fish camp schedule',
      $access: 'COMMUNITY',
      participants: [staffImmediate.id, staffDigest.id, memberNone.id, memberImmediate.id],
    });
    const secret = await items.create(asEditor, 'Thread', {
      subject: 'Burial site location',
      $access: 'COMMUNITY',
      assignedTo: memberImmediate.id,
    });
    // Before the mail goes out, the thread becomes PROTECTED: a member may no longer read it.
    await items.update(asEditor, { $id: secret.$id, $version: secret.$version, $access: 'PROTECTED' });

    expect(await sendImmediate(server.app.services)).toBe(2);
    expect(mailsTo(staffImmediate)).toHaveLength(1);
    const forMember = mailsTo(memberImmediate);
    expect(forMember).toHaveLength(1);
    expect(forMember[0]!.body).toContain('Fish camp schedule');
    expect(forMember[0]!.raw).not.toContain('Burial site');
    expect(forMember[0]!.body).toContain('/i-Thread-');
    expect(mailsTo(staffDigest)).toHaveLength(0);
    expect(mailsTo(memberNone)).toHaveLength(0);

    // A second run (another node, a restart) finds nothing left to send.
    expect(await sendImmediate(server.app.services)).toBe(0);
    expect(await sendDigests(server.app.services)).toBe(1);
    const digest = mailsTo(staffDigest);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.headers.subject).toContain('daily summary');
    expect(digest[0]!.body).toContain('Fish camp schedule');
    expect(await sendDigests(server.app.services)).toBe(0);
    expect(mailsTo(memberNone)).toHaveLength(0);
    expect(sink.mails).toHaveLength(3);
  });

  it("words a module's own kind from its titles: a referral submitted to the community", async () => {
    const { items } = server.app.services;
    const thread = await items.create(SYSTEM, 'Thread', {
      subject: 'Kettle River referral',
      owner: community,
    });
    await items.create(
      SYSTEM,
      'Notify',
      { kind: 'submitted', recipient: staffImmediate.id, context: thread.$id, unread: true },
      { owner: null, access: 'PRIVATE' },
    );
    const before = mailsTo(staffImmediate).length;
    expect(await sendImmediate(server.app.services)).toBe(1);
    const mail = mailsTo(staffImmediate)[before]!;
    expect(mail.body).toContain('Submitted to your community: Kettle River referral');
  });

  it('PREFS keeps a notification in the bell but out of the mail', async () => {
    const { items } = server.app.services;
    const asEditor = (await loadPrincipal(items.db, editor.id))!;
    const quiet = await items.create(asEditor, 'Thread', {
      subject: 'Quiet thread',
      participants: [staffImmediate.id],
    });
    await setPref(items.db, staffImmediate.id, quiet.$id, 'PREFS');
    const loud = await items.create(asEditor, 'Thread', {
      subject: 'Loud thread',
      participants: [staffImmediate.id],
    });
    const before = mailsTo(staffImmediate).length;
    expect(await sendImmediate(server.app.services)).toBe(1);
    const mail = mailsTo(staffImmediate)[before]!;
    expect(mail.body).toContain('Loud thread');
    expect(mail.raw).not.toContain('Quiet thread');
    expect(loud.$id).not.toBe(quiet.$id);
  });

  it('schedules notify.digest daily (NOTIFY_DIGEST_CRON, UTC); the job mails the digest once', async () => {
    const { items, jobs } = server.app.services;
    expect(await jobs.schedules(DIGEST_JOB)).toEqual([
      { name: DIGEST_JOB, cron: '0 7 * * *', timezone: 'UTC' },
    ]);
    const asEditor = (await loadPrincipal(items.db, editor.id))!;
    await items.create(asEditor, 'Thread', { subject: 'Digest by job', participants: [staffDigest.id] });
    const before = mailsTo(staffDigest).length;
    // What cron would do at 07:00 UTC: send the job; one node works it.
    await jobs.send(DIGEST_JOB, {});
    const mail = await sink.next(staffDigest.email, before, 10_000);
    expect(mail.headers.subject).toContain('daily summary');
    expect(mail.body).toContain('Digest by job');
    // A second run (another node's cron, a retry) has nothing left to mail.
    await jobs.send(DIGEST_JOB, {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(staffDigest)).toHaveLength(before + 1);
  });

  describe('blocked accounts (issue 36, finding 13)', () => {
    const block = (u: U) =>
      server.app.services.items.db.execute(
        sql`update credentials set blocked = true where user_id = ${u.id}`,
      );
    const notifies = async (u: U) =>
      (
        await query<{ n: number }>(
          server.app.services.items.db,
          sql`select count(*)::int as n from items where type = 'Notify' and data->>'recipient' = ${u.id}`,
        )
      )[0]!.n;

    it('makes no notification for a blocked account', async () => {
      const { items } = server.app.services;
      const blocked = await makeUser(items, [[community, 'staff']]);
      await contact(blocked, 'IMMEDIATE');
      await block(blocked);
      const asEditor = (await loadPrincipal(items.db, editor.id))!;
      await items.create(asEditor, 'Thread', { subject: 'Hunting grounds', participants: [blocked.id] });
      expect(await notifies(blocked)).toBe(0);
      await sendImmediate(server.app.services);
      expect(mailsTo(blocked)).toHaveLength(0);
    });

    it('mails neither the immediate mail nor the digest to an account blocked since its notifications were made', async () => {
      const { items } = server.app.services;
      const soon = await makeUser(items, [[community, 'staff']]);
      const daily = await makeUser(items, [[community, 'staff']]);
      await contact(soon, 'IMMEDIATE');
      await contact(daily);
      const asEditor = (await loadPrincipal(items.db, editor.id))!;
      await items.create(asEditor, 'Thread', {
        subject: 'Medicine walk',
        participants: [soon.id, daily.id],
      });
      expect(await notifies(soon)).toBe(1);
      expect(await notifies(daily)).toBe(1);
      await block(soon);
      await block(daily);
      await sendImmediate(server.app.services);
      await sendDigests(server.app.services);
      expect(mailsTo(soon)).toHaveLength(0);
      expect(mailsTo(daily)).toHaveLength(0);
    });
  });
});
