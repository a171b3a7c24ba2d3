import { AppError, type CsvCellResolver, type CsvResolveContext } from '../../../server/module-api';

// The coded-data import's cells (docs/research-import.md): a coder's spreadsheet names an
// interview by its title and the people who spoke by their respondent index ("01-03", as the
// site code writes them) or their name, not by item ids. These resolvers read such cells for
// core's CSV import (ServerModule.csvResolvers), as the importer: every look-up goes through
// search (the read rule in SQL) or a policy-checked read, so a title the importer may not read
// is "unknown", exactly like one that does not exist. The ids found are then written through the
// item service, which checks again that the importer may read what a row links to.

/** The most items of one kind a look-up reads: a project has tens of interviews, not thousands. */
const LOOKUP_MAX = 10_000;

const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Readable items of a type matching `must`, by their label (lower-cased), cached for the import. */
async function byLabel(
  ctx: CsvResolveContext,
  cacheKey: string,
  must: Record<string, unknown[]>,
): Promise<Map<string, string[]>> {
  const hit = ctx.cache.get(cacheKey) as Map<string, string[]> | undefined;
  if (hit) return hit;
  const r = await ctx.services.search.search(ctx.principal, { must, labels: true, max: LOOKUP_MAX });
  const out = new Map<string, string[]>();
  for (const id of r.ids) {
    const label = r.labels[id];
    if (!label) continue;
    const k = norm(label);
    out.set(k, [...(out.get(k) ?? []), id]);
  }
  ctx.cache.set(cacheKey, out);
  return out;
}

/** One id for a label, or the problem: none readable, or several (which is meant is not ours to guess). */
function one(
  found: Map<string, string[]>,
  label: string,
  unknown: string,
): { value: string } | { problem: string } {
  const ids = found.get(norm(label)) ?? [];
  if (ids.length === 1) return { value: ids[0]! };
  return { problem: ids.length ? 'research.import.problem.ambiguous' : unknown };
}

/** A project by its title (a file of several projects' data; the record's import presets it). */
export const projectByTitle: CsvCellResolver = async (cell, ctx) => {
  if (typeof cell !== 'string') return { problem: 'research.import.problem.unknownProject' };
  const found = await byLabel(ctx, 'research:projects', { _t: ['ResearchProject'] });
  return one(found, cell, 'research.import.problem.unknownProject');
};

/** An interview by its title within the row's project (titles repeat across projects: "Interview 1"). */
export const activityByTitle: CsvCellResolver = async (cell, ctx) => {
  if (typeof cell !== 'string') return { problem: 'research.import.problem.unknownActivity' };
  const project = typeof ctx.data.project === 'string' ? ctx.data.project : null;
  const found = await byLabel(ctx, `research:activities:${project ?? ''}`, {
    _t: ['ResearchActivity'],
    ...(project ? { project: [project] } : {}),
  });
  return one(found, cell, 'research.import.problem.unknownActivity');
};

/** A respondent index list: "01", "01-03", "2". */
const INDEXES = /^\d{1,2}(-\d{1,2})*$/;

/** The respondents of the row's activity, in order (their place is their index), read as the importer. */
async function respondentsOf(ctx: CsvResolveContext, activity: string): Promise<readonly string[] | null> {
  const key = `research:respondents:${activity}`;
  if (ctx.cache.has(key)) return ctx.cache.get(key) as readonly string[] | null;
  let list: readonly string[] | null = null;
  try {
    const row = await ctx.services.items.readableRow(ctx.principal, activity);
    list = Array.isArray(row.data.respondents) ? (row.data.respondents as string[]) : [];
  } catch (e) {
    // Not readable (or gone): the row's activity is then the problem, reported on its own cell.
    if (!(e instanceof AppError)) throw e;
  }
  ctx.cache.set(key, list);
  return list;
}

/**
 * Respondents by their index in the row's interview ("01-03": its first and third respondents,
 * the indexes a site code carries) or by a community member's full name; parts split as any list
 * cell (`|` or `;`). An index needs the row's activity; a name is looked up among the members
 * the importer may read.
 */
export const respondentsByIndexOrName: CsvCellResolver = async (cell, ctx) => {
  const parts = typeof cell === 'string' ? [cell] : cell;
  const out: string[] = [];
  for (const part of parts) {
    if (/^[A-Z][A-Za-z0-9]*-[1-9][0-9]*$/.test(part)) {
      out.push(part);
      continue;
    }
    if (INDEXES.test(part)) {
      const activity = typeof ctx.data.activity === 'string' ? ctx.data.activity : null;
      const list = activity ? await respondentsOf(ctx, activity) : null;
      if (!list) return { problem: 'research.import.problem.indexWithoutActivity' };
      for (const n of part.split('-').map(Number)) {
        const id = list[n - 1];
        if (!id || n < 1) return { problem: 'research.import.problem.noSuchRespondent' };
        out.push(id);
      }
      continue;
    }
    const found = await byLabel(ctx, `research:members:${norm(part)}`, {
      _t: ['CommunityMember'],
      $text: [part],
    });
    const r = one(found, part, 'research.import.problem.unknownRespondent');
    if ('problem' in r) return r;
    out.push(r.value);
  }
  return { value: [...new Set(out)] };
};

/**
 * ResearchData's cells, in this order: the project first (an activity is looked up within it),
 * then the activity (respondent indexes are its respondents').
 */
export const researchCsvResolvers = {
  ResearchData: {
    project: projectByTitle,
    activity: activityByTitle,
    respondents: respondentsByIndexOrName,
  },
} as const;
