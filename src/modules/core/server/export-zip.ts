import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../protocol/errors';
import { ZIP_NAMES, type ZipName } from '../../../protocol/files';
import type { ItemType } from '../../../kernel/item-type';
import { SearchQuery } from '../../../protocol/query';
import {
  type AsyncAction,
  type AsyncActionContext,
  planAttachmentsZip,
  type Principal,
  type Services,
  TaskError,
  writeAttachmentsZip,
} from '../../../server/module-api';

// exportZip (async, spec capability §3 "Zip exports"): the attachments of a search as one zip,
// written AS THE STARTER (only files they may read go in), streamed entry by entry into the
// task's result folder, progress by bytes, stopped by killTask (the task service then removes the
// partial zip with the folder). The query is over Attachment items; a query over other types
// means "the attachments of the items found" (docs/decisions.md).

/** The most parent items one export gathers attachments from; more is queryTooBroad. */
export const ZIP_MAX_PARENTS = 1000;

interface ZipBody {
  query: SearchQuery;
  name: ZipName;
}

function parseBody(body: Record<string, unknown>): ZipBody {
  const q = SearchQuery.safeParse(body.query ?? {});
  if (!q.success) throw new AppError('invalidInput', 'query: a search query (as for search/ids)');
  const name = body.name ?? 'archive-attachments.zip';
  if (!(ZIP_NAMES as readonly unknown[]).includes(name))
    throw new AppError('invalidInput', `name: one of ${ZIP_NAMES.join(', ')}`);
  return { query: q.data, name: name as ZipName };
}

/**
 * The property by which each item of a type stands for one attachment: a required, single
 * relation to Attachment (consult's ConsultAttachment, a listing of consultations' files).
 */
export function attachmentPointer(type: ItemType | undefined): string | null {
  for (const [key, p] of Object.entries(type?.properties ?? {}))
    if (
      p.kind === 'relation' &&
      !p.list &&
      p.required === true &&
      p.types?.length === 1 &&
      p.types[0] === 'Attachment'
    )
      return key;
  return null;
}

/**
 * A query over parents becomes a query over their attachments (rel: the parents found); a query
 * over a type whose items stand for attachments (attachmentPointer) becomes one over those
 * attachments themselves. Either way the attachments are searched again as the principal.
 */
export async function attachmentQuery(s: Services, p: Principal, q: SearchQuery): Promise<SearchQuery> {
  const types = (q.must?._t ?? []).filter((t): t is string => typeof t === 'string');
  if (types.length === 0 || (types.length === 1 && types[0] === 'Attachment')) return q;
  const found = await s.search.search(p, { ...q, max: ZIP_MAX_PARENTS, facets: [], labels: false });
  if (found.total > ZIP_MAX_PARENTS)
    throw new TaskError('queryTooBroad', `${found.total} items; at most ${ZIP_MAX_PARENTS}`);
  const pointer = types.length === 1 ? attachmentPointer(s.registry.types.get(types[0]!)) : null;
  if (pointer) {
    // As the system: the ids are the principal's search; the attachments they point at are searched again as
    // the principal.
    const rows = await s.items.readRows(found.ids);
    const ids = found.ids
      .map((id) => rows.get(id)?.data[pointer])
      .filter((v): v is string => typeof v === 'string');
    return { must: { $id: ids.length ? ids : ['-none-'] } };
  }
  return { must: { rel: found.ids.length ? found.ids : ['-none-'] } };
}

async function run(ctx: AsyncActionContext) {
  const { services, principal, signal } = ctx;
  const { query, name } = parseBody(ctx.body);
  const q = await attachmentQuery(services, principal, query);
  const plan = await planAttachmentsZip(services, principal, q);
  // Nothing readable: a clear failure, never an empty zip (which would also hint at hidden files).
  if (plan.length === 0) throw new TaskError('noAttachments', 'no readable attachments');
  const file = ctx.resultPath(name);
  mkdirSync(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  let reported = 0;
  // Progress writes run one after another, and all are done before the run returns, so no
  // update lands after the task's completion.
  let reporting = Promise.resolve();
  try {
    await writeAttachmentsZip({
      services,
      principal,
      query: q,
      name,
      out,
      plan,
      signal,
      onProgress: (pr) => {
        const pct = pr.totalBytes
          ? (pr.bytes / pr.totalBytes) * 100
          : (pr.files / Math.max(1, pr.totalFiles)) * 100;
        // ctx.progress is throttled; whole percents are plenty and spare the promise churn.
        if (Math.floor(pct) > reported) {
          reported = Math.floor(pct);
          reporting = reporting.then(() => ctx.progress(pct)).catch(() => undefined);
        }
      },
    });
  } catch (e) {
    out.destroy();
    await reporting;
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
    throw e;
  }
  await reporting;
  return { resultURI: ctx.resultURI(name) };
}

export const exportZip: AsyncAction = {
  /**
   * Refuses at the start, with a reply the person sees at once, a zip that would hold nothing they
   * may read (notFound: the same answer whether files are hidden or absent) or too many parents.
   */
  async validate(body, s, p) {
    // Checked whole first (as search/ids checks it), before any search runs.
    const { query } = parseBody(body);
    s.search.validate(query);
    const q = await attachmentQuery(s, p, query).catch((e: unknown) => {
      throw e instanceof TaskError ? new AppError('queryTooBroad', e.message) : e;
    });
    const must = { ...(q.must ?? {}), _t: ['Attachment'] };
    const mustNot = { ...(q.mustNot ?? {}), trashed: [true] };
    const one = await s.search.search(p, { ...q, must, mustNot, max: 1, facets: [], labels: false });
    if (one.total === 0) throw new AppError('notFound', 'no attachments you may download');
  },
  run,
};
