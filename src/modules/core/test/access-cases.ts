import { sql } from 'drizzle-orm';
import { SYSTEM } from '../../../server/access/principal';
import { setGrantIn } from '../../../server/items/grants';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import { principalClients, type AccessCase, type AccessFixture } from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';

// Cultural protocols in the access matrix (docs/access-model.md "Cultural protocols"): items of
// every level restricted to Riverbend's Elders, to Elders or Women (open) and to both (strict),
// derived items under a restricted one, a grant that a protocol still closes, and the protocols
// themselves, against members in and out of each protocol, the organisation's orgAdmin (who is in
// none), the creator (in none), a grantee from another organisation and the signed-out visitor.
// Every generic path is asked: read, label, search ids/total/facets/labels, readMany, pushes, and
// the no-trace check. The readers are written from the docs' table, not from the policy.

type P =
  | 'signedOut'
  | 'admin'
  | 'elder'
  | 'woman'
  | 'elderWoman'
  | 'member'
  | 'orgAdmin'
  | 'creator'
  | 'grantee'
  | 'outsider';
const ALL: P[] = [
  'signedOut',
  'admin',
  'elder',
  'woman',
  'elderWoman',
  'member',
  'orgAdmin',
  'creator',
  'grantee',
  'outsider',
];
const RIVERBEND: P[] = ['admin', 'elder', 'woman', 'elderWoman', 'member', 'orgAdmin', 'creator'];
const ELDERS: P[] = ['admin', 'elder', 'elderWoman', 'creator'];

const SPECS = [
  { key: 'elders', type: 'Protocol', readers: RIVERBEND },
  { key: 'unrestricted', type: 'Thread', readers: RIVERBEND },
  { key: 'openElders', type: 'Thread', readers: ELDERS },
  // A message follows its thread: the thread's protocols close it too.
  { key: 'eldersMessage', type: 'Message', readers: ELDERS },
  // A grant stored on a derived item opens nothing (issue 36): the thread alone decides.
  { key: 'grantedEldersMessage', type: 'Message', readers: ELDERS },
  { key: 'eitherOpen', type: 'Thread', readers: ['admin', 'elder', 'woman', 'elderWoman', 'creator'] },
  { key: 'bothStrict', type: 'Thread', readers: ['admin', 'elderWoman', 'creator'] },
  // The level still holds: a PROTECTED item needs staff (the elder is; the elder woman is not).
  { key: 'protectedElders', type: 'Agreement', readers: ['admin', 'elder', 'creator'] },
  // A protocol closes even a PUBLIC item to everyone outside it.
  { key: 'publicElders', type: 'Agreement', readers: ELDERS },
  // A grant does not open a protocol: the grantee is in none.
  { key: 'grantedElders', type: 'Agreement', readers: ['admin', 'creator'] },
  { key: 'grantedOpen', type: 'Agreement', readers: [...RIVERBEND, 'grantee'] },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    elder: await makeUser(items, [[riverbend, 'staff']]),
    woman: await makeUser(items, [[riverbend, 'member']]),
    elderWoman: await makeUser(items, [[riverbend, 'member']]),
    member: await makeUser(items, [[riverbend, 'member']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    creator: await makeUser(items, [[riverbend, 'editor']]),
    grantee: await makeUser(items, [[pipeline, 'editor']]),
    outsider: await makeUser(items, [[pipeline, 'orgAdmin']]),
  };
  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `s${Math.random().toString(36).slice(2, 10)}`;

  // The protocols, before anyone signs in: each session loads its protocols at sign-in.
  ids.elders = (
    await items.create(
      SYSTEM,
      'Protocol',
      { name: `Elders ${(secrets.elders = word())}`, members: [users.elder.id, users.elderWoman.id] },
      { owner: riverbend, actor: users.orgAdmin.id },
    )
  ).$id;
  const women = (
    await items.create(
      SYSTEM,
      'Protocol',
      { name: "Women's knowledge", members: [users.woman.id, users.elderWoman.id] },
      { owner: riverbend, actor: users.orgAdmin.id },
    )
  ).$id;

  const clients = await principalClients<P>(server, users);

  const as = { owner: riverbend, actor: users.creator.id };
  const restricted = async (
    key: string,
    type: 'Thread' | 'Agreement',
    access: 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE',
    protocols: string[],
    strict = false,
  ) => {
    const text = `${key} ${(secrets[key] = word())}`;
    ids[key] = (
      await items.create(
        SYSTEM,
        type,
        type === 'Thread'
          ? { subject: text, $protocols: protocols, $protocolsStrict: strict }
          : { title: text, $protocols: protocols, $protocolsStrict: strict },
        { ...as, access },
      )
    ).$id;
  };
  await restricted('unrestricted', 'Thread', 'COMMUNITY', []);
  await restricted('openElders', 'Thread', 'COMMUNITY', [ids.elders]);
  ids.eldersMessage = (
    await items.create(
      SYSTEM,
      'Message',
      { thread: ids.openElders, body: `Told by the elders ${(secrets.eldersMessage = word())}` },
      { actor: users.elder.id },
    )
  ).$id;
  ids.grantedEldersMessage = (
    await items.create(
      SYSTEM,
      'Message',
      { thread: ids.openElders, body: `Shared by mistake ${(secrets.grantedEldersMessage = word())}` },
      { actor: users.elder.id },
    )
  ).$id;
  // Written as rows, as a grant stored before the rule was: setGrant and setGrantIn refuse it now.
  await items.db.execute(
    sql`insert into grants (item_id, principal, actions, granted_by) values (${ids.grantedEldersMessage}, ${users.grantee.id}, ${'{read}'}::text[], ${users.orgAdmin.id}), (${ids.grantedEldersMessage}, ${pipeline}, ${'{read}'}::text[], ${users.orgAdmin.id})`,
  );
  items.cache.clear();
  await restricted('eitherOpen', 'Thread', 'COMMUNITY', [ids.elders, women]);
  await restricted('bothStrict', 'Thread', 'COMMUNITY', [ids.elders, women], true);
  await restricted('protectedElders', 'Agreement', 'PROTECTED', [ids.elders]);
  await restricted('publicElders', 'Agreement', 'PUBLIC', [ids.elders]);
  await restricted('grantedElders', 'Agreement', 'PRIVATE', [ids.elders]);
  await restricted('grantedOpen', 'Agreement', 'COMMUNITY', []);
  for (const key of ['grantedElders', 'grantedOpen'])
    await items.transaction((tx) =>
      setGrantIn(tx, items, ids[key]!, users.grantee.id, ['read'], {
        grantedBy: users.orgAdmin.id,
        actor: users.orgAdmin.id,
      }),
    );
  return { clients, ids, secrets };
}

export const accessCase: AccessCase<P> = {
  name: 'core protocols',
  principals: ALL,
  specs: SPECS,
  setup,
  witness: { principal: 'elderWoman', key: 'bothStrict' },
  mayRefuseSearch: ['signedOut'],
};
