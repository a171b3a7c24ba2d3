import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { checkGeometry } from '../../../../kernel/geometry';
import {
  AppError,
  bothRestrictions,
  importAttachment,
  readLines,
  type AsyncAction,
  type AsyncActionContext,
  type Executor,
  importRestriction,
  type Principal,
  restrictionInput,
  restrictionOf,
  type Services,
  SYSTEM,
  TaskError,
} from '../../../../server/module-api';
import { SPATIAL_IMPORT_KINDS } from '../../types';
import type { RawFeature, SourceLayer } from './layers';
import { READERS } from './readers';
import { localCopy } from './source-file';

// importFeatures (async, issue 15 "Import"): the file attached to an Import, read into a layer
// (SpatialCollection) as the person who asked. Two phases, so a broken file leaves nothing behind
// and the database is never held for the whole read:
//   1. read and check every feature (progress 0–50), writing the good ones to a scratch NDJSON
//      file in the task's folder and noting each one left out and why: a broken file fails here;
//   2. write them through the item service (validation, bbox, events) in short transactions
//      (progress 50–100); should one fail, or the task be killed, everything written is removed.

/** Features per write transaction: short enough that PGlite's single connection is not held long. */
const BATCH = 200;
/**
 * And at most this much feature JSON per transaction: 200 shorelines of 2,000 vertices are 6 MB,
 * copied several times over on their way through the item service and the driver.
 */
const BATCH_CHARS = 1024 * 1024;
/** The most skipped entries kept on a GISCollection (the count is always whole). */
const SKIPPED_KEPT = 10_000;

interface ImportBody {
  import: string;
  collection: string;
  access?: 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE';
}

export interface Skip {
  index: number;
  reason: string;
}

/** One line of the scratch file: a checked feature, its layer and its place in that layer. */
interface ScratchFeature {
  l: number;
  i: number;
  label: string;
  geometry: unknown;
  attributes: unknown;
}

interface LayerSummary {
  name: string;
  read: number;
  imported: number;
  skippedCount: number;
  skipped: Skip[];
}

/**
 * The Import and the layer, checked for the asker: refused before a Task exists. The layer is
 * the places' target: they get its owner, its level (or a narrower one chosen) and its
 * protocols, which the importer must be in, so none is ever seen by someone who may not read
 * the layer (docs/spatial-io.md).
 */
async function checkImport(s: Services, p: Principal, body: ImportBody) {
  const imp = await s.items.readableRow(p, body.import);
  const coll = await s.items.readableRow(p, body.collection);
  const kind = String(imp.data.kind ?? '');
  if (!(SPATIAL_IMPORT_KINDS as readonly string[]).includes(kind))
    throw new AppError('invalidInput', `import: kind ${kind} is not a GIS format`);
  if (!(await s.items.canRow(p, 'update', imp))) throw new AppError('notAllowed', `update ${imp.id}`);
  if (!s.items.policy.canCreate(p, s.items.typeOf('SpatialFeature'), coll.owner))
    throw new AppError('notAllowed', 'create SpatialFeature');
  if (!(await s.items.canRow(p, 'update', coll))) throw new AppError('notAllowed', `update ${coll.id}`);
  // The file is the Import's: restricted to protocols, it restricts the places too, on top of
  // the layer's, where one restriction can say both (else refused: which would win is not ours).
  const both = bothRestrictions(restrictionOf(coll), restrictionOf(imp));
  if (!both || (imp.protocols?.length && imp.owner !== coll.owner))
    throw new AppError('invalidInput', `import: its protocols and ${coll.id}'s cannot both hold`, {
      fields: [{ path: 'import', key: 'errors.importProtocolsClash' }],
    });
  const restriction = importRestriction(p, both, {
    level: body.access,
    ceiling: coll.access,
    path: 'access',
  });
  return { imp, coll, kind, restriction };
}

const NAME_KEYS = /^(name|label|title|nom|placename|place_name|site_name)$/i;

/** The place's name: a name-like attribute, else "{layer} {n}". */
export function featureLabel(props: Record<string, unknown> | null, layer: string, index: number): string {
  const entries = Object.entries(props ?? {}).filter(
    ([, v]) => (typeof v === 'string' && v.trim()) || typeof v === 'number',
  );
  const hit = entries.find(([k]) => NAME_KEYS.test(k)) ?? entries.find(([k]) => /name/i.test(k));
  const label = hit ? String(hit[1]).trim() : `${layer} ${index + 1}`;
  return label.slice(0, 300);
}

/** Why a feature is left out, as a catalogue key under errors.spatialIo.skip, or null to keep it. */
export function skipReason(f: RawFeature): string | null {
  const g = f.geometry as { type?: unknown } | null | undefined;
  if (!g || typeof g !== 'object') return 'noGeometry';
  if (g.type === 'GeometryCollection') return 'geometryCollection';
  const problem = checkGeometry(g);
  return problem ? `geometry.${problem}` : null;
}

