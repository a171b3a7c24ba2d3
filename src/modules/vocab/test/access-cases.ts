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

// The vocabulary rows of the access matrix (test/access-matrix.test.ts runs them): a community's
// words at every level, one granted to a person of another organisation, a recording of a PRIVATE
// word (an Attachment follows its word), and the language with its alphabet, against every
// principal. The readers are written from docs/vocabulary.md and docs/access-model.md, not from
// the policy. Each word's secret is in its label, with a letter the folding rewrites, so the
// derived `folded` and `sortKey` fields are checked too: a hidden word must not surface through
// the words list, its facets or its plain-letter search form.

type P = 'signedOut' | 'admin' | 'member' | 'staff' | 'orgAdmin' | 'creator' | 'grantee' | 'outsider';
const ALL: P[] = ['signedOut', 'admin', 'member', 'staff', 'orgAdmin', 'creator', 'grantee', 'outsider'];
const MEMBERS: P[] = ['admin', 'member', 'staff', 'orgAdmin', 'creator'];
const STAFF: P[] = ['admin', 'staff', 'orgAdmin', 'creator'];
const PRIVATE: P[] = ['admin', 'orgAdmin', 'creator'];

const SPECS = [
  { key: 'language', type: 'VocabLanguage', readers: MEMBERS },
  { key: 'publicWord', type: 'Lexeme', readers: ALL },
  { key: 'communityWord', type: 'Lexeme', readers: MEMBERS },
  { key: 'protectedWord', type: 'Lexeme', readers: STAFF },
  { key: 'privateWord', type: 'Lexeme', readers: PRIVATE },
  { key: 'grantedWord', type: 'Lexeme', readers: [...PRIVATE, 'grantee'] },
  { key: 'privateRecording', type: 'Attachment', readers: PRIVATE },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const college = await makeOrg(items, 'Valley College', 'EDUCATION');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    creator: await makeUser(items, [[riverbend, 'staff']]),
    grantee: await makeUser(items, [[college, 'editor']]),
    outsider: await makeUser(items, [[college, 'orgAdmin']]),
  };
  const clients = await principalClients<P>(server, users);

  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `v${Math.random().toString(36).slice(2, 10)}`;
  const as = { actor: users.creator.id, owner: riverbend };

  ids.language = (
    await items.create(
      SYSTEM,
      'VocabLanguage',
      { label: `Riverbend ${(secrets.language = word())}`, alphabet: ['a', 'kw', 'tł', 'x̱'] },
      { ...as, access: 'COMMUNITY' },
    )
  ).$id;
  const lexeme = async (key: string, access: 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE') => {
    const secret = (secrets[key] = word());
    ids[key] = (
      await items.create(
        SYSTEM,
        'Lexeme',
        {
          // "ʔ" and "ł" are folded away, so `folded` holds the secret as a word of its own.
          label: `ʔa${secret}ł`,
          translation: `a word ${word()}`,
          alternateSpelling: [`ałt${word()}`],
          language: ids.language,
          partOfSpeech: 'ENTITY',
          categories: ['ANIMALS.BIRDS'],
        },
        { ...as, access },
      )
    ).$id;
  };
  await lexeme('publicWord', 'PUBLIC');
  await lexeme('communityWord', 'COMMUNITY');
  await lexeme('protectedWord', 'PROTECTED');
  await lexeme('privateWord', 'PRIVATE');
  await lexeme('grantedWord', 'PRIVATE');
  await items.transaction((tx) =>
    setGrantIn(tx, items, ids.grantedWord!, users.grantee.id, ['read'], {
      grantedBy: users.orgAdmin.id,
      actor: users.orgAdmin.id,
    }),
  );
  // A recording of the private word, as an upload makes it: an Attachment in its `media`.
  ids.privateRecording = (
    await items.create(SYSTEM, 'Attachment', {
      originalName: `${(secrets.privateRecording = word())}.wav`,
      rel: ids.privateWord,
      relProp: 'media',
      relType: 'Lexeme',
      mimeGroup: 'audio',
      filetype: 'audio/wav',
      trashed: false,
    })
  ).$id;
  const row = await items.read(SYSTEM, ids.privateWord!);
  await items.update(SYSTEM, { $id: ids.privateWord, $version: row.$version, media: [ids.privateRecording] });
  return { clients, ids, secrets };
}

/** The words list as the screen asks it: sorted by label (the alphabet key), with its facets. */
const wordsList: AccessPath<P> = {
  name: 'the words list (sorted by alphabet, faceted)',
  types: ['Lexeme'],
  async run({ client }) {
    const b = (
      await client.request('search/ids', {
        must: { _t: ['Lexeme'] },
        sort: [{ key: 'label', order: 'asc' }],
        facets: ['wordClass', 'partOfSpeech', 'categories', 'hasMedia', 'language'],
        labels: true,
        max: 1000,
      })
    ).b as { ids?: string[] };
    return { ids: b.ids ?? [], text: JSON.stringify(b) };
  },
};

export const accessCase: AccessCase<P> = {
  name: 'vocab',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [wordsList],
  witness: { principal: 'orgAdmin', key: 'privateWord' },
  mayRefuseSearch: ['signedOut'],
};
