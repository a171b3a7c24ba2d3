import type { ActInput } from '../../../kernel/act-contract';
import {
  AppError,
  loadRowsAsSystem,
  readableByAll,
  readersOf,
  SYSTEM,
  type ActCall,
  type Executor,
  type ItemService,
  type ModuleHooks,
  type Principal,
  type StepKindHandler,
} from '../../../server/module-api';
import { RESEARCH_SOURCES, type ResearchActs, type ResearchCheck } from '../contract-research';
import { assertConsultStaff } from './rules';
import { lockedResponse } from './work-acts';

// The research checklist (contract-research.ts; docs/consult-response.md "Research checklist").
// Saved on the response as `research`: one line per source, each ticked when checked, with a
// note and links to what was found. A link is kept only to an item every reader of the response
// may read (readersOf, readableByAll), so the checklist never tells a reader of a record they may
// not see; a more restricted find is refused and noted in words. Readers change after the save
// (a grant, a wider level): every read of a response judges the links again, for its reader.

type Call = ActCall<ActInput<ResearchActs['rwfResearchSave']>>;

function linkRefused(i: number, j: number, id: string): AppError {
  return new AppError('invalidInput', `${id} is not readable by every reader of the response`, {
    fields: [{ path: `checks.${i}.found.${j}`, key: 'errors.invalidValue' }],
  });
}

/** The lines in the sources' order, one per source (a missing source is an unchecked line). */
function normalised(checks: readonly ResearchCheck[]): ResearchCheck[] {
  return RESEARCH_SOURCES.map((source) => {
    const c = checks.find((x) => x.source === source);
    const note = c?.note?.trim();
    const found = [...new Set(c?.found ?? [])];
    return {
      source,
      checked: c?.checked ?? false,
      ...(note ? { note } : {}),
      ...(found.length ? { found } : {}),
    };
  });
}

export async function rwfResearchSave({ services, principal: p, body }: Call) {
  const { items } = services;
  return items.transaction(async (tx) => {
    const response = await lockedResponse(tx, items, p, body.response);
    await assertConsultStaff(tx, p, response);
    const seen = new Set<string>();
    body.checks.forEach((c, i) => {
      if (seen.has(c.source))
        throw new AppError('invalidInput', `${c.source} twice`, {
          fields: [{ path: `checks.${i}.source`, key: 'errors.invalidValue' }],
        });
      seen.add(c.source);
    });
    const ids = body.checks.flatMap((c) => c.found ?? []);
    // As the system: each linked item is kept below only if the saver and every reader of the response may
    // read it; a refusal does not say which of the two failed.
    const rows = await loadRowsAsSystem(tx, ids);
    const readers = await readersOf(tx, response);
    const load = items.loaderFor(tx);
    for (const [i, c] of body.checks.entries())
      for (const [j, id] of (c.found ?? []).entries()) {
        const row = rows.get(id);
        if (!row || row.deleted || !(await items.policy.can(p, 'read', row, load)))
          throw linkRefused(i, j, id);
        if (!(await readableByAll(items, tx, readers, row))) throw linkRefused(i, j, id);
      }
    const saved = await items.patchIn(
      tx,
      SYSTEM,
      response.id,
      { research: normalised(body.checks) },
      { actor: p.userId, realActor: p.masqueradeFrom },
    );
    return { $id: saved.id, $version: saved.version };
  });
}

/** The saved lines of a response's `research`. */
export function researchOf(data: Record<string, unknown>): ResearchCheck[] {
  return Array.isArray(data.research) ? (data.research as ResearchCheck[]) : [];
}

/** RWF_RESEARCH: completes once the checklist is saved with every source checked. */
export const researchStepKind: StepKindHandler = {
  async canComplete(ctx) {
    const lines = researchOf(ctx.item.data);
    const open = RESEARCH_SOURCES.filter((s) => !lines.some((l) => l.source === s && l.checked));
    if (open.length)
      throw new AppError('invalidInput', `check ${open.join(', ')} first`, {
        fields: [{ path: 'research', key: 'errors.required', params: { sources: open.join(', ') } }],
      });
  },
};

/**
 * Every read of a response shows only the links its reader may read now; the others leave the
 * line, counted (`hidden`), so the reader knows the line holds more without learning what.
 */
async function judgeLinks(ex: Executor, p: Principal, lines: ResearchCheck[], items: ItemService) {
  const ids = lines.flatMap((l) => l.found ?? []);
  if (!ids.length) return lines;
  // As the system: each linked item is shown below only if the reader may read it.
  const rows = await loadRowsAsSystem(ex, ids);
  const load = items.loaderFor(ex);
  const out = [];
  for (const l of lines) {
    const kept: string[] = [];
    for (const id of l.found ?? []) {
      const row = rows.get(id);
      if (row && !row.deleted && (await items.policy.can(p, 'read', row, load))) kept.push(id);
    }
    const hidden = (l.found?.length ?? 0) - kept.length;
    out.push({ ...l, found: kept, ...(hidden ? { hidden } : {}) });
  }
  return out;
}

export const researchHooks: ModuleHooks = {
  ConsultResponse: {
    async decorate(ex, p, list, items) {
      for (const w of list) {
        const lines = researchOf(w as Record<string, unknown>);
        if (lines.length) (w as Record<string, unknown>).research = await judgeLinks(ex, p, lines, items);
      }
    },
  },
};
