import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../../../server/auth/principals';
import { SYSTEM, type Principal } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';

// The GeoKeeper server rules (docs/geokeeper.md): program access kept as grants and re-applied
// in the write's transaction when the mode, its users or a work item's assignees change; the
// COMMUNITY-only org setting; a record's trip and work item; the finalized lock and the event
// GKP_RELATED_FINALIZED on what a finalized record relates to.

let tdb: TestDatabase;
let server: TestServer;
let community: string;
let pipeline: string;
const P: Record<string, Principal> = {};
const U: Record<string, string> = {};
const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  community = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  pipeline = await makeOrg(items(), 'Northern Pipeline', 'INDUSTRY');
  const people = {
    editor: [community, 'editor'],
    staff: [community, 'staff'],
    member: [community, 'member'],
    monitor: [community, 'member'],
    listed: [community, 'member'],
    proponent: [pipeline, 'editor'],
  } as const;
  for (const [k, [org, role]] of Object.entries(people)) {
    U[k] = (await makeUser(items(), [[org, role]])).id;
    P[k] = (await loadPrincipal(items().db, U[k]!))!;
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

type Item = Record<string, unknown> & { $id: string; $version: number };
const create = async (p: Principal, type: string, data: Record<string, unknown>) =>
  (await items().create(p, type, data, p === SYSTEM ? { owner: community } : {})) as Item;
const update = async (p: Principal, id: string, data: Record<string, unknown>) => {
  const now = await items().read(SYSTEM, id);
  return (await items().update(p, { $id: id, $version: now.$version, ...data })) as Item;
};
const reads = async (p: Principal, id: string) =>
  items()
    .read(p, id)
    .then(() => true)
    .catch(() => false);
/** The AppError's field keys of a refused write. */
const refusal = (e: unknown) =>
  (e as { extra?: { fields?: { key: string }[] } }).extra?.fields?.map((f) => f.key) ?? [String(e)];
const refused = (p: Promise<unknown>) =>
  p.then(
    () => ['accepted'],
    (e: unknown) => refusal(e),
  );

async function program(access: string, extra: Record<string, unknown> = {}) {
  const prog = await create(P.editor!, 'GeoKeeperProgram', { label: `Program ${access}`, access, ...extra });
  const form = await create(P.editor!, 'GeoKeeperFormDef', {
    machineName: 'obs',
    formType: 'RECORD',
    program: prog.$id,
  });
  const work = await create(P.editor!, 'GeoKeeperWorkItem', { label: 'Walk', program: prog.$id });
  return { prog: prog.$id, form: form.$id, work: work.$id };
}

describe('program access as grants', () => {
  it('IN_ORG opens the program and its data to the members; USERS to the listed people, in the same write', async () => {
    const { prog, form, work } = await program('IN_ORG');
    const data = (
      await create(P.editor!, 'GeoKeeperFieldData', { formType: 'RECORD', program: prog, workItem: work })
    ).$id;
    for (const id of [prog, form, work, data]) {
      expect(await reads(P.member!, id), id).toBe(true);
      expect(await reads(P.listed!, id), id).toBe(true);
      expect(await reads(P.proponent!, id), id).toBe(false);
    }
    // The mode changes: the existing items follow at once.
    await update(P.editor!, prog, { access: 'USERS', users: [U.listed] });
    for (const id of [prog, form, work, data]) {
      expect(await reads(P.member!, id), id).toBe(false);
      expect(await reads(P.listed!, id), id).toBe(true);
    }
    // A listed person may update the program's field data; dropped from the list, they read nothing.
    await update(P.listed!, data, { notes: 'checked' });
    await update(P.editor!, prog, { users: [] });
    for (const id of [prog, form, work, data]) expect(await reads(P.listed!, id), id).toBe(false);
  });

  it('ASSIGNED: the monitors of its work items read the program, and the data of their own work items', async () => {
    const { prog, form, work } = await program('ASSIGNED');
    const other = (await create(P.editor!, 'GeoKeeperWorkItem', { label: 'Other walk', program: prog })).$id;
    const mine = (
      await create(P.editor!, 'GeoKeeperFieldData', { formType: 'RECORD', program: prog, workItem: work })
    ).$id;
    const theirs = (
      await create(P.editor!, 'GeoKeeperFieldData', { formType: 'RECORD', program: prog, workItem: other })
    ).$id;
    expect(await reads(P.monitor!, prog)).toBe(false);
    await update(P.editor!, work, { assignees: [U.monitor] });
    for (const id of [prog, form, work, other, mine]) expect(await reads(P.monitor!, id), id).toBe(true);
    expect(await reads(P.monitor!, theirs)).toBe(false);
    // The monitor collects; a plain member who is not assigned still reads none of it.
    const collected = (
      await create(P.monitor!, 'GeoKeeperFieldData', { formType: 'RECORD', program: prog, workItem: work })
    ).$id;
    expect(await reads(P.monitor!, collected)).toBe(true);
    expect(await reads(P.member!, collected)).toBe(false);
    expect(await reads(P.editor!, collected)).toBe(true);
    expect(await reads(P.staff!, collected)).toBe(true);
    // Unassigned: the program is closed to them again, but what they collected stays theirs.
    await update(P.editor!, work, { assignees: [] });
    for (const id of [prog, form, work, mine]) expect(await reads(P.monitor!, id), id).toBe(false);
    expect(await reads(P.monitor!, collected)).toBe(true);
  });

  it('a refused re-application rolls the whole write back', async () => {
    const { prog, work } = await program('IN_ORG');
    // A record of another program's trip is refused: its own write, and nothing of it, remains.
    const other = await program('IN_ORG');
    const trip = (await create(P.editor!, 'GeoKeeperFieldData', { formType: 'TRIP', program: other.prog }))
      .$id;
    expect(
      await refused(
        create(P.editor!, 'GeoKeeperFieldData', { formType: 'RECORD', program: prog, workItem: work, trip }),
      ),
    ).toEqual(['errors.geokeeperTripMismatch']);
    const [n] = await query<{ n: number }>(
      items().db,
      sql`select count(*)::int as n from items where type = 'GeoKeeperFieldData' and data->>'trip' = ${trip}`,
    );
    expect(n!.n).toBe(0);
  });
});

describe('the GeoKeeper setting', () => {
  it('is only for COMMUNITY organisations, whichever comes first', async () => {
    const industry = await makeOrg(items(), 'Drilling Inc', 'INDUSTRY');
    expect(await refused(update(SYSTEM, industry, { capabilities: ['GeoKeeper'] }))).toEqual([
      'errors.geokeeperCommunityOnly',
    ]);
    const org = await makeOrg(items(), 'Lakeside Nation', 'COMMUNITY');
    await update(SYSTEM, org, { capabilities: ['GeoKeeper', 'Consult'] });
    expect(await refused(update(SYSTEM, org, { type: 'GOVERNMENT' }))).toEqual([
      'errors.geokeeperCommunityOnly',
    ]);
    // Other capabilities stay open to any organisation.
    await update(SYSTEM, industry, { capabilities: ['Consult'] });
  });

  it('is refused through act/setCapabilities too', async () => {
    const industry = await makeOrg(items(), 'Surveyors Ltd', 'CONSULTANT');
    const admin = (await loadPrincipal(items().db, (await makeUser(items(), [], { admin: true })).id))!;
    const { setCapabilities } = await import('../../core/server/capabilities');
    const call = {
      services: server.app.services,
      principal: admin,
      body: { id: industry, capabilities: ['GeoKeeper'] },
    } as unknown as Parameters<typeof setCapabilities>[0];
    expect(await refused(setCapabilities(call))).toEqual(['errors.geokeeperCommunityOnly']);
  });
});

describe('field data', () => {
  it('a record’s trip is a TRIP of the same program; a trip belongs to no trip', async () => {
    const { prog } = await program('IN_ORG');
    const trip = (await create(P.editor!, 'GeoKeeperFieldData', { formType: 'TRIP', program: prog })).$id;
    const record = (
      await create(P.editor!, 'GeoKeeperFieldData', { formType: 'RECORD', program: prog, trip })
    ).$id;
    expect(
      await refused(
        create(P.editor!, 'GeoKeeperFieldData', { formType: 'RECORD', program: prog, trip: record }),
      ),
    ).toEqual(['errors.geokeeperTripMismatch']);
    expect(
      await refused(create(P.editor!, 'GeoKeeperFieldData', { formType: 'TRIP', program: prog, trip })),
    ).toEqual(['errors.geokeeperTripOfTrip']);
    // Moving the record to another program leaves its trip behind: refused.
    const other = await program('IN_ORG');
    expect(await refused(update(P.editor!, record, { program: other.prog }))).toEqual([
      'errors.geokeeperTripMismatch',
    ]);
  });

  it('a work item locked to trips takes records of a trip only, and only of its program', async () => {
    const { prog, work } = await program('IN_ORG');
    await update(P.editor!, work, { lockToTrip: true });
    expect(
      await refused(
        create(P.editor!, 'GeoKeeperFieldData', { formType: 'RECORD', program: prog, workItem: work }),
      ),
    ).toEqual(['errors.geokeeperTripRequired']);
    const other = await program('IN_ORG');
    expect(
      await refused(
        create(P.editor!, 'GeoKeeperFieldData', { formType: 'TRIP', program: other.prog, workItem: work }),
      ),
    ).toEqual(['errors.geokeeperWorkItemProgram']);
  });

  it('finalizing locks the record and records GKP_RELATED_FINALIZED on its work item and trip', async () => {
    const { prog, work } = await program('USERS', { users: [U.monitor] });
    const trip = (
      await create(P.editor!, 'GeoKeeperFieldData', { formType: 'TRIP', program: prog, workItem: work })
    ).$id;
    const record = (
      await create(P.monitor!, 'GeoKeeperFieldData', {
        formType: 'RECORD',
        program: prog,
        workItem: work,
        trip,
        formInstance: { formData: { seen: 'tracks' } },
      })
    ).$id;
    const events = async (id: string) =>
      (
        await query<{ kind: string; data: unknown }>(
          items().db,
          sql`select kind, data from events where item_id = ${id} and kind = 'GKP_RELATED_FINALIZED' order by id`,
        )
      ).map((e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as { fieldData: string });
    expect(await events(work)).toEqual([]);
    // The collector finalizes (their grant lets them update their own record).
    await update(P.monitor!, record, { finalized: '2026-10-14T17:00:00.000Z' });
    expect((await events(work)).map((e) => e.fieldData)).toEqual([record]);
    expect((await events(trip)).map((e) => e.fieldData)).toEqual([record]);
    // Locked: no change by anyone, nor a deletion; a program change still re-applies its grants.
    for (const p of [P.monitor!, P.editor!])
      expect(await refused(update(p, record, { notes: 'late note' }))).toEqual(['errors.geokeeperFinalized']);
    expect(await refused(update(P.editor!, record, { finalized: null }))).toEqual([
      'errors.geokeeperFinalized',
    ]);
    expect(
      await items()
        .delete(P.editor!, record)
        .then(
          () => ['accepted'],
          (e: unknown) => refusal(e),
        ),
    ).toEqual(['errors.geokeeperFinalized']);
    await update(P.editor!, prog, { users: [U.listed] });
    expect(await reads(P.listed!, record)).toBe(true);
    // Only the first finalizing is an event: a record already finalized was not changed.
    expect(await events(work)).toHaveLength(1);
  });

  it('a form’s machine name is a name a form file can carry', async () => {
    const { prog } = await program('IN_ORG');
    expect(
      await refused(
        create(P.editor!, 'GeoKeeperFormDef', { machineName: '1 bad name', formType: 'TRIP', program: prog }),
      ),
    ).toEqual(['errors.geokeeperMachineName']);
  });
});
