import { sql } from 'drizzle-orm';
import { loadPrincipal } from '../../src/server/auth/principals';
import { query } from '../../src/server/db/query';
import { loadRow } from '../../src/server/items/rows';
import { tusUpload } from '../helpers/tus';
import { call, LEVELS, PEOPLE, secretWord, type Act, type Who, type World } from './invariant-world';

// The invariant's "import" (issue 36, Deliver 14): a CSV of Threads imported through an Import
// (core's importCsv, docs/csv-import.md), by anyone (most are refused). The Import is new, with a
// random level and perhaps the Elders' protocol, or an earlier one with a new file. The rows'
// subjects are secrets, first written in the Import's file.
//
// The oracle (docs/access-model.md "Imports inherit"). At the import's own step an imported row
// may be read by the Import's readers and by whoever reads an item of the Import's owner and
// protocols at the level the importer chose (the level is theirs to choose; the protocols are
// the file's and go with it), and nobody else. From the next step the row is its own item and
// its own readers read it (Secret.later).

interface TaskDone {
  key: string;
  errorKey?: string;
}

export const importCsv: Act = async (w, rng, who) => {
  const token = w.tokens.get(who);
  if (!token || w.blocked.has(who)) return false;
  let imp: string;
  if (w.imports.length && rng.chance(0.4)) imp = rng.pick(w.imports);
  else {
    const word = secretWord(rng);
    const made = await call(w, who, 'create/Import', {
      label: `Import ${word}`,
      kind: 'CSV',
      owner: w.orgs.riverbend,
      $access: rng.pick(LEVELS.slice(1)),
      ...(rng.chance(0.5) ? { $protocols: [w.elders] } : {}),
    });
    if (!made) return false;
    imp = made.$id;
    w.imports.push(imp);
    w.items.push(imp);
    w.secrets.push({ word, source: imp, holder: imp, current: true, readers: new Set() });
  }
  const words = [secretWord(rng), secretWord(rng)];
  const csv = 'Subject\r\n' + words.map((x) => `Imported ${x}\r\n`).join('');
  try {
    const { attachmentId } = await tusUpload(w.url, token, Buffer.from(csv, 'utf8'), {
      rel: imp,
      filename: 'threads.csv',
    });
    if (attachmentId) w.files.push(attachmentId);
  } catch {
    return false; // no update on the Import: refused
  }
  // The words are in the Import's file from now on, whatever the import does.
  for (const word of words)
    w.secrets.push({ word, source: imp, holder: imp, current: true, readers: new Set() });
  const access = rng.pick(LEVELS);
  const started = await call(w, who, 'act/importCsv/async', {
    import: imp,
    type: 'Thread',
    mapping: { Subject: 'subject' },
    owner: w.orgs.riverbend,
    access,
    dryRun: false,
  });
  if (!started || typeof started.key !== 'string') return false;
  const done = await w.clients
    .get(who)!
    .waitForPush((f) => f.o === 'taskComplete' && (f.b as TaskDone).key === started.key, 60_000);
  if ((done.b as TaskDone).errorKey) return false;
  const ceiling = await rowCeiling(w, imp, who, access);
  let made = 0;
  for (const word of words) {
    const rows = await query<{ id: string }>(
      w.app.services.items.db,
      sql`select id from items where type = 'Thread' and not deleted and data->>'subject' = ${`Imported ${word}`}`,
    );
    for (const { id } of rows) {
      made++;
      w.imported++;
      w.items.push(id);
      w.threads.push(id);
      w.secrets.push({
        word,
        source: imp,
        holder: id,
        current: true,
        readers: new Set(ceiling),
        later: [{ id, from: w.step + 1 }],
      });
    }
  }
  return made > 0;
};

/**
 * Who may read a row made from this Import at the level chosen: the Import's owner and protocols
 * (strict as it is), the importer as its creator, no grants.
 */
async function rowCeiling(w: World, imp: string, importer: Who, access: (typeof LEVELS)[number]) {
  const items = w.app.services.items;
  const source = await loadRow(items.db, imp);
  if (!source) return [];
  const standIn = {
    ...source,
    id: 'Thread-0',
    type: 'Thread',
    access,
    createdBy: w.users[importer].id,
    grants: [],
    data: { subject: 'stand-in' },
  };
  const load = items.loaderFor(items.db);
  const out: Who[] = [];
  for (const who of PEOPLE) {
    const p = await loadPrincipal(items.db, w.users[who].id, null);
    if (p && (await w.app.services.policy.can(p, 'read', standIn, load))) out.push(who);
  }
  return out;
}
