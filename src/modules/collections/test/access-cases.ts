import { SYSTEM } from '../../../server/access/principal';
import { setGrantIn } from '../../../server/items/grants';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import {
  principalClients,
  type AccessCase,
  type AccessFixture,
  type AccessPath,
} from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';
import { membersQuery } from '../members';

// The collections rows of the access matrix (test/access-matrix.test.ts runs them): collections at
// every level and one granted to a person of another organisation, and an open exhibition whose
// members are at every level, joined in each of the three ways (threads added by hand, words that
// name it, threads found by its search). The exhibition's members path must show each member to exactly its readers: a
// public collection never lends its visibility to what is in it. Readers are written from
// docs/collections.md and docs/access-model.md, not from the policy.

type P = 'signedOut' | 'admin' | 'member' | 'staff' | 'orgAdmin' | 'creator' | 'grantee' | 'outsider';
const ALL: P[] = ['signedOut', 'admin', 'member', 'staff', 'orgAdmin', 'creator', 'grantee', 'outsider'];
const MEMBERS: P[] = ['admin', 'member', 'staff', 'orgAdmin', 'creator'];
const STAFF: P[] = ['admin', 'staff', 'orgAdmin', 'creator'];
const PRIVATE: P[] = ['admin', 'orgAdmin', 'creator'];

const SPECS = [
  { key: 'exhibition', type: 'Collection', readers: ALL },
  { key: 'communityCollection', type: 'Collection', readers: MEMBERS },
  { key: 'protectedCollection', type: 'Collection', readers: STAFF },
  { key: 'privateCollection', type: 'Collection', readers: PRIVATE },
  { key: 'grantedCollection', type: 'Collection', readers: [...PRIVATE, 'grantee'] },
  { key: 'publicByHand', type: 'Thread', readers: ALL },
  { key: 'protectedByHand', type: 'Thread', readers: STAFF },
  { key: 'privateByHand', type: 'Thread', readers: PRIVATE },
  { key: 'communityNamesIt', type: 'Lexeme', readers: MEMBERS },
  { key: 'privateNamesIt', type: 'Lexeme', readers: PRIVATE },
  { key: 'protectedFound', type: 'Thread', readers: STAFF },
  { key: 'grantedFound', type: 'Thread', readers: [...PRIVATE, 'grantee'] },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

type Level = 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE';

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const museum = await makeOrg(items, 'Royal Museum', 'MUSEUM');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    creator: await makeUser(items, [[riverbend, 'editor']]),
    grantee: await makeUser(items, [[museum, 'editor']]),
    outsider: await makeUser(items, [[museum, 'orgAdmin']]),
  };
  const clients = await principalClients<P>(server, users);
  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `c${Math.random().toString(36).slice(2, 10)}`;
  const as = { actor: users.creator.id, owner: riverbend };
  const grant = (key: string) =>
    items.transaction((tx) =>
      setGrantIn(tx, items, ids[key]!, users.grantee.id, ['read'], {
        grantedBy: users.orgAdmin.id,
        actor: users.orgAdmin.id,
      }),
    );
  // Every found member carries this word; the exhibition's search finds Threads with it.
  const found = word();
  const collection = async (key: string, access: Level, data: Record<string, unknown> = {}) => {
    const secret = (secrets[key] = word());
    ids[key] = (
      await items.create(SYSTEM, 'Collection', { title: `Collection ${secret}`, ...data }, { ...as, access })
    ).$id;
  };
  const thread = async (key: string, access: Level, also = '') => {
    const secret = (secrets[key] = word());
    ids[key] = (
      await items.create(SYSTEM, 'Thread', { subject: `Story ${secret} ${also}` }, { ...as, access })
    ).$id;
  };
  const word_ = async (key: string, access: Level) => {
    const secret = (secrets[key] = word());
    ids[key] = (
      await items.create(
        SYSTEM,
        'Lexeme',
        { label: secret, collections: [ids.exhibition] },
        { ...as, access },
      )
    ).$id;
  };

  await thread('publicByHand', 'PUBLIC');
  await thread('protectedByHand', 'PROTECTED');
  await thread('privateByHand', 'PRIVATE');
  await collection('exhibition', 'PUBLIC', {
    collectionType: 'EXHIBITION',
    rel: [ids.publicByHand, ids.protectedByHand, ids.privateByHand],
    membershipQuery: { must: { _t: ['Thread'], $text: [found] } },
  });
  // Words that name the exhibition in their own `collections`.
  await word_('communityNamesIt', 'COMMUNITY');
  await word_('privateNamesIt', 'PRIVATE');
  await collection('communityCollection', 'COMMUNITY');
  await collection('protectedCollection', 'PROTECTED');
  await collection('privateCollection', 'PRIVATE');
  await collection('grantedCollection', 'PRIVATE');
  await grant('grantedCollection');
  await thread('protectedFound', 'PROTECTED', found);
  await thread('grantedFound', 'PRIVATE', found);
  await grant('grantedFound');
  return { clients, ids, secrets };
}

/** The exhibition page's members, as the page asks for them (client/useMembers.ts). */
const exhibitionMembers: AccessPath<P> = {
  name: 'the exhibition’s members (by hand, naming it, found by its search)',
  types: ['Thread', 'Lexeme'],
  async run({ client, ids }) {
    const exhibition = (await client.request(`read/${ids.exhibition}`)).b as Record<string, unknown> & {
      $id: string;
    };
    const b = (
      await client.request('search/ids', {
        ...membersQuery(exhibition),
        sort: [{ key: '_c.ts', order: 'desc' }],
        labels: true,
        max: 100,
      })
    ).b as { ids?: string[] };
    return { ids: b.ids ?? [], text: JSON.stringify(b) };
  },
};

export const accessCase: AccessCase<P> = {
  name: 'collections',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [exhibitionMembers],
  witness: { principal: 'orgAdmin', key: 'privateByHand' },
  mayRefuseSearch: ['signedOut'],
};