async function run(ctx: AsyncActionContext) {
  const { services: s, principal: p, signal } = ctx;
  const body = ctx.body as unknown as ImportBody;
  const { imp, coll, kind, restriction } = await checkImport(s, p, body);
  const attachment = await importAttachment(s, p, imp.id);
  const fileName = String(attachment.data.originalName ?? 'file');
  const local = await localCopy(s, attachment, ctx.resultPath);
  const scratch = ctx.resultPath('features.ndjson');
  mkdirSync(path.dirname(scratch), { recursive: true });

  // ---- phase 1: read and check ----
  let lastPct = 0;
  const report = async (pct: number) => {
    if (pct - lastPct < 1) return;
    lastPct = pct;
    await ctx.progress(pct);
  };
  let bytes = 0;
  const layers: SourceLayer[] & { close?(): void | Promise<void> } = await READERS[kind]!({
    path: local.path,
    name: fileName,
    size: local.size,
    onBytes: (n) => (bytes = n),
  });
  const summaries: LayerSummary[] = [];
  const out = createWriteStream(scratch, { encoding: 'utf8' });
  let kept = 0;
  try {
    for (const [li, layer] of layers.entries()) {
      const sum: LayerSummary = { name: layer.name, read: 0, imported: 0, skippedCount: 0, skipped: [] };
      summaries.push(sum);
      for await (const f of layer.features) {
        if (signal.aborted) throw new TaskError('cancelled', 'killed');
        const index = sum.read++;
        const reason = skipReason(f);
        if (reason) {
          sum.skippedCount++;
          if (sum.skipped.length < SKIPPED_KEPT) sum.skipped.push({ index, reason });
          continue;
        }
        const line = JSON.stringify({
          l: li,
          i: index,
          label: featureLabel(f.properties, layer.name, index),
          geometry: f.geometry,
          attributes: f.properties ?? {},
        } satisfies ScratchFeature);
        if (!out.write(line + '\n')) await once(out, 'drain');
        kept++;
        if (index % 100 === 0)
          await report(local.size && bytes ? (bytes / local.size) * 50 : Math.min(49, 5 + kept / 1000));
      }
    }
  } finally {
    out.end();
    await once(out, 'close').catch(() => undefined);
    await layers.close?.();
  }
  await report(50);

  // ---- phase 2: write ----
  const created: string[] = [];
  try {
    const gis = await s.items.transaction(async (tx) => {
      const ids: string[] = [];
      for (const sum of summaries) {
        const row = await s.items.createIn(
          tx,
          SYSTEM,
          'GISCollection',
          { name: sum.name.slice(0, 300) || fileName, source: imp.id, kind, containedAs: coll.id },
          { actor: p.userId },
        );
        ids.push(row.id);
      }
      return ids;
    });
    created.push(...gis);
    // Each transaction reads its features from the scratch file as it writes them, one at a time:
    // a batch read ahead and held while its transaction ran lived long enough for V8 to move it
    // to the old generation, where it piled up as garbage between full collections.
    /** One feature as its layer's new place: its id, or null when the type's validation refused it. */
    const writeFeature = async (tx: Executor, f: ScratchFeature): Promise<string | null> => {
      const sum = summaries[f.l]!;
      try {
        const row = await s.items.createIn(
          tx,
          SYSTEM,
          'SpatialFeature',
          {
            label: f.label,
            geometry: f.geometry,
            attributes: f.attributes,
            collection: coll.id,
            importedVia: imp.id,
            state: 'ACTIVE',
            ...(typeof coll.data.spatialType === 'string' ? { spatialType: coll.data.spatialType } : {}),
            ...restrictionInput(restriction),
          },
          { actor: p.userId, owner: coll.owner, access: body.access ?? coll.access },
        );
        sum.imported++;
        return row.id;
      } catch (e) {
        // Refused by the type's validation before any SQL ran: the transaction is still good.
        if (!(e instanceof AppError) || e.key !== 'invalidInput') throw e;
        sum.skippedCount++;
        if (sum.skipped.length < SKIPPED_KEPT) sum.skipped.push({ index: f.i, reason: 'invalid' });
        return null;
      }
    };
    const next = readLines(scratch);
    let written = 0;
    let ended = false;
    try {
      while (!ended) {
        if (signal.aborted) throw new TaskError('cancelled', 'killed');
        const { ids, count } = await s.items.transaction(async (tx) => {
          const made: string[] = [];
          let n = 0;
          for (let chars = 0; n < BATCH && chars < BATCH_CHARS;) {
            const got = await next.next();
            if (got.done) {
              ended = true;
              break;
            }
            if (!got.value) continue;
            n++;
            chars += got.value.length;
            const id = await writeFeature(tx, JSON.parse(got.value) as ScratchFeature);
            if (id) made.push(id);
          }
          return { ids: made, count: n };
        });
        created.push(...ids);
        written += count;
        await report(50 + (written / Math.max(1, kept)) * 49);
      }
    } finally {
      await next.return();
    }
    await s.items.transaction(async (tx) => {
      for (const [n, id] of gis.entries()) {
        const sum = summaries[n]!;
        sum.skipped.sort((a, b) => a.index - b.index);
        await s.items.patchIn(
          tx,
          SYSTEM,
          id,
          { featureCount: sum.imported, skipped: sum.skipped },
          { actor: p.userId },
        );
      }
    });
  } catch (e) {
    await removeCreated(s, p, created);
    throw e;
  } finally {
    rmSync(scratch, { force: true });
  }
  const summaryFile = 'import-summary.json';
  writeFileSync(
    ctx.resultPath(summaryFile),
    JSON.stringify({ import: imp.id, collection: coll.id, layers: summaries }),
  );
  return { resultURI: ctx.resultURI(summaryFile) };
}

/** Removes what a failed import wrote, newest first, in short transactions. */
async function removeCreated(s: Services, p: Principal, ids: string[]) {
  for (let i = ids.length; i > 0; i -= BATCH) {
    const part = ids.slice(Math.max(0, i - BATCH), i).reverse();
    await s.items.transaction(async (tx) => {
      for (const id of part) await s.items.deleteIn(tx, SYSTEM, id, { actor: p.userId });
    });
  }
}

export const importFeatures: AsyncAction = {
  async validate(body, s, p) {
    const { imp } = await checkImport(s, p, body as unknown as ImportBody);
    await importAttachment(s, p, imp.id);
  },
  run,
};
