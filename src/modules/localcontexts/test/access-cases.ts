import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import {
  principalClients,
  type AccessCase,
  type AccessFixture,
  type AccessPath,
} from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';

// The Local Contexts rows of the access matrix (test/access-matrix.test.ts runs them), written
// from docs/local-contexts.md and docs/access-model.md, not from the policy:
// - a community's own wording of a label (LocalContextsLabel) is read by whoever its level lets
//   read it: PUBLIC by default, so visitors see the wording of the public items it explains;
//   COMMUNITY when the community keeps it to its members;
// - labels on items (`$tkLabels`) open nothing: a labelled item is read by exactly the readers of
//   its level and protocols, and the label facet counts only those (its own path below filters by
//   a label and checks its counts against the ids it got, for every principal).

type P = 'signedOut' | 'admin' | 'member' | 'elder' | 'editor' | 'orgAdmin' | 'outsider';
const ALL: P[] = ['signedOut', 'admin', 'member', 'elder', 'editor', 'orgAdmin', 'outsider'];
const MEMBERS: P[] = ['admin', 'member', 'elder', 'editor', 'orgAdmin'];
const STAFF: P[] = ['admin', 'elder', 'editor', 'orgAdmin'];

/** The label every labelled item carries, so one filter finds them all. */
const SHARED = 'TK_COMMUNITY_USE_ONLY';

const SPECS = [
  { key: 'publicWording', type: 'LocalContextsLabel', readers: ALL },
  { key: 'communityWording', type: 'LocalContextsLabel', readers: MEMBERS },
  { key: 'publicAgreement', type: 'Agreement', readers: ALL },
  { key: 'communityThread', type: 'Thread', readers: MEMBERS },
  { key: 'protectedThread', type: 'Thread', readers: STAFF },
  // The creator (the editor) and the community's orgAdmin, as for any PRIVATE item.
  { key: 'privateThread', type: 'Thread', readers: ['admin', 'editor', 'orgAdmin'] },
  // Restricted to the Elders protocol: its members only, whatever the labels say.
  { key: 'eldersThread', type: 'Thread', readers: ['admin', 'elder', 'editor'] },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    elder: await makeUser(items, [[riverbend, 'staff']]),
    editor: await makeUser(items, [[riverbend, 'editor']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    outsider: await makeUser(items, [[pipeline, 'orgAdmin']]),
  };
  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `s${Math.random().toString(36).slice(2, 10)}`;
  // Before anyone signs in: each session loads its protocols at sign-in.
  const elders = (
    await items.create(
      SYSTEM,
      'Protocol',
      { name: 'Elders', members: [users.elder.id, users.editor.id] },
      { owner: riverbend, actor: users.orgAdmin.id },
    )
  ).$id;
  const clients = await principalClients<P>(server, users);
  const as = { owner: riverbend, actor: users.editor.id };

  for (const [key, access, labelKey] of [
    ['publicWording', 'PUBLIC', 'TK_SEASONAL'],
    ['communityWording', 'COMMUNITY', 'TK_ATTRIBUTION'],
  ] as const)
    ids[key] = (
      await items.create(
        SYSTEM,
        'LocalContextsLabel',
        { labelKey, customName: `Our ${key}`, customText: `Told ${(secrets[key] = word())}` },
        { ...as, access },
      )
    ).$id;

  const labelled = async (
    key: string,
    type: 'Thread' | 'Agreement',
    access: 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE',
    protocols: string[] = [],
  ) => {
    const text = `${key} ${(secrets[key] = word())}`;
    const labels = { $tkLabels: [SHARED, 'BC_PROVENANCE'], $lcProject: `p-${word()}`, $protocols: protocols };
    ids[key] = (
      await items.create(
        SYSTEM,
        type,
        type === 'Thread' ? { subject: text, ...labels } : { title: text, ...labels },
        { ...as, access },
      )
    ).$id;
  };
  await labelled('publicAgreement', 'Agreement', 'PUBLIC');
  await labelled('communityThread', 'Thread', 'COMMUNITY');
  await labelled('protectedThread', 'Thread', 'PROTECTED');
  await labelled('privateThread', 'Thread', 'PRIVATE');
  await labelled('eldersThread', 'Thread', 'COMMUNITY', [elders]);
  return { clients, ids, secrets };
}

/**
 * The label facet as the general search asks it: filtered by a label, with the label facet and
 * the type facet. Its counts must be those of the ids it returns (the same SQL, the read rule
 * first): a hidden labelled item would show as a count the reader has no id for.
 */
const labelFacet: AccessPath<P> = {
  name: 'the Traditional Knowledge labels facet (filter and counts)',
  types: ['Thread', 'Agreement'],
  async run({ client }) {
    const b = (
      await client.request('search/ids', {
        must: { $tkLabels: [SHARED] },
        facets: ['$tkLabels', '_t'],
        labels: true,
        max: 1000,
      })
    ).b as {
      erred?: boolean;
      ids?: string[];
      total?: number;
      facets?: Record<string, { value: string; count: number }[]>;
    };
    if (b.erred) return { ids: [], text: JSON.stringify(b) };
    const ids = b.ids ?? [];
    const count = (k: string) => b.facets?.$tkLabels?.find((x) => x.value === k)?.count ?? 0;
    if (count(SHARED) !== ids.length || count('BC_PROVENANCE') !== ids.length || b.total !== ids.length)
      throw new Error(`label facet counts ${JSON.stringify(b.facets)} for ${ids.length} ids`);
    return { ids, text: JSON.stringify(b) };
  },
};

/** The community's wordings as the badges read them: its LocalContextsLabel items by owner. */
const wordings: AccessPath<P> = {
  name: 'the community’s label wordings (as the badges ask for them)',
  types: ['LocalContextsLabel'],
  async run({ client }) {
    const b = (
      await client.request('search/ids', {
        must: { _t: ['LocalContextsLabel'] },
        facets: ['labelKey'],
        max: 100,
      })
    ).b as { erred?: boolean; ids?: string[] };
    if (b.erred) return { ids: [], text: JSON.stringify(b) };
    const got = b.ids?.length
      ? ((await client.request('readMany/object', b.ids)).b as Record<string, unknown>)
      : {};
    return { ids: b.ids ?? [], text: JSON.stringify([b, got]) };
  },
};

export const accessCase: AccessCase<P> = {
  name: 'localcontexts',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [labelFacet, wordings],
  witness: { principal: 'member', key: 'communityWording' },
  mayRefuseSearch: ['signedOut'],
};
