import {
  grantAccess,
  loadPrincipal,
  SYSTEM,
  type ItemService,
  type Principal,
} from '../../../server/module-api';

// The demo's story, after core's people and first items (demo.ts): Northern Pipeline proposes
// a pipeline across the Kettle River on Riverbend's territory, the lands office consults the
// community, and the Ministry keeps the Crown's record. Conversations have a context and
// replies, so people start with unread notifications, made by the real write hooks (a
// notification exists only where its event does, for someone who may read it). Every thread is
// assigned to someone who may read it. Invented: nothing here is real community data.

export interface StoryBase {
  orgs: { riverbend: string; pipeline: string; mining: string; ministry: string };
  /** User ids by e-mail. */
  users: Record<string, string>;
  agreements: { accommodation: string; study: string };
}

const ADMIN = 'admin@riverbend.example';
const LANDS_ADMIN = 'lands.admin@riverbend.example';
const OFFICER = 'lands.officer@riverbend.example';
const RESEARCHER = 'researcher@riverbend.example';
const MEMBER = 'member@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const REGULATOR = 'regulator@lands.gov.example';

export async function seedCoreStory(items: ItemService, base: StoryBase): Promise<void> {
  const { riverbend, pipeline, mining, ministry } = base.orgs;
  const user = (email: string) => base.users[email]!;
  const as = async (email: string): Promise<Principal> => (await loadPrincipal(items.db, user(email)))!;
  const landsAdmin = await as(LANDS_ADMIN);
  const officer = await as(OFFICER);
  const member = await as(MEMBER);
  const proponent = await as(PROPONENT);
  const regulator = await as(REGULATOR);
  const say = (p: Principal, thread: string, body: string) => items.create(p, 'Message', { thread, body });

  // More of the people a lands office deals with.
  const org = async (displayName: string, type: string, extra: Record<string, unknown> = {}) =>
    (await items.create(SYSTEM, 'Organization', { displayName, type, ...extra })).$id;
  const watershed = await org('Salmon Creek Watershed Society', 'NOT_FOR_PROFIT', {
    website: 'https://salmoncreek.example',
  });
  const consultants = await org('Tamarack Environmental Consulting', 'CONSULTANT', {
    industry: 'Environmental assessment',
  });
  const contact = (p: Principal, owner: string, c: Record<string, unknown>) =>
    items.create(p, 'Contact', { owner, ...c });
  const rose = await contact(officer, riverbend, {
    firstName: 'Rose',
    lastName: 'Whitehorse',
    mobilePhone: '2505550123',
    _related: [riverbend],
  });
  await contact(officer, riverbend, {
    firstName: 'Henry',
    lastName: 'Joe',
    email: 'henry.joe@riverbend.example',
    officePhone: '2505550140 x12',
    _related: [riverbend],
  });
  await contact(officer, riverbend, {
    firstName: 'Grace',
    lastName: 'Peters',
    email: 'grace@salmoncreek.example',
    mobilePhone: '2505550177',
    _related: [watershed],
  });
  await contact(officer, riverbend, {
    firstName: 'Ian',
    lastName: 'McLeod',
    email: 'ian.mcleod@tamarack.example',
    officePhone: '6045550188',
    _related: [consultants],
  });
  await contact(officer, riverbend, {
    firstName: 'Linda',
    lastName: 'Park',
    email: 'linda.park@lands.gov.example',
    officePhone: '2505550102 x304',
    _related: [ministry],
  });
  await contact(officer, riverbend, {
    firstName: 'Tom',
    lastName: 'Baptiste',
    email: 'tom.baptiste@cedarridge.example',
    mobilePhone: '7785550166',
    _related: [mining],
  });
  // The proponent's own records: her company's people and its engagement plan.
  await contact(proponent, pipeline, {
    firstName: 'Sarah',
    lastName: 'Lindqvist',
    email: 'sarah.lindqvist@northernpipeline.example',
    officePhone: '4035550150',
    _related: [pipeline],
  });
  await contact(proponent, pipeline, {
    firstName: 'Martin',
    lastName: 'Ouellet',
    email: 'martin.ouellet@northernpipeline.example',
    mobilePhone: '4035550191',
    _related: [pipeline],
  });
  const plan = await items.create(proponent, 'Agreement', {
    title: 'Kettle River pipeline engagement plan',
    state: 'ACTIVE',
    with: riverbend,
    $access: 'PROTECTED',
  });
  await items.create(proponent, 'Thread', {
    subject: 'Open house logistics, Riverbend hall',
    context: plan.$id,
    assignedTo: user(PROPONENT),
    assignedDue: '2027-01-08',
  });

  // The consultation itself, kept by the community and shared with the proponent's company
  // (Riverbend holds its own record; the others read and reply). A writer links only to what
  // they may read, so nobody names another organisation's accounts: the creator, the assignee
  // and everyone who has written in a thread follow it.
  const route = await items.create(landsAdmin, 'Thread', {
    subject: 'Kettle River pipeline: route options',
    context: base.agreements.accommodation,
    purpose: 'CONSULT_RESPONSE',
    $access: 'PROTECTED',
    assignedTo: user(OFFICER),
    assignedDue: '2026-12-19',
  });
  await grantAccess(items, landsAdmin, route.$id, pipeline, ['read']);
  await say(
    proponent,
    route.$id,
    'The revised route moves the river works 400 m downstream, away from the spawning beds. Maps are on the way.',
  );
  await say(
    officer,
    route.$id,
    'Thank you. The elders want to walk the new line before we comment; could your crew be there on the 16th?',
  );
  await say(proponent, route.$id, 'Yes, the 16th works. Martin will bring the survey crew.');

  // The Crown's duty to consult, recorded with the Ministry's analyst.
  const crown = await items.create(landsAdmin, 'Thread', {
    subject: 'Crown consultation record: Kettle River pipeline',
    context: pipeline,
    purpose: 'CONSULT_ACK',
    $access: 'PROTECTED',
    assignedTo: user(LANDS_ADMIN),
    assignedDue: '2027-01-20',
  });
  await grantAccess(items, landsAdmin, crown.$id, ministry, ['read']);
  await say(
    regulator,
    crown.$id,
    'The referral was received on 2 December. Please send Riverbend’s response by 20 January.',
  );
  await say(
    landsAdmin,
    crown.$id,
    'Received. Our response will follow the site walk on the 16th; we may need two more weeks.',
  );
  await say(regulator, crown.$id, 'Two more weeks is fine; I have noted the extension in the record.');

  // Inside the community.
  const interviews = await items.create(landsAdmin, 'Thread', {
    subject: 'Elders’ interviews: January schedule',
    context: base.agreements.study,
    purpose: 'CONFIRM_FIELDWORK',
    $access: 'PROTECTED',
    participants: [user(OFFICER), rose.$id],
    assignedTo: user(RESEARCHER),
    assignedDue: '2027-01-15',
  });
  await say(
    officer,
    interviews.$id,
    'Rose Whitehorse can meet on Tuesdays. Ian from Tamarack will record the map work.',
  );
  const meeting = await items.create(landsAdmin, 'Thread', {
    subject: 'Community meeting on the pipeline route, 12 January',
    context: pipeline,
    $access: 'COMMUNITY',
    participants: [user(MEMBER), user(OFFICER)],
  });
  await say(officer, meeting.$id, 'The hall is booked from 6 pm; soup and bannock from the youth council.');
  await say(
    member,
    meeting.$id,
    'My grandmother would like to speak about the old trail at the river flats.',
  );
  const setup = await items.create(landsAdmin, 'Thread', {
    subject: 'Site set-up: storage and backups',
    context: riverbend,
    $access: 'PROTECTED',
    assignedTo: user(ADMIN),
    assignedDue: '2026-12-31',
  });
  await say(
    landsAdmin,
    setup.$id,
    'Ian McLeod will send the interview recordings on a drive; please check there is room before then.',
  );
}
