import {
  loadPrincipal,
  seedListValues,
  SYSTEM,
  type DemoSeed,
  type ItemService,
} from '../../../server/module-api';
import { DEFAULT_RESEARCH_LISTS } from '../lists';
import { RESEARCH_CAPABILITY } from '../views';
import { INTERVIEWS, RESPONDENTS, SITES, SPECIES, STUDY_AREA, STUDY_TITLE, TOPICS } from './demo-study';

// The research demo (issue 18 "Demo data"): Riverbend First Nation's research lists, and an
// invented land-use study made by the researcher: five knowledge holders, four interviews, ten
// species, five topics and forty places coded from what was said, each given its site code by
// the server. Everything is PROTECTED (the community's staff) but two places PRIVATE (a burial
// place, a family's medicine place: the researcher who coded them and the orgAdmins). A plain
// member, the proponent and the regulator read none of it.

async function addUserCapability(items: ItemService, userId: string) {
  const user = await items.read(SYSTEM, userId);
  // A User's capabilities are a map of name → true (core's User type).
  const caps = user.capabilities && typeof user.capabilities === 'object' ? user.capabilities : {};
  if ((caps as Record<string, unknown>)[RESEARCH_CAPABILITY] === true) return;
  await items.update(SYSTEM, {
    $id: userId,
    $version: user.$version,
    capabilities: { ...caps, [RESEARCH_CAPABILITY]: true },
  });
}

/** Seeds an organisation's research lists with their starting values. */
export async function seedResearchLists(items: ItemService, owner: string): Promise<void> {
  for (const [list, values] of Object.entries(DEFAULT_RESEARCH_LISTS))
    await seedListValues(items, owner, list, values);
}

export async function seedResearchDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const riverbend = demo.ids.get('org.riverbend');
  const researcherId = demo.ids.get('user.researcher@riverbend.example');
  if (!riverbend || !researcherId) return;
  // The research team: the researcher and the lands staff. A plain member does not hold it, so
  // the organisation does not either: its capabilities are every member's.
  for (const email of ['researcher', 'lands.officer', 'lands.admin']) {
    const id = demo.ids.get(`user.${email}@riverbend.example`);
    if (id) await addUserCapability(items, id);
  }
  await seedResearchLists(items, riverbend);

  const researcher = (await loadPrincipal(items.db, researcherId))!;
  const create = async (type: string, data: Record<string, unknown>) =>
    (await items.create(researcher, type, data)).$id;

  const topic: Record<string, string> = {};
  for (const t of TOPICS)
    topic[t.key] = await create('ResearchTopic', { title: t.title, description: t.description });
  const species: Record<string, string> = {};
  for (const { key, ...s } of SPECIES)
    species[key] = await create('ResearchSpecies', {
      ...s,
      uses: [...s.uses],
      ...('partsUsed' in s ? { partsUsed: [...s.partsUsed] } : {}),
      origin: 'INDIGENOUS',
      topics: [topic[s.type === 'PLANT' ? 'medicine' : 'harvesting']!],
    });
  const member: Record<string, string> = {};
  for (const { key, ...r } of RESPONDENTS)
    member[key] = await create('CommunityMember', {
      ...r,
      deceased: false,
      communityMembership: [riverbend],
      culturalActivities: ['Hunting', 'Storytelling'],
      followUpNotes: 'Agreed to a follow-up visit to check the map.',
    });

  const project = await create('ResearchProject', {
    title: STUDY_TITLE,
    type: 'TLUS',
    id: 'RB-TLUS-2025',
    start: '2025-02-01',
    end: '2025-12-15',
    studyArea: STUDY_AREA,
    studyAreaDescription:
      'The Beaver Creek and Sandy River watersheds north of the community, to the height of land.',
    description:
      'Interviews with Elders and land users on where the community hunts, fishes, traps, gathers, travels and camps, for the community’s own planning and for consultations on proposed developments.',
  });
  demo.ids.set('research.project', project);

  const interview: Record<string, string> = {};
  for (const i of INTERVIEWS)
    interview[i.key] = await create('ResearchActivity', {
      title: i.title,
      type: i.type,
      project,
      start: i.start,
      end: new Date(Date.parse(i.start) + i.hours * 3_600_000).toISOString(),
      location: i.location,
      highlights: i.highlights,
      respondents: i.respondents.map((k) => member[k]!),
      topics: i.topics.map((k) => topic[k]!),
      interviewers: [researcherId],
      dataEntry: [researcherId],
    });

  // Only the interview is named: the server gives each its project and site code.
  for (const s of SITES) {
    const line = Array.isArray(s.at[0]);
    await items.create(researcher, 'ResearchData', {
      label: s.label,
      activity: interview[s.interview],
      valueCategory: s.category,
      valueCode: s.code,
      respondents: s.by.map((k) => member[k]!),
      spatial: line ? { type: 'LineString', coordinates: s.at } : { type: 'Point', coordinates: s.at },
      mapAccuracy: s.accuracy,
      seasons: s.seasons,
      ...(s.species ? { species: s.species.map((k) => species[k]!) } : {}),
      topics: s.topics.map((k) => topic[k]!),
      ...(s.time ? { timeCode: s.time } : {}),
      ...(s.indigenousNames ? { indigenousNames: true } : {}),
      ...(s.private ? { $access: 'PRIVATE' } : {}),
    });
  }
}
