import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  attachDemoFiles,
  query,
  SYSTEM,
  type DemoSeed,
  type ItemService,
  type Principal,
} from '../../../../server/module-api';
import { RESPONSE_TEMPLATE } from '../response-defaults';

// The demo's letter template (docs/consult-letters.md "Demo"): Riverbend's standard reply, with
// its letterhead (an invented mark and name, drawn here and stored as an upload would be when the
// demo has a file store), address and signatory.

const LETTERHEAD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="200" viewBox="0 0 1200 200">
  <rect width="1200" height="200" fill="#ffffff"/>
  <circle cx="100" cy="100" r="70" fill="#1f5e5b"/>
  <path d="M50 118 Q75 92 100 110 T150 100" stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round"/>
  <path d="M70 80 L100 52 L130 80" stroke="#e7c873" stroke-width="9" fill="none" stroke-linejoin="round"/>
  <text x="200" y="92" font-family="DejaVu Sans, sans-serif" font-size="46" font-weight="700" fill="#1f5e5b">Riverbend First Nation</text>
  <text x="200" y="140" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#4a4a4a">Lands and Resources Department</text>
  <rect x="200" y="160" width="960" height="4" fill="#e7c873"/>
</svg>`;

/** The letterhead as a PNG (drawn at seed time, as the archive's demo media are). */
export function demoLetterheadPng(): Promise<Buffer> {
  return sharp(Buffer.from(LETTERHEAD_SVG)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** The demo's body is every community's default (response-defaults.ts). */
export const DEMO_LETTER_BODY = RESPONSE_TEMPLATE.body;

/**
 * Riverbend's frame on the template made with the community (response-defaults.ts), or on a new
 * one where there is none.
 */
export async function seedLetterTemplate(
  items: ItemService,
  demo: DemoSeed,
  officer: Principal,
  community: string,
) {
  const frame = {
    address:
      'Riverbend First Nation\nLands and Resources Department\n100 River Road, Box 40\nRiverbend, ON P0T 1A0',
    signatoryName: 'Mary Thunderbird',
    signatoryTitle: 'Lands Manager',
  };
  const [made] = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'LetterTemplate' and not deleted and owner = ${community} order by num limit 1`,
  );
  const tpl = made
    ? await items.update(SYSTEM, {
        $id: made.id,
        $version: (await items.read(SYSTEM, made.id)).$version,
        ...frame,
      })
    : await items.create(officer, 'LetterTemplate', { ...RESPONSE_TEMPLATE, ...frame, owner: community });
  if (!officer.userId) return;
  await attachDemoFiles(items, demo, tpl.$id, officer.userId, [
    { name: 'Riverbend letterhead.png', type: 'image/png', bytes: demoLetterheadPng },
  ]);
  // The template's letterhead is its file's uppyID, as an upload into the field sets it.
  const [att] = await query<{ uppy: string }>(
    items.db,
    sql`select data->>'uppyID' as uppy from items where type = 'Attachment' and data->>'rel' = ${tpl.$id} limit 1`,
  );
  if (!att) return;
  const row = await items.read(SYSTEM, tpl.$id);
  await items.update(
    SYSTEM,
    { $id: tpl.$id, $version: row.$version, letterhead: att.uppy },
    { actor: officer.userId },
  );
}
