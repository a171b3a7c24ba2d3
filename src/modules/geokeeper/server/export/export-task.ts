import { writeFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Geometry } from '../../../../kernel/geometry';
import {
  type AsyncAction,
  type AsyncActionContext,
  TaskError,
  type WireItem,
  writeShapefileZip,
} from '../../../../server/module-api';
import type { FieldExportFormat } from '../../contract-export';
import { answersUnder, readableForm, type ReadableForm } from './forms';
import {
  csvLine,
  definitionTables,
  flattenAnswers,
  REPEAT_KEYS,
  repeatFileName,
  type FlatRow,
  type TableColumns,
} from './tables';

// exportFieldData (async; docs/geokeeper.md "Exports"): a program's field data as the person who
// asked reads it. The records come from search as that person (the read rule in SQL), each page is
// read again through readMany (the policy's last word), and the forms and work items named are read
// as that person too, so a record they may not read leaves no id, answer or coordinate in the
// file, and a form they may not read gives no column names beyond the answers they read.

const PAGE = 200;
/** The most records one export writes; more is queryTooBroad at the start. */
export const FIELD_EXPORT_MAX = 100_000;

const FILES: Record<FieldExportFormat, string> = {
  CSV: 'field-data-csv.zip',
  GEOJSON: 'field-data.geojson',
  SHAPEFILE: 'field-data-shapefile.zip',
};

/** The records' own columns, before the form's answers. */
const BASE = [
  'id',
  'label',
  'formType',
  'trip',
  'workItem',
  'workItemLabel',
  'formDef',
  'formVersion',
  'collected',
  'finalized',
  'state',
  'categories',
  'longitude',
  'latitude',
  'geometry',
  'notes',
] as const;

interface Record_ {
  item: WireItem;
  geometry: Geometry | undefined;
  base: Record<string, unknown>;
  answers: Record<string, unknown>;
  extra: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

function geometryOf(v: unknown): Geometry | undefined {
  return v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string'
    ? (v as Geometry)
    : undefined;
}

/** Every readable record of the program, page by page, with its answers under its form's current version. */
async function readRecords(ctx: AsyncActionContext, program: string, total: number): Promise<Record_[]> {
  const { services: s, principal: p, signal } = ctx;
  const q = { must: { _t: ['GeoKeeperFieldData'], program: [program] } };
  const forms = new Map<string, ReadableForm | undefined>();
  const works = new Map<string, string | undefined>();
  /** Forms and trips named by the records that the asker reads (another's is not named). */
  const named = new Map<string, boolean>();
  const out: Record_[] = [];
  for (let offset = 0; offset < total; offset += PAGE) {
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
    const page = await s.search.search(p, { ...q, max: PAGE, offset, facets: [], labels: false });
    if (!page.ids.length) break;
    const read = await s.items.readMany(p, page.ids);
    const items = page.ids
      .map((id) => read[id] as WireItem | undefined)
      .filter((i): i is WireItem => !!i && '$id' in i);
    // The forms and work items these records name, read as the asker (unreadable: left out).
    const newForms = [...new Set(items.map((i) => str(i.formDef)))].filter(
      (id): id is string => !!id && !forms.has(id),
    );
    const newWorks = [...new Set(items.map((i) => str(i.workItem)))].filter(
      (id): id is string => !!id && !works.has(id),
    );
    const newTrips = [...new Set(items.map((i) => str(i.trip)))].filter(
      (id): id is string => !!id && !named.has(id),
    );
    const side = await s.items.readMany(p, [...newForms, ...newWorks, ...newTrips]);
    for (const id of [...newForms, ...newTrips]) {
      const x = side[id] as WireItem | undefined;
      named.set(id, !!x && '$id' in x);
    }
    for (const id of newForms) {
      const f = side[id] as WireItem | undefined;
      forms.set(id, f && '$id' in f ? readableForm(f) : undefined);
    }
    for (const id of newWorks) {
      const w = side[id] as WireItem | undefined;
      works.set(id, w && '$id' in w ? String(w.label ?? id) : undefined);
    }
    for (const item of items) {
      const geometry = geometryOf(item.spatial);
      const point = geometry?.type === 'Point' ? (geometry.coordinates as number[]) : undefined;
      const work = str(item.workItem);
      const formData = (item.formInstance as { formData?: unknown } | undefined)?.formData;
      const { data, extra } = answersUnder(
        forms.get(str(item.formDef) ?? ''),
        item.formVersion,
        formData && typeof formData === 'object' && !Array.isArray(formData)
          ? (formData as Record<string, unknown>)
          : {},
      );
      out.push({
        item,
        geometry,
        answers: data,
        extra,
        base: {
          id: item.$id,
          label: item.customLabel || item.label,
          formType: item.formType,
          trip: named.get(str(item.trip) ?? '') ? item.trip : undefined,
          // A work item the asker may not read is not named.
          workItem: work && works.get(work) !== undefined ? work : undefined,
          workItemLabel: work ? works.get(work) : undefined,
          formDef: named.get(str(item.formDef) ?? '') ? item.formDef : undefined,
          formVersion: item.formVersion,
          collected: item.collected,
          finalized: item.finalized,
          state: item.state,
          categories: item.categories,
          longitude: point?.[0],
          latitude: point?.[1],
          geometry,
          notes: item.notes,
        },
      });
    }
    await ctx.progress(((offset + page.ids.length) / Math.max(1, total)) * 90);
  }
  return out;
}

/** The CSV zip: records.csv and one file per repeat group, joined by record, parent and key. */
export function csvZip(records: readonly Record_[], forms: readonly ReadableForm[]): Uint8Array {
  const tables: TableColumns = new Map([['', []]]);
  for (const f of forms) definitionTables(f.current, tables);
  const rows = new Map<string, FlatRow[]>();
  const tops = records.map((r) => flattenAnswers(r.item.$id, r.answers, tables, rows));
  const anyExtra = records.some((r) => Object.keys(r.extra).length > 0);
  const top = tables.get('') ?? [];
  let text = csvLine([...BASE, ...top, ...(anyExtra ? ['extra'] : [])]);
  records.forEach((r, i) => {
    const extra = Object.keys(r.extra).length ? r.extra : undefined;
    text += csvLine([
      ...BASE.map((k) => r.base[k]),
      ...top.map((c) => tops[i]![c]),
      ...(anyExtra ? [extra] : []),
    ]);
  });
  const files: Record<string, Uint8Array> = { 'records.csv': strToU8(text) };
  for (const [table, cols] of tables) {
    if (!table) continue;
    let t = csvLine([...REPEAT_KEYS, ...cols]);
    for (const row of rows.get(table) ?? []) t += csvLine([...REPEAT_KEYS, ...cols].map((c) => row[c]));
    files[repeatFileName(table)] = strToU8(t);
  }
  return zipSync(files, { level: 6 });
}

/** A record's GeoJSON properties: its own columns and its answers, repeats as arrays. */
function featureProperties(r: Record_): Record<string, unknown> {
  const { geometry: _g, longitude: _x, latitude: _y, ...base } = r.base;
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined && v !== null && v !== '') props[k] = v;
  props.answers = r.answers;
  if (Object.keys(r.extra).length) props.extra = r.extra;
  return props;
}

