import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { setGrantIn } from '../../../server/items/grants';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// Cultural protocols' rules beside the access matrix (./access-cases.ts): who keeps a protocol
// and who may be in it, which protocols an item may name and who may change them, and a change
// of membership taking effect at once in a session already open (docs/access-model.md).

type U = { id: string; email: string };
let tdb: TestDatabase;
let server: TestServer;
let riverbend: string, pipeline: string;
let orgAdmin: U, editor: U, staff: U, member: U, grantee: U;
const ws: Record<string, WsClient> = {};
let elders: string;
let theirs: string;

const items = () => server.app.services.items;
const err = (b: unknown) =>
  b as { erred?: boolean; userMessage?: string; fields?: { path: string; key: string }[] };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation');
  pipeline = await makeOrg(items(), 'Northern Pipeline Inc.', 'INDUSTRY');
  orgAdmin = await makeUser(items(), [[riverbend, 'orgAdmin']]);
  editor = await makeUser(items(), [[riverbend, 'editor']]);
  staff = await makeUser(items(), [[riverbend, 'staff']]);
  member = await makeUser(items(), [[riverbend, 'member']]);
  grantee = await makeUser(items(), [[pipeline, 'orgAdmin']]);
  for (const [k, u] of Object.entries({ orgAdmin, editor, staff, member, grantee }))
    ws[k] = (await connectAs(server, u.email, PASSWORD)).client;
  theirs = (await items().create(SYSTEM, 'Protocol', { name: 'Their council' }, { owner: pipeline })).$id;
}, 60_000);

afterAll(async () => {
  for (const c of Object.values(ws)) await c.close();
  await server?.close();
  await tdb?.close();
});

describe('keeping a protocol', () => {
  it('is for the organisation’s orgAdmins: editors may neither make nor change one', async () => {
    const refused = err(
      (await ws.editor!.request('create/Protocol', { name: 'Elders', owner: riverbend })).b,
    );
    expect(refused.erred).toBe(true);
    const made = await ws.orgAdmin!.call<{ $id: string; $version: number }>('create/Protocol', {
      name: 'Elders',
      owner: riverbend,
      members: [staff.id, editor.id],
    });
    elders = made.$id;
    // The editor's open session learns of its new protocol through every node's reload.
    const probe = (
      await items().create(
        SYSTEM,
        'Thread',
        { subject: 'Probe', $protocols: [elders] },
        { owner: riverbend, access: 'COMMUNITY', actor: staff.id },
      )
    ).$id;
    await expect
      .poll(async () => err((await ws.editor!.request(`read/${probe}`)).b).erred ?? false, { timeout: 5_000 })
      .toBe(false);
    const edit = err(
      (await ws.editor!.request('update', { $id: elders, $version: made.$version, name: 'Renamed' })).b,
    );
    expect(edit.userMessage).toBe('notAllowed');
  });

  it('holds members of the organisation only', async () => {
    const row = (await items().readRow(elders))!;
    const b = err(
      (
        await ws.orgAdmin!.request('update', {
          $id: elders,
          $version: row.version,
          members: [staff.id, editor.id, grantee.id],
        })
      ).b,
    );
    expect(b.fields).toEqual([{ path: 'members', key: 'errors.invalidValue' }]);
    expect((await items().readRow(elders))!.data.members).toEqual([staff.id, editor.id]);
  });
});

