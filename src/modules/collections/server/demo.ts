import { loadPrincipal, type DemoSeed, type ItemService } from '../../../server/module-api';

// The collections demo: Riverbend's archive fonds, which the archive's demo files its records
// into (demo.ids 'collection.treaty-records'), and an exhibition whose members are a search, the
// words about water, so each person sees the words they may read.

export async function seedCollectionsDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const riverbend = demo.ids.get('org.riverbend');
  const officerId = demo.ids.get('user.lands.officer@riverbend.example');
  if (!riverbend || !officerId) return;
  const officer = (await loadPrincipal(items.db, officerId))!;
  const fonds = await items.create(officer, 'Collection', {
    title: 'Treaty and land records',
    subtitle: 'Letters, surveys and agreements about the reserve lands, 1871 to today',
    label: 'Land records',
    collectionType: 'FONDS',
    description:
      'The records the lands office keeps about the reserve and the traditional territory: treaty ' +
      'correspondence, surveys of the reserve, band council resolutions and the consultations since.',
    owner: riverbend,
  });
  demo.ids.set('collection.treaty-records', fonds.$id);
  const exhibition = await items.create(officer, 'Collection', {
    title: 'Voices of the River',
    subtitle: 'Words for the river and its water, in the voices of our speakers',
    collectionType: 'EXHIBITION',
    description:
      'An exhibition for the language nest: every word about the river and water that the ' +
      'language team has recorded. New words join on their own as they are catalogued.',
    membershipQuery: { must: { _t: ['Lexeme'], categories: ['LAND.WATER'] } },
    owner: riverbend,
  });
  demo.ids.set('collection.voices-of-the-river', exhibition.$id);
}