function geojson(records: readonly Record_[]): string {
  const features = records.map((r) =>
    JSON.stringify({
      type: 'Feature',
      id: r.item.$id,
      geometry: r.geometry ?? null,
      properties: featureProperties(r),
    }),
  );
  return `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}\n`;
}

/** The shapefile: records with a place; answers as flat columns (dBase has no repeats: a count). */
function shapefile(records: readonly Record_[]): Uint8Array {
  const tables: TableColumns = new Map([['', []]]);
  const features = records
    .filter((r) => r.geometry)
    .map((r) => {
      const rows = new Map<string, FlatRow[]>();
      const flat = flattenAnswers(r.item.$id, r.answers, tables, rows);
      const { geometry: _g, ...base } = r.base;
      const counts = Object.fromEntries([...rows].map(([t, list]) => [`${t}_count`, list.length]));
      return { geometry: r.geometry!, properties: { ...base, ...flat, ...counts } };
    });
  return writeShapefileZip('field_data', features);
}

async function run(ctx: AsyncActionContext) {
  const { services: s, principal: p } = ctx;
  const body = ctx.body as { program: string; format: FieldExportFormat };
  const q = { must: { _t: ['GeoKeeperFieldData'], program: [body.program] } };
  const first = await s.search.search(p, { ...q, max: 1, facets: [], labels: false });
  if (first.total > FIELD_EXPORT_MAX)
    throw new TaskError('queryTooBroad', `${first.total} records; at most ${FIELD_EXPORT_MAX}`);
  const records = await readRecords(ctx, body.program, first.total);
  const name = FILES[body.format];
  const file = ctx.resultPath(name);
  mkdirSync(path.dirname(file), { recursive: true });
  if (body.format === 'GEOJSON') writeFileSync(file, geojson(records), 'utf8');
  else if (body.format === 'SHAPEFILE') writeFileSync(file, shapefile(records));
  else {
    // The forms as the asker reads them (a form they may not read gives no columns of its own).
    const formIds = [...new Set(records.map((r) => str(r.item.formDef)))].filter((x): x is string => !!x);
    const read = await s.items.readMany(p, formIds);
    const forms = formIds
      .map((id) => read[id] as WireItem | undefined)
      .map((f) => (f && '$id' in f ? readableForm(f) : undefined))
      .filter((f): f is ReadableForm => !!f);
    writeFileSync(file, csvZip(records, forms));
  }
  return { resultURI: ctx.resultURI(name) };
}

export const exportFieldData: AsyncAction = { run };
