import {
  attachDemoFiles,
  loadPrincipal,
  SYSTEM,
  type DemoFile,
  type DemoSeed,
  type ItemService,
  type Principal,
} from '../../../server/module-api';
import { ARCHIVE_CATEGORIES, ARCHIVE_TYPES } from '../types';
import { ARCHIVE_CAPABILITY } from '../views';
import { demoJpeg, demoPdf, demoPlanPng, demoWav, PHOTO_SCENES } from './demo-media';

// The archive demo (issue 17): a dozen entries of the invented Riverbend First Nation's archive,
// an elder's recording, photographs, a treaty copy, a research report, a survey plan, council
// minutes, with the lists of categories and types, three source organisations, a photograph
// collection, one PRIVATE entry (whose source organisation nobody else hears of), one restricted
// to the Elders protocol and one that needs attention. People, places and records are invented.

export const DEMO_CATEGORIES: Readonly<Record<string, string>> = {
  ORAL_HISTORY: 'Oral history',
  PHOTOGRAPHS: 'Photographs',
  TREATY_RIGHTS: 'Treaty and rights',
  LAND_USE: 'Land use and occupancy',
  GOVERNANCE: 'Governance',
  LANGUAGE: 'Language and culture',
  MAPS: 'Maps and plans',
};

export const DEMO_TYPES: Readonly<Record<string, string>> = {
  AUDIO_RECORDING: 'Audio recording',
  VIDEO_RECORDING: 'Video recording',
  PHOTOGRAPH: 'Photograph',
  DOCUMENT: 'Document',
  REPORT: 'Report',
  MAP: 'Map or plan',
  CORRESPONDENCE: 'Correspondence',
  BOOK: 'Book',
};

const jpeg = (name: string, svg: string): DemoFile => ({
  name,
  type: 'image/jpeg',
  bytes: () => demoJpeg(svg),
});
const pdf = (name: string, lines: string[]): DemoFile => ({
  name,
  type: 'application/pdf',
  bytes: () => demoPdf(lines),
});

async function grantCapability(items: ItemService, userId: string) {
  const user = await items.read(SYSTEM, userId);
  const caps = user.capabilities && typeof user.capabilities === 'object' ? user.capabilities : {};
  await items.update(SYSTEM, {
    $id: userId,
    $version: user.$version,
    capabilities: { ...caps, [ARCHIVE_CAPABILITY]: true },
  });
}

