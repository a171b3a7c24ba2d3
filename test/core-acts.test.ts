import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMembership } from '../src/server/auth/accounts';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs } from './helpers/ws-client';

let tdb: TestDatabase;
let server: TestServer;
let community: string;
let proponent: string;
let orgAdmin: { id: string; email: string };
let editor: { id: string; email: string };
let outsider: { id: string; email: string };
let newcomer: { id: string; email: string };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  proponent = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  orgAdmin = await makeUser(items, [[community, 'orgAdmin']]);
  editor = await makeUser(items, [[community, 'editor']]);
  outsider = await makeUser(items, [[proponent, 'editor']]);
  newcomer = await makeUser(items);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

const num = (id: string) => Number(id.split('-')[1]);

describe('core acts', () => {
  it('rolesAvailable lists the roles sorted', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    expect(await client.call('act/rolesAvailable')).toEqual({
      roles: ['editor', 'member', 'orgAdmin', 'staff'],
    });
    await client.close();
  });

  it('isAllowed answers per action, for items and for types', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const item = await client.call<{ $id: string }>('create/Agreement', {
      title: 'Study terms',
      $access: 'PROTECTED',
    });
    const onItem = await client.call('act/isAllowed', {
      _t: 'Agreement',
      _i: num(item.$id),
      actions: ['read', 'update', 'delete', 'grant', 'bogus'],
    });
    expect(onItem).toEqual({
      allowed: { read: true, update: true, delete: true, grant: false, bogus: false },
      applyGrants: false,
    });
    const onType = await client.call('act/isAllowed', {
      _t: 'Agreement',
      _i: 0,
      actions: ['create', 'PROTECTED.read', 'PRIVATE.read'],
    });
    expect(onType).toMatchObject({
      allowed: { create: true, 'PROTECTED.read': true, 'PRIVATE.read': false },
    });
    const own = await client.call('act/isAllowed', {
      _t: 'User',
      _i: num(editor.id),
      actions: ['read', 'update'],
    });
    expect(own).toEqual({ allowed: { read: true, update: true }, applyGrants: false });
    await client.close();
  });

  it('grants an organisation read access, lists it by granter, and revokes it', async () => {
    const admin = await connectAs(server, orgAdmin.email, PASSWORD);
    const other = await connectAs(server, outsider.email, PASSWORD);
    const item = await admin.client.call<{ $id: string; _i: number }>('create/Agreement', {
      title: 'Accommodation draft',
      $access: 'PRIVATE',
    });
    expect((await other.client.request(`read/${item.$id}`)).b).toMatchObject({ userMessage: 'notFound' });
    const applyGrants = await admin.client.call<{ applyGrants: boolean }>('act/isAllowed', {
      _t: 'Agreement',
      _i: item._i,
      actions: ['grant'],
    });
    expect(applyGrants.applyGrants).toBe(true);

    await admin.client.call('act/setGrant', {
      _t: 'Agreement',
      _i: item._i,
      principal: proponent,
      actions: ['read'],
    });
    expect(await other.client.call(`read/${item.$id}`)).toMatchObject({ title: 'Accommodation draft' });
    expect(await admin.client.call('act/getGrantedBy', { grantsFor: [item.$id] })).toEqual({
      result: { [item.$id]: { [orgAdmin.id]: [`${proponent}:read`] } },
    });
    // The proponent may read, but not re-share.
    expect(
      (
        await other.client.request('act/setGrant', {
          _t: 'Agreement',
          _i: item._i,
          principal: outsider.id,
          actions: ['read'],
        })
      ).b,
    ).toMatchObject({
      userMessage: 'notAllowed',
    });

    await admin.client.call('act/removeGrant', { _t: 'Agreement', _i: item._i, principal: proponent });
    expect((await other.client.request(`read/${item.$id}`)).b).toMatchObject({ userMessage: 'notFound' });
    await Promise.all([admin.client.close(), other.client.close()]);
  });

  it('filterByPerm tells which items a subject may read, among those the caller may read', async () => {
    const admin = await connectAs(server, orgAdmin.email, PASSWORD);
    const pub = await admin.client.call<{ $id: string }>('create/Agreement', {
      title: 'Public protocol',
      $access: 'PUBLIC',
    });
    const prot = await admin.client.call<{ $id: string }>('create/Agreement', {
      title: 'Internal',
      $access: 'PROTECTED',
    });
    const res = await admin.client.call('act/filterByPerm', {
      subjectID: outsider.id,
      query: [pub.$id, prot.$id],
    });
    expect(res).toEqual({ results: [pub.$id] });
    const other = await connectAs(server, outsider.email, PASSWORD);
    expect(
      (await other.client.request('act/filterByPerm', { subjectID: editor.id, query: [pub.$id] })).b,
    ).toMatchObject({ userMessage: 'notAllowed' });
    await Promise.all([admin.client.close(), other.client.close()]);
  });

  it('getLegacyPath finds the item for an old alias, only for those who may read it; to others it is no alias', async () => {
    const admin = await connectAs(server, orgAdmin.email, PASSWORD);
    const item = await admin.client.call<{ $id: string }>('create/Agreement', {
      title: 'Old system record',
      $access: 'PROTECTED',
    });
    await server.app.services.items.db.execute(
      sql`insert into legacy_paths (alias, item_id) values ('/node/417', ${item.$id})`,
    );
    expect(await admin.client.call('act/getLegacyPath', { alias: '/node/417' })).toEqual({
      itemId: item.$id,
    });
    const none = (await admin.client.request('act/getLegacyPath', { alias: '/node/0' })).b;
    expect(none).toMatchObject({ userMessage: 'notFound' });
    // The outsider may not read the item: its alias answers exactly as one nobody has (issue 36).
    const other = await connectAs(server, outsider.email, PASSWORD);
    const hidden = (await other.client.request('act/getLegacyPath', { alias: '/node/417' })).b;
    expect(hidden).toEqual((await other.client.request('act/getLegacyPath', { alias: '/node/0' })).b);
    expect(hidden).toEqual(none);
    await Promise.all([admin.client.close(), other.client.close()]);
  });

  it('setMembership by an orgAdmin takes effect at once on the member’s open socket', async () => {
    const admin = await connectAs(server, orgAdmin.email, PASSWORD);
    const user = await connectAs(server, newcomer.email, PASSWORD);
    const item = await admin.client.call<{ $id: string }>('create/Thread', {
      subject: 'Community feast',
      $access: 'PROTECTED',
    });
    expect((await user.client.request(`read/${item.$id}`)).b).toMatchObject({ userMessage: 'notFound' });
    // Not a member yet: they join by accepting an invitation (test/people.test.ts), not by an orgAdmin's say.
    expect(
      (
        await admin.client.request('act/setMembership', {
          userId: newcomer.id,
          org: community,
          roles: ['member'],
        })
      ).b,
    ).toMatchObject({ userMessage: 'notInvited' });
    const items = server.app.services.items;
    await items.transaction((tx) =>
      setMembership(items, tx, newcomer.id, community, ['member'], { actor: null }),
    );
    expect(
      await admin.client.call('act/setMembership', {
        userId: newcomer.id,
        org: community,
        roles: ['staff'],
      }),
    ).toEqual({
      userId: newcomer.id,
      org: community,
      roles: ['staff'],
    });
    await expect
      .poll(async () => (await user.client.request(`read/${item.$id}`)).b, { timeout: 5_000 })
      .toMatchObject({ subject: 'Community feast' });
    // An editor is not an orgAdmin and may not change memberships.
    const ed = await connectAs(server, editor.email, PASSWORD);
    expect(
      (
        await ed.client.request('act/setMembership', {
          userId: newcomer.id,
          org: community,
          roles: ['orgAdmin'],
        })
      ).b,
    ).toMatchObject({
      userMessage: 'notAllowed',
    });
    await Promise.all([admin.client.close(), user.client.close(), ed.client.close()]);
  });

  it('chooses the owner for a create, or asks for one', async () => {
    const items = server.app.services.items;
    const both = await makeUser(items, [
      [community, 'editor'],
      [proponent, 'editor'],
    ]);
    const { client } = await connectAs(server, both.email, PASSWORD);
    expect((await client.request('create/Agreement', { title: 'Whose?' })).b).toMatchObject({
      userMessage: 'chooseOrg',
    });
    expect(await client.call('create/Agreement', { title: 'Ours', owner: community })).toMatchObject({
      owner: community,
    });
    const lone = await connectAs(server, newcomer.email, PASSWORD);
    expect(
      (await lone.client.request('create/Agreement', { title: 'Mine?', owner: proponent })).b,
    ).toMatchObject({ userMessage: 'notInOrg' });
    await Promise.all([client.close(), lone.client.close()]);
  });

  it('refuses links to items the writer cannot read, and lets colleagues see each other', async () => {
    const admin = await connectAs(server, orgAdmin.email, PASSWORD);
    const ed = await connectAs(server, editor.email, PASSWORD);
    const secret = await admin.client.call<{ $id: string }>('create/Thread', {
      subject: 'Sacred site location',
      $access: 'PRIVATE',
    });
    const link = await ed.client.request('create/Thread', {
      subject: 'Pointer',
      $access: 'PUBLIC',
      context: secret.$id,
    });
    expect(link.b).toMatchObject({
      userMessage: 'invalidInput',
      fields: [{ path: 'context', key: 'errors.invalidValue' }],
    });
    // Members of one organisation read each other's User item, so they can assign each other.
    expect(await ed.client.call(`label/${orgAdmin.id}`)).toMatchObject({ $id: orgAdmin.id });
    const assigned = await ed.client.call('create/Thread', {
      subject: 'Site visit',
      assignedTo: orgAdmin.id,
      $access: 'COMMUNITY',
    });
    expect((assigned as { $labels: Record<string, string> }).$labels[orgAdmin.id]).toBeTruthy();
    const other = await connectAs(server, outsider.email, PASSWORD);
    expect((await other.client.request(`read/${orgAdmin.id}`)).b).toMatchObject({
      userMessage: 'notFound',
    });
    await Promise.all([admin.client.close(), ed.client.close(), other.client.close()]);
  });

  it('lets only editors and up change the visibility, not an update grant', async () => {
    const admin = await connectAs(server, orgAdmin.email, PASSWORD);
    const other = await connectAs(server, outsider.email, PASSWORD);
    const item = await admin.client.call<{ $id: string; _i: number }>('create/Agreement', {
      title: 'Shared for comment',
      $access: 'PRIVATE',
    });
    await admin.client.call('act/setGrant', {
      _t: 'Agreement',
      _i: item._i,
      principal: outsider.id,
      actions: ['read', 'update'],
    });
    expect(
      await other.client.call('update', { $id: item.$id, $version: 1, title: 'Commented' }),
    ).toMatchObject({ $version: 2 });
    expect(
      (await other.client.request('update', { $id: item.$id, $version: 2, $access: 'PUBLIC' })).b,
    ).toMatchObject({ userMessage: 'notAllowed' });
    expect(await admin.client.call(`read/${item.$id}`)).toMatchObject({ $access: 'PRIVATE', $version: 2 });
    await Promise.all([admin.client.close(), other.client.close()]);
  });
});
