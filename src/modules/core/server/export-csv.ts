import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { AppError } from '../../../protocol/errors';
import { isCompleteId } from '../../../protocol/ids';
import { SearchQuery, TEXT_KEY, type Clause } from '../../../protocol/query';
import {
  type AsyncAction,
  type AsyncActionContext,
  type Principal,
  type Services,
  TaskError,
  type WireItem,
} from '../../../server/module-api';

// exportCsv (async): the items a search finds, as CSV, run as the user who asked. Only items the
// search returns for that user are written (search/ids applies the policy in SQL, and each batch
// is read again through readMany), and related items appear by label only when readable.

const BATCH = 200;
/** The most rows one export writes; a bigger export is refused at the start (queryTooBroad). */
export const EXPORT_MAX_ROWS = 100_000;
export const EXPORT_FILE = 'export.csv';

interface ExportBody {
  query?: unknown;
  savedSearch?: unknown;
}

async function resolveQuery(s: Services, p: Principal, body: ExportBody): Promise<SearchQuery> {
  if (typeof body.savedSearch === 'string') {
    if (!isCompleteId(body.savedSearch) || !body.savedSearch.startsWith('SavedSearch-'))
      throw new AppError('invalidInput', 'savedSearch: a SavedSearch id');
    const saved = await s.items.read(p, body.savedSearch); // notFound / notAllowed for others
    return savedToQuery(saved);
  }
  const parsed = SearchQuery.safeParse(body.query ?? {});
  if (!parsed.success) throw new AppError('invalidInput', 'query: a search query (as for search/ids)');
  return parsed.data;
}

/** A saved search's type, text and filters as a query (date bands are not applied here). */
function savedToQuery(saved: WireItem): SearchQuery {
  const must: Clause = {};
  if (typeof saved.itemTypeName === 'string' && saved.itemTypeName) must._t = [saved.itemTypeName];
  if (typeof saved.searchString === 'string' && saved.searchString.trim())
    must[TEXT_KEY] = [saved.searchString];
  const criteria = saved.criteria as { filters?: { prop?: unknown; value?: unknown }[] } | undefined;
  for (const f of criteria?.filters ?? []) {
    if (typeof f.prop === 'string' && Array.isArray(f.value))
      must[f.prop] = f.value.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)) as string[];
  }
  return { must };
}

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so a spreadsheet does not run it as a formula. */
export function csvCell(v: unknown): string {
  let s = v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function columnsFor(s: Services, types: readonly string[]): string[] {
  const props = new Set<string>();
  for (const t of types)
    for (const name of Object.keys(s.registry.type(t)?.properties ?? {})) props.add(name);
  return [...props];
}

function cellValue(item: WireItem, prop: string, labels: Record<string, string>): unknown {
  const v = item[prop];
  const label = (x: unknown) => (typeof x === 'string' && labels[x] !== undefined ? labels[x] : x);
  if (Array.isArray(v)) return v.map(label).join('; ');
  return label(v);
}

async function run(ctx: AsyncActionContext) {
  const { services: s, principal: p, signal } = ctx;
  const q = await resolveQuery(s, p, ctx.body as ExportBody);
  const first = await s.search.search(p, { ...q, max: 1, facets: [], labels: false });
  const total = first.total;
  if (total > EXPORT_MAX_ROWS)
    throw new TaskError('queryTooBroad', `${total} rows; at most ${EXPORT_MAX_ROWS}`);
  const asked = (q.must?._t ?? []).filter((t): t is string => typeof t === 'string');
  const file = ctx.resultPath(EXPORT_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  const out = createWriteStream(file, { encoding: 'utf8' });
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  try {
    let columns: string[] | null = asked.length ? columnsFor(s, asked) : null;
    let written = 0;
    for (let offset = 0; offset < total; offset += BATCH) {
      if (signal.aborted) throw new TaskError('cancelled', 'killed');
      const page = await s.search.search(p, { ...q, max: BATCH, offset, facets: [], labels: true });
      if (!page.ids.length) break;
      const read = await s.items.readMany(p, page.ids);
      const items = page.ids
        .map((id) => read[id])
        .filter((x): x is WireItem => !!x && '$id' in (x as object));
      columns ??= columnsFor(s, [...new Set(items.map((i) => i._t))]);
      if (offset === 0) await write(['id', 'type', 'label', ...columns].map(csvCell).join(',') + '\r\n');
      for (const item of items) {
        const labels = (item.$labels ?? {}) as Record<string, string>;
        const row = [
          item.$id,
          item._t,
          page.labels[item.$id] ?? '',
          ...columns.map((c) => cellValue(item, c, labels)),
        ];
        await write(row.map(csvCell).join(',') + '\r\n');
      }
      written += items.length;
      await ctx.progress((written / Math.max(1, total)) * 100);
    }
    if (written === 0)
      await write(['id', 'type', 'label', ...(columns ?? [])].map(csvCell).join(',') + '\r\n');
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { resultURI: ctx.resultURI(EXPORT_FILE) };
}

export const exportCsv: AsyncAction = {
  /**
   * The whole query is checked as search/ids checks it (unknown keys, types, dates), so a bad one
   * is refused before a Task exists, not found by the job after it was queued.
   */
  async validate(body, s, p) {
    s.search.validate(await resolveQuery(s, p, body as ExportBody));
  },
  run,
};