export async function seedArchiveDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const riverbend = demo.ids.get('org.riverbend');
  const id = (email: string) => demo.ids.get(`user.${email}@riverbend.example`);
  const officerId = id('lands.officer');
  const adminId = id('lands.admin');
  const researcherId = id('researcher');
  if (!riverbend || !officerId || !adminId || !researcherId) return;
  // The archive team (the lands staff and the researcher) and the community's members browse
  // and catalogue; the proponent and the regulator never see the group.
  for (const u of [officerId, adminId, researcherId, id('member')]) if (u) await grantCapability(items, u);

  for (const [list, values] of [
    [ARCHIVE_CATEGORIES, DEMO_CATEGORIES],
    [ARCHIVE_TYPES, DEMO_TYPES],
  ] as const)
    for (const [key, en] of Object.entries(values))
      await items.create(SYSTEM, 'LOVValue', { list, key, state: 'ACTIVE', t: { en }, owner: riverbend });

  const org = async (displayName: string, type: string) =>
    (await items.create(SYSTEM, 'Organization', { displayName, type })).$id;
  const museum = await org('Valley Museum of History', 'MUSEUM');
  const provincial = await org('Northern Provincial Archives', 'GOVERNMENT');
  const counsel = await org('Crane & Hollis Barristers', 'CONSULTANT');

  // The Elders protocol: another module's demo may have made it already.
  let elders = demo.ids.get('protocol.elders');
  if (!elders) {
    elders = (
      await items.create(
        SYSTEM,
        'Protocol',
        {
          name: 'Elders',
          description: 'Knowledge the Elders keep: burial places, ceremonies, family histories.',
          members: [adminId, officerId],
        },
        { owner: riverbend, actor: adminId },
      )
    ).$id;
    demo.ids.set('protocol.elders', elders);
  }

  const officer = (await loadPrincipal(items.db, officerId))!;
  const landsAdmin = (await loadPrincipal(items.db, adminId))!;

  const photos = await items.create(officer, 'Collection', {
    title: 'Riverbend photograph collection',
    subtitle: 'Family and community photographs, 1950s to 1980s',
    collectionType: 'FONDS',
    description: 'Photographs lent or given by families, and copies returned by the Valley Museum.',
  });

  // The collections module's demo fonds for the lands records, when it made one.
  const landRecords = demo.ids.get('collection.treaty-records');
  const inLandRecords = landRecords ? { collections: [landRecords] } : {};

  const entry = async (
    who: Principal,
    data: Record<string, unknown>,
    files: DemoFile[] = [],
  ): Promise<string> => {
    const e = await items.create(who, 'ArchiveEntry', data);
    await attachDemoFiles(items, demo, e.$id, who.userId!, files, 'attachments');
    return e.$id;
  };

  await entry(
    officer,
    {
      title: 'Agnes Longwater on the winter trapline',
      secondaryTitle: 'Oral history interview, tape 3 of 5',
      creator: ['Agnes Longwater'],
      contributor: ['Daniel Whitehorse (interviewer)'],
      description:
        'Agnes tells of the family trapline north of Moose Lake in the 1940s: the cabins, the routes between them and the songs her father hummed while setting traps.',
      date: '1987-03',
      language: ['English', 'Riverbend language'],
      keywords: ['trapline', 'winter', 'songs', 'family history'],
      relatedPlaceName: ['Moose Lake', 'North cabin'],
      category: 'ORAL_HISTORY',
      type: 'AUDIO_RECORDING',
      reelNumber: 'Tape 3',
      $access: 'COMMUNITY',
    },
    [{ name: 'longwater-trapline-tape3.wav', type: 'audio/wav', bytes: () => demoWav(3) }],
  );
  await entry(
    officer,
    {
      title: 'Fish camp at the river flats, summer 1962',
      creator: ['Unknown photographer'],
      description: 'Drying racks and the Whitehorse family tent at the summer fish camp.',
      date: '1962',
      keywords: ['fish camp', 'summer', 'drying racks'],
      relatedPlaceName: ['River flats'],
      category: 'PHOTOGRAPHS',
      type: 'PHOTOGRAPH',
      sourceOrg: museum,
      callNumber: 'VMH-P-1962-044',
      collections: [photos.$id],
      $access: 'PUBLIC',
    },
    [jpeg('fish-camp-1962.jpg', PHOTO_SCENES.fishCamp)],
  );
  await entry(
    officer,
    {
      title: 'Canoe landing at Riverbend, 1958',
      creator: ['Rev. H. Pollard'],
      description: 'Two freight canoes drawn up at the old landing below the mission.',
      date: '1958-08',
      keywords: ['canoes', 'landing', 'travel'],
      category: 'PHOTOGRAPHS',
      type: 'PHOTOGRAPH',
      sourceOrg: museum,
      callNumber: 'VMH-P-1958-012',
      collections: [photos.$id],
      $access: 'COMMUNITY',
    },
    [
      jpeg('canoe-landing-1958.jpg', PHOTO_SCENES.canoeLanding),
      jpeg('canoe-landing-1958-back.jpg', PHOTO_SCENES.winterFlats),
    ],
  );
  await entry(
    officer,
    {
      title: 'The river flats in winter',
      creator: ['Mary Whitehorse'],
      date: '1979-01',
      keywords: ['winter', 'river flats'],
      category: 'PHOTOGRAPHS',
      type: 'PHOTOGRAPH',
      collections: [photos.$id],
      $access: 'COMMUNITY',
    },
    [jpeg('river-flats-winter.jpg', PHOTO_SCENES.winterFlats)],
  );
  await entry(
    officer,
    {
      title: 'Treaty adhesion, 1910 (certified copy)',
      description: 'Copy of the adhesion signed at the Riverbend landing, with the list of signatories.',
      date: '1910',
      category: 'TREATY_RIGHTS',
      type: 'DOCUMENT',
      sourceOrg: provincial,
      recordGroupNumber: 'RG 10',
      fileNumber: '1/1-11-4',
      reelNumber: 'C-11402',
      pages: '14',
      keywords: ['treaty', 'adhesion', 'signatories'],
      bibliographicReference: 'Northern Provincial Archives, RG 10, file 1/1-11-4, reel C-11402.',
      ...inLandRecords,
      $access: 'PUBLIC',
    },
    [
      pdf('treaty-adhesion-1910.pdf', [
        'Treaty adhesion, 1910',
        'Certified copy (demo document)',
        'Riverbend landing',
      ]),
    ],
  );
  const study = demo.ids.get('consultation.crossing');
  await entry(
    officer,
    {
      title: 'Riverbend traditional land use and occupancy study',
      secondaryTitle: 'Final report',
      creator: ['Riverbend Lands Department', 'Valley College research team'],
      date: '2004-11',
      yearPublished: 2004,
      publisher: 'Riverbend First Nation',
      locationPublished: 'Riverbend',
      standardNumber: 'ISBN 978-0-00-000000-0',
      pages: '212',
      volumeName: 'Land use studies',
      volumeNumber: '2',
      section: 'Part 3: Harvesting areas',
      category: 'LAND_USE',
      type: 'REPORT',
      keywords: ['land use', 'harvesting', 'occupancy'],
      webLinks: ['https://riverbend.example/lands/tluos-2004'],
      ...(study ? { rel: [study] } : {}),
      $access: 'PROTECTED',
    },
    [
      pdf('tluos-2004-summary.pdf', [
        'Traditional land use and occupancy study',
        'Summary (demo document)',
        '2004',
      ]),
    ],
  );
  await entry(
    officer,
    {
      title: 'Plan of Riverbend Reserve No. 1, 1921',
      date: '1921-06',
      category: 'MAPS',
      type: 'MAP',
      sourceOrg: provincial,
      callNumber: 'Plan 1921-RB-1',
      relatedPlaceName: ['Riverbend Reserve No. 1'],
      keywords: ['reserve boundary', 'lots'],
      ...inLandRecords,
      $access: 'COMMUNITY',
    },
    [{ name: 'reserve-plan-1921.png', type: 'image/png', bytes: demoPlanPng }],
  );
  await entry(officer, {
    title: 'Band council minutes, 1975 to 1979',
    description: 'Bound minutes of the band council meetings, typed.',
    date: '1975',
    category: 'GOVERNANCE',
    type: 'DOCUMENT',
    fileNumber: 'BC-1975-79',
    needsAttention: true,
    needsAttentionComment: 'Pages 14 to 22 are water-damaged: rescan from the original binder.',
    $access: 'PROTECTED',
  });
  await entry(officer, {
    title: 'Letters from the Indian agent, 1931',
    category: 'TREATY_RIGHTS',
    type: 'CORRESPONDENCE',
    sourceOrg: provincial,
    date: '1931',
    fileNumber: '1/1-11-9',
    ...inLandRecords,
    description: 'Correspondence about the closing of the winter road and the rations list.',
    $access: 'PROTECTED',
  });
  await entry(officer, {
    title: 'Place names of the upper river',
    creator: ['Riverbend Language Committee'],
    yearPublished: 1998,
    publisher: 'Riverbend Language Committee',
    category: 'LANGUAGE',
    type: 'BOOK',
    language: ['Riverbend language', 'English'],
    keywords: ['place names', 'language'],
    $access: 'COMMUNITY',
  });
  // Restricted to the Elders: its creator (the lands manager) is one of them.
  await entry(
    landsAdmin,
    {
      title: 'Old burial grounds along the upper river',
      description:
        'Where the old burial grounds are, as the Elders told it. Not to be shared outside the Elders.',
      category: 'ORAL_HISTORY',
      type: 'AUDIO_RECORDING',
      date: '1991',
      $access: 'COMMUNITY',
      $protocols: [elders],
    },
    // Its recording follows the entry: only the Elders may play it, find it or zip it.
    [{ name: 'upper-river-burial-grounds.wav', type: 'audio/wav', bytes: () => demoWav(2) }],
  );
  // PRIVATE to the lands manager: the counsel's firm is the source of this entry only.
  await entry(landsAdmin, {
    title: 'Land claim negotiation notes (confidential)',
    description: 'Counsel’s notes from the 2019 negotiation sessions.',
    category: 'TREATY_RIGHTS',
    type: 'DOCUMENT',
    sourceOrg: counsel,
    date: '2019-05',
    $access: 'PRIVATE',
  });
  demo.ids.set('org.museum', museum);
  demo.ids.set('org.counsel', counsel);
}
