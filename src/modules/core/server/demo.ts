import type { Role } from '../../../protocol/access-levels';
import {
  createAccount,
  grantAccess,
  loadPrincipal,
  SYSTEM,
  type DemoSeed,
  type ItemService,
} from '../../../server/module-api';
import { seedCoreStory } from './demo-story';

// Core's demo data (ServerModule.seedDemo), invented: a community, two proponents and a
// regulator, with users in each role and a few items at every visibility level. Nothing here is
// real community data. The order of the writes fixes the demo's ids: keep it.

export async function seedCoreDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const org = async (displayName: string, type: string, extra: Record<string, unknown> = {}) =>
    (await items.create(SYSTEM, 'Organization', { displayName, type, ...extra })).$id;
  const riverbend = await org('Riverbend First Nation', 'COMMUNITY', {
    website: 'https://riverbend.example',
    legalName: 'Riverbend First Nation Band Council',
  });
  const pipeline = await org('Northern Pipeline Corp.', 'INDUSTRY', { industry: 'Oil and gas transmission' });
  const mining = await org('Cedar Ridge Mining Ltd.', 'INDUSTRY', { industry: 'Mining' });
  const ministry = await org('Provincial Ministry of Lands', 'GOVERNMENT');

  const people: {
    email: string;
    name: string;
    first: string;
    last: string;
    org?: string;
    role?: Role;
    admin?: boolean;
    who: string;
  }[] = [
    {
      email: 'admin@riverbend.example',
      name: 'Site Administrator',
      first: 'Site',
      last: 'Administrator',
      admin: true,
      // The site admin is one of the community's own people, not an outsider with a key.
      org: riverbend,
      role: 'orgAdmin',
      who: 'site admin (also Riverbend orgAdmin)',
    },
    {
      email: 'lands.admin@riverbend.example',
      name: 'Mary Thunderbird',
      first: 'Mary',
      last: 'Thunderbird',
      org: riverbend,
      role: 'orgAdmin',
      who: 'Riverbend lands manager (orgAdmin)',
    },
    {
      email: 'lands.officer@riverbend.example',
      name: 'Joseph Redcloud',
      first: 'Joseph',
      last: 'Redcloud',
      org: riverbend,
      role: 'editor',
      who: 'Riverbend lands officer (editor)',
    },
    {
      email: 'researcher@riverbend.example',
      name: 'Anna Swiftwater',
      first: 'Anna',
      last: 'Swiftwater',
      org: riverbend,
      role: 'staff',
      who: 'Riverbend researcher (staff)',
    },
    {
      email: 'member@riverbend.example',
      name: 'Daniel Crow',
      first: 'Daniel',
      last: 'Crow',
      org: riverbend,
      role: 'member',
      who: 'Riverbend community member (member)',
    },
    {
      email: 'proponent@northernpipeline.example',
      name: 'Karen Walsh',
      first: 'Karen',
      last: 'Walsh',
      org: pipeline,
      role: 'editor',
      who: 'Northern Pipeline consultation lead (editor)',
    },
    {
      email: 'regulator@lands.gov.example',
      name: 'Peter Chen',
      first: 'Peter',
      last: 'Chen',
      org: ministry,
      role: 'staff',
      who: 'Ministry of Lands analyst (staff)',
    },
  ];
  const userIds: Record<string, string> = {};
  for (const person of people) {
    const memberships = person.org && person.role ? [{ org: person.org, roles: [person.role] }] : [];
    userIds[person.email] = await createAccount(items, {
      email: person.email,
      password: demo.password,
      name: person.name,
      admin: person.admin ?? false,
      memberships,
    });
    await items.create(SYSTEM, 'Contact', {
      firstName: person.first,
      lastName: person.last,
      email: person.email,
      _related: person.org ? [person.org] : [],
      // The daily digest, not a mail per notification: a first start would otherwise write a
      // mail per demo person to the outbox half a minute after the banner (and log each).
      notify: 'DIGEST',
      user: userIds[person.email],
      owner: person.org ?? riverbend,
    });
  }
  await items.create(SYSTEM, 'Contact', {
    firstName: 'Lucy',
    lastName: 'Moosehide',
    email: 'lucy@cedarridge.example',
    officePhone: '2505550199',
    _related: [mining],
    owner: riverbend,
  });

  const as = async (email: string) => (await loadPrincipal(items.db, userIds[email]!))!;
  const landsAdmin = await as('lands.admin@riverbend.example');
  const officer = await as('lands.officer@riverbend.example');
  const member = await as('member@riverbend.example');

  await items.create(officer, 'Agreement', {
    title: 'Riverbend consultation protocol',
    state: 'ACTIVE',
    kind: 'CONSULTATION_PROTOCOL',
    $access: 'PUBLIC',
  });
  await items.create(officer, 'Agreement', {
    title: 'Community data-sharing terms',
    state: 'ACTIVE',
    kind: 'DATA_SHARING',
    with: ministry,
    $access: 'COMMUNITY',
  });
  const study = await items.create(officer, 'Agreement', {
    title: 'Traditional-use study agreement',
    state: 'DRAFT',
    kind: 'RESEARCH',
    $access: 'PROTECTED',
  });
  const accommodation = await items.create(landsAdmin, 'Agreement', {
    title: 'Pipeline accommodation agreement (negotiation draft)',
    state: 'DRAFT',
    with: pipeline,
    $access: 'PRIVATE',
  });
  // Private to the lands manager, so she shares it with the officer before she assigns it to
  // him: a thread is assigned only to someone who may read it (test/demo-story.test.ts).
  const sacredSite = await items.create(landsAdmin, 'Thread', {
    subject: 'Sacred site monitoring, confidential',
    $access: 'PRIVATE',
  });
  await items.create(member, 'Thread', {
    subject: "Elders' gathering at the river flats",
    $access: 'COMMUNITY',
  });
  await items.create(officer, 'Thread', {
    subject: 'Referral backlog for December',
    $access: 'PROTECTED',
    purpose: 'CONSULT_ACK',
  });
  for (const key of ['Phone call', 'Site visit', 'Letter', 'Meeting'])
    await items.create(officer, 'LOVValue', { list: 'ACTION_TYPES', key, state: 'ACTIVE', t: { en: key } });
  // The proponent sees the accommodation draft only because the community shared it with them.
  await grantAccess(items, landsAdmin, accommodation.$id, pipeline, ['read']);
  await grantAccess(items, landsAdmin, sacredSite.$id, userIds['lands.officer@riverbend.example']!, [
    'read',
    'update',
  ]);
  // Through the item service, so the officer's "You were assigned" notification is the real one.
  await items.update(landsAdmin, {
    $id: sacredSite.$id,
    $version: sacredSite.$version,
    assignedTo: userIds['lands.officer@riverbend.example'],
    assignedDue: '2026-12-15',
  });

  await seedCoreStory(items, {
    orgs: { riverbend, pipeline, mining, ministry },
    users: userIds,
    agreements: { accommodation: accommodation.$id, study: study.$id },
  });

  for (const p of people) demo.signIn({ email: p.email, password: demo.password, who: p.who });
  // For the demo data of modules that build on core.
  for (const [name, id] of Object.entries({ riverbend, pipeline, mining, ministry }))
    demo.ids.set(`org.${name}`, id);
  for (const [email, id] of Object.entries(userIds)) demo.ids.set(`user.${email}`, id);
}
