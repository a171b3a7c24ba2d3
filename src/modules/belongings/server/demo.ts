import {
  addOrgCapabilities,
  attachDemoFiles,
  createAccount,
  grantAccess,
  loadPrincipal,
  setGrantIn,
  SYSTEM,
  type DemoSeed,
  type ItemService,
  type Principal,
} from '../../../server/module-api';
import { BELONGING_TYPES, BELONGING_WF_STATES, INSTITUTION_GRANTOR } from '../types';
import { BELONGINGS_CAPABILITY } from '../views';
import { BELONGINGS, TYPE_VALUES, WF_STATE_VALUES } from './demo-data';
import { belongingPhotos } from './demo-photos';

import { repatriationSteps } from './workflow-def';

// The belongings demo (issue 17 "Demo data"): Riverbend's belongings held by two museums, in
// every status; the default repatriation workflow; the bandolier bag's repatriation under way
// with its steps on the lands officer, shared with its museum, whose curator can sign in; the
// rattle restricted to the Elders; an exhibition of what came home; photographs of four of them
// (when the demo has a file store).

export async function seedBelongingsDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const id = (name: string) => {
    const v = demo.ids.get(name);
    if (!v) throw new Error(`demo id ${name} missing`);
    return v;
  };
  const riverbend = id('org.riverbend');
  await addOrgCapabilities(items, riverbend, BELONGINGS_CAPABILITY);
  const lov = (list: string, key: string, en: string, superState?: string) =>
    items.create(SYSTEM, 'LOVValue', {
      list,
      key,
      state: 'ACTIVE',
      t: { en },
      ...(superState ? { superState } : {}),
      owner: riverbend,
    });
  for (const [key, en] of TYPE_VALUES) await lov(BELONGING_TYPES, key, en);
  for (const [key, en, superState] of WF_STATE_VALUES) await lov(BELONGING_WF_STATES, key, en, superState);

  const museum = async (displayName: string, website: string) =>
    (await items.create(SYSTEM, 'Organization', { displayName, type: 'MUSEUM', website })).$id;
  const museums = {
    royal: await museum('Royal Provincial Museum', 'https://royalprovincial.example'),
    eastern: await museum('Eastern University Museum of Anthropology', 'https://euma.example'),
  };
  demo.ids.set('org.royalMuseum', museums.royal);
  demo.ids.set('org.easternMuseum', museums.eastern);
  // The Royal Provincial Museum's curator: a member of the museum only, who reads what Riverbend
  // shares with the museum (the bandolier bag and its history), nothing else of Riverbend's.
  const curatorEmail = 'curator@royalprovincial.example';
  const curatorId = await createAccount(items, {
    email: curatorEmail,
    password: demo.password,
    name: 'Helen Marsh',
    admin: false,
    memberships: [{ org: museums.royal, roles: ['staff'] }],
  });
  await items.create(SYSTEM, 'Contact', {
    firstName: 'Helen',
    lastName: 'Marsh',
    email: curatorEmail,
    _related: [museums.royal],
    notify: 'DIGEST',
    user: curatorId,
    owner: museums.royal,
  });
  demo.ids.set(`user.${curatorEmail}`, curatorId);
  demo.signIn({
    email: curatorEmail,
    password: demo.password,
    who: 'Royal Provincial Museum curator (staff)',
  });

  const as = async (email: string): Promise<Principal> =>
    (await loadPrincipal(items.db, id(`user.${email}`)))!;
  const officer = await as('lands.officer@riverbend.example');
  const manager = await as('lands.admin@riverbend.example');
  const researcher = id('user.researcher@riverbend.example');

  // The Elders protocol (docs/access-model.md "Cultural protocols"), unless another module's demo
  // made it: the lands manager keeps it; she and the lands officer are in it.
  let elders = demo.ids.get('protocol.elders');
  if (!elders) {
    elders = (
      await items.create(
        SYSTEM,
        'Protocol',
        { name: 'Elders', members: [manager.userId!, officer.userId!] },
        { owner: riverbend, actor: manager.userId },
      )
    ).$id;
    demo.ids.set('protocol.elders', elders);
  }
  // The officer's session must know the protocol before restricting an item to it.
  const officerNow = (await loadPrincipal(items.db, officer.userId!))!;

  const workflow = await items.create(officerNow, 'Workflow', {
    label: 'Riverbend repatriation',
    description: 'Request, research, negotiate, bring home and welcome back a belonging.',
    appliesTo: 'Belonging',
    isDefault: true,
    steps: repatriationSteps(officer.userId!, researcher),
  });

  const exhibition = await items.create(officerNow, 'Collection', {
    title: 'Coming home',
    subtitle: 'Belongings returned to Riverbend',
    collectionType: 'EXHIBITION',
    description: 'The belongings that have come home, and the stories of their return.',
  });

  const made: Record<string, string> = {};
  for (const b of BELONGINGS) {
    const { key, museum: m, status, ...fields } = b;
    const data: Record<string, unknown> = {
      ...fields,
      institution: museums[m],
      culturalAffiliation: 'Riverbend First Nation',
      ...(status ? { repatriationStatus: status } : {}),
      ...(status === 'REPATRIATED' ? { collections: [exhibition.$id] } : {}),
      ...(key === 'rattle' ? { $access: 'PROTECTED', $protocols: [elders] } : {}),
    };
    made[key] = (await items.create(officerNow, 'Belonging', data)).$id;
    await attachDemoFiles(items, demo, made[key], officer.userId!, belongingPhotos(key, b.title));
  }
  // The bandolier bag's repatriation under way (IN_PROGRESS): the default workflow started on it
  // (the engine's start on write; `workflow` is the system's to write), its request step ACTIVE
  // with the lands officer, the rest waiting on him and the researcher.
  const bag = await items.read(SYSTEM, made.bag!);
  await items.update(
    SYSTEM,
    { $id: bag.$id, $version: bag.$version, workflow: workflow.$id, repatriationStatus: 'IN_PROGRESS' },
    { actor: officer.userId },
  );
  demo.ids.set('belonging.bag', made.bag!);

  await items.create(officerNow, 'BelongingNote', {
    belonging: made.bag,
    subject: 'Before the call with the museum',
    body: 'The registrar is sympathetic; the board meets in March. Do not mention the jacket yet.',
  });
  await items.transaction((tx) =>
    setGrantIn(tx, items, made.bag!, museums.royal, ['read'], {
      grantedBy: INSTITUTION_GRANTOR,
      actor: officer.userId,
    }),
  );

  // The conversation with the museum about the bag: the lands manager shares it with the museum,
  // the curator writes (and so follows it), the officer answers; so the curator starts with a
  // notification made by the real write hooks, like every demo person. (Nobody here may read the
  // curator's User item, so nobody can assign the thread to them.)
  const curator = (await loadPrincipal(items.db, curatorId))!;
  const thread = await items.create(manager, 'Thread', {
    subject: 'Bringing the bandolier bag home',
    context: made.bag,
    $access: 'PROTECTED',
  });
  await grantAccess(items, manager, thread.$id, museums.royal, ['read']);
  await items.create(curator, 'Message', {
    thread: thread.$id,
    body: 'Our board meets in March. Could you send the community’s letter of request before then?',
  });
  await items.create(officerNow, 'Message', {
    thread: thread.$id,
    body: 'Thank you. The request goes out this month; the history of the work is shared with you on the record.',
  });
}