describe('restricting an item', () => {
  it('names only its own organisation’s protocols, and shows them on the wire', async () => {
    const other = err(
      (
        await ws.editor!.request('create/Thread', {
          subject: 'Trap lines',
          owner: riverbend,
          $protocols: [theirs],
        })
      ).b,
    );
    expect(other.fields).toEqual([{ path: '$protocols', key: 'errors.invalidValue' }]);
    const notAProtocol = err(
      (
        await ws.editor!.request('create/Thread', {
          subject: 'Trap lines',
          owner: riverbend,
          $protocols: [riverbend],
        })
      ).b,
    );
    expect(notAProtocol.fields).toEqual([{ path: '$protocols', key: 'errors.invalidValue' }]);
    const made = await ws.editor!.call<Record<string, unknown>>('create/Thread', {
      subject: 'Winter camp stories',
      owner: riverbend,
      $access: 'COMMUNITY',
      $protocols: [elders],
    });
    expect(made.$protocols).toEqual([elders]);
    expect(made.$protocolsStrict).toBe(false);
  });

  it('names only protocols the writer belongs to: an orgAdmin outside the Elders may not', async () => {
    const b = err(
      (
        await ws.orgAdmin!.request('create/Thread', {
          subject: 'Songs',
          owner: riverbend,
          $access: 'COMMUNITY',
          $protocols: [elders],
        })
      ).b,
    );
    expect(b.fields).toEqual([{ path: '$protocols', key: 'errors.notInProtocol' }]);
  });

  it('opens to a member at once when an orgAdmin adds them, and closes again when removed', async () => {
    const thread = (
      await items().create(
        SYSTEM,
        'Thread',
        { subject: 'Names of the old village', $protocols: [elders] },
        { owner: riverbend, access: 'COMMUNITY', actor: editor.id },
      )
    ).$id;
    expect(err((await ws.member!.request(`read/${thread}`)).b).erred).toBe(true);
    const setMembers = async (members: string[]) => {
      const row = (await items().readRow(elders))!;
      await ws.orgAdmin!.call('update', { $id: elders, $version: row.version, members });
    };
    await setMembers([staff.id, editor.id, member.id]);
    // The member's open session is judged again by every node: no sign-in needed.
    await expect
      .poll(async () => err((await ws.member!.request(`read/${thread}`)).b).erred ?? false, {
        timeout: 5_000,
      })
      .toBe(false);
    const found = await ws.member!.call<{ ids: string[] }>('search/ids', { must: { $id: [thread] } });
    expect(found.ids).toEqual([thread]);
    await setMembers([staff.id, editor.id]);
    await expect
      .poll(async () => err((await ws.member!.request(`read/${thread}`)).b).erred ?? false, {
        timeout: 5_000,
      })
      .toBe(true);
  });

  it('is changed only by those who may change the level, and recorded in the history', async () => {
    const item = (
      await items().create(
        SYSTEM,
        'Agreement',
        { title: 'Harvest accord' },
        { owner: riverbend, access: 'COMMUNITY' },
      )
    ).$id;
    await items().transaction((tx) =>
      setGrantIn(tx, items(), item, grantee.id, ['read', 'update'], {
        grantedBy: orgAdmin.id,
        actor: orgAdmin.id,
      }),
    );
    const v = () =>
      items()
        .readRow(item)
        .then((r) => r!.version);
    // An update grant edits the item, but who may see it is not the grantee's to decide.
    const byGrant = err(
      (await ws.grantee!.request('update', { $id: item, $version: await v(), $protocols: [elders] })).b,
    );
    expect(byGrant.userMessage).toBe('notAllowed');
    await ws.editor!.call('update', {
      $id: item,
      $version: await v(),
      $protocols: [elders],
      $protocolsStrict: true,
    });
    const row = (await items().readRow(item))!;
    expect(row.protocols).toEqual([elders]);
    expect(row.protocolStrict).toBe(true);
    const events = await ws.editor!.call<{
      events: { kind: string; data?: { changes?: Record<string, unknown> } }[];
    }>('act/timeline', { _t: 'Agreement', _i: Number(item.split('-')[1]) });
    expect(JSON.stringify(events)).toContain('$protocols');
  });

  it('cannot move to another organisation with the old one’s protocols', async () => {
    const item = (
      await items().create(
        SYSTEM,
        'Thread',
        { subject: 'Shared with the council', $protocols: [elders] },
        { owner: riverbend, access: 'COMMUNITY', actor: editor.id },
      )
    ).$id;
    const admin = await makeUser(items(), [], { admin: true });
    const a = (await connectAs(server, admin.email, PASSWORD)).client;
    try {
      const v = (await items().readRow(item))!.version;
      const moved = err((await a.request('update', { $id: item, $version: v, owner: pipeline })).b);
      expect(moved.fields).toEqual([{ path: '$protocols', key: 'errors.invalidValue' }]);
      await a.call('update', { $id: item, $version: v, owner: pipeline, $protocols: [theirs] });
      expect((await items().readRow(item))!.protocols).toEqual([theirs]);
    } finally {
      await a.close();
    }
  });
});
