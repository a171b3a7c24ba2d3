import { sql } from 'drizzle-orm';
import {
  fileDerivedField,
  loadRowAsSystem,
  parentWideFiles,
  query,
  SYSTEM,
  type BeforeWriteContext,
  type Executor,
  type ModuleHooks,
  type WriteEvent,
} from '../../../server/module-api';
import { compileAlphabet, sortKey } from '../alphabet';
import { foldedText } from '../fold';
import { wordClassOf } from '../parts-of-speech';
import { speakerName } from '../speaker';

// The Lexeme's derived fields (types.ts): written here on every write, as the system, so they are
// never typed by hand and never disagree with what they derive from.

function merge(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

// A word "has media" when one of its recordings (its `media`) is a file of its own that every
// reader of the word may read (parentWideFiles): a recording restricted to the Elders, trashed,
// or another item's file does not show in the facet of those who cannot play it.
const recordings = fileDerivedField('Lexeme', 'hasMedia', (files) => files.length > 0, 'recordings', {
  list: 'media',
  onlyListed: true,
});

/** The alphabet of a language item (read as the system: the writer's access was checked on the relation). */
async function alphabetOf(tx: Executor, language: unknown) {
  // As the system: a write hook; only the sort key is made from the language's alphabet.
  const row = typeof language === 'string' && language ? await loadRowAsSystem(tx, language) : undefined;
  return compileAlphabet(row && !row.deleted ? list(row.data.alphabet) : []);
}

async function lexemeBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const before = ctx.current?.data ?? {};
  const data = merge(before, ctx.data);
  const set = (k: string, v: unknown) => {
    const same = JSON.stringify(before[k] ?? null) === JSON.stringify(v ?? null);
    if (ctx.kind === 'create' ? v !== undefined : !same) ctx.data[k] = v ?? null;
  };
  const touched = (...keys: string[]) => ctx.kind === 'create' || keys.some((k) => k in ctx.data);

  if (touched('label', 'language') && typeof data.label === 'string')
    set('sortKey', sortKey(data.label, await alphabetOf(tx, data.language)));
  if (touched('label', 'alternateSpelling'))
    set('folded', foldedText([data.label, ...list(data.alternateSpelling)]) || undefined);
  if (touched('partOfSpeech')) set('wordClass', wordClassOf(data.partOfSpeech));
  // A new word has no files of its own yet (they are uploaded onto it).
  if (ctx.kind === 'create') ctx.data.hasMedia = false;
  else await recordings.beforeWrite(tx, ctx);

  // A new recording thanks its speaker: the name it was saved under joins the acknowledgements,
  // taken only from a recording every reader of the word may read (as hasMedia), since the
  // acknowledgements are the word's text. A name thanked stays when its file is later
  // restricted: the editors keep the acknowledgements, which may also be typed by hand.
  const media = list(data.media).filter((m): m is string => typeof m === 'string');
  const added = media.filter((m) => !list(before.media).includes(m));
  if (added.length && ctx.current) {
    const files = await parentWideFiles(tx, ctx.current.id, added);
    const names = list(data.acknowledgement).filter((x): x is string => typeof x === 'string');
    let changed = false;
    for (const f of files) {
      const who = f.mimeGroup === 'audio' ? speakerName(f.originalName) : null;
      if (who && !names.includes(who)) {
        names.push(who);
        changed = true;
      }
    }
    if (changed) ctx.data.acknowledgement = names;
  }
}

/** A language's alphabet changed: its words take their new keys (a system touch, no `$version` change). */
async function languageAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'updated' || !e.changes?.alphabet) return;
  const a = compileAlphabet(list(e.row.data.alphabet));
  const rows = await query<{ id: string; label: string | null; key: string | null }>(
    tx,
    sql`select id, data->>'label' as label, data->>'sortKey' as key from items
      where type = 'Lexeme' and not deleted and data->>'language' = ${e.row.id}`,
  );
  for (const r of rows) {
    const key = sortKey(r.label ?? '', a);
    if (key !== r.key)
      await e.items.patchIn(tx, SYSTEM, r.id, { sortKey: key }, { touchOnly: true, event: 'resorted' });
  }
}

export const vocabHooks: ModuleHooks = {
  Lexeme: { beforeWrite: lexemeBeforeWrite },
  Attachment: { afterWrite: recordings.attachmentAfterWrite },
  VocabLanguage: { afterWrite: languageAfterWrite },
};
