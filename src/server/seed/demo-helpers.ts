import type { AccessLevel } from '../../protocol/access-levels';
import { randomBytes } from 'node:crypto';
import { mimeGroup } from '../../protocol/files';
import { SYSTEM } from '../access/principal';
import { fileKey } from '../files/storage';
import type { ItemService } from '../items/item-service';
import type { DemoSeed } from './demo';

// What several modules' demos do alike: turn a capability on for an organisation, give an
// organisation's list of values its starting entries, and put files on an item.

/** Adds capabilities to the organisation's own list, each once; an organisation already holding them is left as it is. */
export async function addOrgCapabilities(items: ItemService, org: string, ...add: string[]): Promise<void> {
  const row = await items.read(SYSTEM, org);
  const caps = Array.isArray(row.capabilities) ? (row.capabilities as string[]) : [];
  const missing = add.filter((c) => !caps.includes(c));
  if (missing.length)
    await items.update(SYSTEM, { $id: org, $version: row.$version, capabilities: [...caps, ...missing] });
}

/** One entry of a list: its key, its English name and, for a workflow state, its super-state. */
export type ListEntry = readonly [key: string, en: string, superState?: string];

/** Creates the list's entries in the organisation, ACTIVE, in the given order. */
export async function seedListValues(
  items: ItemService,
  owner: string,
  list: string,
  entries: readonly ListEntry[],
  /** The values' level: the type's default (COMMUNITY) unless the list is read by outsiders. */
  access?: AccessLevel,
): Promise<void> {
  for (const [key, en, superState] of entries)
    await items.create(SYSTEM, 'LOVValue', {
      list,
      key,
      state: 'ACTIVE',
      t: { en },
      ...(superState ? { superState } : {}),
      ...(access ? { $access: access } : {}),
      owner,
    });
}

/** A demo file: its name, its type and its bytes (made at seed time: nothing is shipped). */
export interface DemoFile {
  name: string;
  type: string;
  bytes: () => Promise<Buffer> | Buffer;
}

/**
 * Writes the files and their Attachments on the item, as an upload would, when the demo is
 * seeded with a file store (`npm start`; not the browser tests' template). `listProp`: the item's
 * list of Attachments, for a type that keeps one (the archive entry's `attachments`); a type
 * without one (a belonging) finds its files by their `rel`.
 */
export async function attachDemoFiles(
  items: ItemService,
  demo: DemoSeed,
  itemId: string,
  actor: string,
  files: readonly DemoFile[],
  listProp?: string,
): Promise<void> {
  const store = demo.files;
  if (!store || !files.length) return;
  const ids: string[] = [];
  for (const [i, f] of files.entries()) {
    const fileID = randomBytes(16).toString('hex');
    const bytes = await f.bytes();
    await store.write(fileKey(fileID), bytes);
    const att = await items.create(
      SYSTEM,
      'Attachment',
      {
        originalName: f.name,
        fileID,
        uppyID: fileID,
        filetype: f.type,
        mimeGroup: mimeGroup(f.type),
        size: bytes.length,
        rel: itemId,
        ...(listProp ? { relProp: listProp, relIndex: i } : {}),
        relType: itemId.slice(0, itemId.indexOf('-')),
        trashed: false,
      },
      { actor },
    );
    ids.push(att.$id);
  }
  if (!listProp) return;
  const row = await items.read(SYSTEM, itemId);
  await items.update(SYSTEM, { $id: itemId, $version: row.$version, [listProp]: ids }, { actor });
}
