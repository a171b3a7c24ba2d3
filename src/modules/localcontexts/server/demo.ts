import { sql } from 'drizzle-orm';
import { query, SYSTEM, type DemoSeed, type ItemService } from '../../../server/module-api';
import { LABEL_TYPE } from '../types';
import { LC_PROJECT_KEY, TK_LABELS_KEY } from '../labels';

// The Local Contexts demo (issue 17 "Demo"): Riverbend's labels on a few of its demo items (two
// words and the river-crossing consultation), and Riverbend's own wording of TK Seasonal. The
// project id is invented; nothing is fetched from Local Contexts.

export const DEMO_PROJECT_ID = 'riverbend-demo-project-0001';

const LABELLED: { type: string; label: string; labels: string[] }[] = [
  { type: 'Lexeme', label: 'kwáli', labels: ['TK_ATTRIBUTION', 'TK_SEASONAL'] },
  { type: 'Lexeme', label: 'tłéxw', labels: ['TK_ATTRIBUTION', 'TK_COMMUNITY_USE_ONLY'] },
];

export async function seedLocalContextsDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const riverbend = demo.ids.get('org.riverbend');
  const orgAdmin = demo.ids.get('user.lands.admin@riverbend.example');
  if (!riverbend || !orgAdmin) return;
  await items.create(
    SYSTEM,
    LABEL_TYPE,
    {
      labelKey: 'TK_SEASONAL',
      customName: 'Heron season (TK Seasonal)',
      customText:
        'Riverbend shares this word while the herons are on the river, from spring thaw to first frost. ' +
        'Out of season, please do not play its recording in public.',
      translations: {
        fr: 'Riverbend partage ce mot pendant la saison des hérons, du dégel aux premières gelées.',
      },
    },
    { actor: orgAdmin, owner: riverbend, access: 'PUBLIC' },
  );
  const targets: [string, string[]][] = [];
  for (const l of LABELLED) {
    const rows = await query<{ id: string }>(
      items.db,
      sql`select id from items where type = ${l.type} and owner = ${riverbend} and not deleted
        and data->>'label' = ${l.label} limit 1`,
    );
    if (rows[0]) targets.push([rows[0].id, l.labels]);
  }
  const crossing = demo.ids.get('consultation.crossing');
  if (crossing) targets.push([crossing, ['TK_ATTRIBUTION', 'BC_PROVENANCE', 'NOTICE_OPEN_TO_COLLABORATION']]);
  for (const [id, labels] of targets) {
    const row = await items.read(SYSTEM, id);
    await items.update(
      SYSTEM,
      { $id: id, $version: row.$version, [TK_LABELS_KEY]: labels, [LC_PROJECT_KEY]: DEMO_PROJECT_ID },
      { actor: orgAdmin },
    );
  }
}
