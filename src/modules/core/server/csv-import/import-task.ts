import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ItemType } from '../../../../kernel/item-type';
import { SYSTEM_TYPE_PREFIX } from '../../../../protocol/ids';
import {
  AppError,
  type CsvResolveContext,
  type AsyncAction,
  type AsyncActionContext,
  type Executor,
  type Principal,
  loadRowAsSystem,
  type Services,
  SYSTEM,
  TaskError,
  importAttachment,
  type ImportRestriction,
  importRestriction,
  restrictionInput,
} from '../../../../server/module-api';
import {
  isCsvImportKind,
  CSV_PROBLEMS_KEPT,
  type CsvImportResult,
  ImportCsvBody,
} from '../../contract-csv-import';
import { csvTarget } from '../../csv-import';
import { convertCell, importableProperties, rowData, type RowProblem } from './convert';
import {
  findAliases,
  findByProperty,
  keyPlan,
  type KeyPlan,
  type KeyReader,
  rememberAlias,
  rowAlias,
} from './keys';
import { csvRecords } from './parse';
import { openCsv } from './source';

// importCsv (async; docs/csv-import.md): the CSV attached to an Import read into items of one
// type, as the person who asked, so the policy and the type's validation apply to every row.
// Rows go in batches, each in one short transaction; a row the item service refuses is reported
// and the others go on. A dry run does the very same writes and rolls each batch back, so its
// problems are exactly those the run would meet, and nothing is kept.

/** Rows per transaction: short, so PGlite's one connection is never held long. */
const BATCH = 100;
/** The longest key value: a longer one is not an id. */
const MAX_KEY = 500;
export const CSV_RESULT_FILE = 'csv-import.json';

/** Thrown inside a dry run's transaction to undo it. */
class Rollback extends Error {}

interface Checked {
  body: ImportCsvBody;
  t: ItemType;
  owner: string | null;
  /** The preset values as item data, under every row's own. */
  preset: Record<string, unknown>;
  /** The Import's protocols, which every new row is restricted to. */
  restriction: ImportRestriction;
}

/** Who may, and what: all before a Task exists (the service calls validate first). */
async function checkImport(s: Services, p: Principal, raw: unknown): Promise<Checked> {
  const body = ImportCsvBody.parse(raw);
  const imp = await s.items.readableRow(p, body.import);
  if (!isCsvImportKind(imp.data.kind))
    throw new AppError('invalidInput', `import: kind ${String(imp.data.kind)} is no CSV kind`);
  if (!(await s.items.canRow(p, 'update', imp))) throw new AppError('notAllowed', `update ${imp.id}`);
  const t = s.registry.type(body.type);
  if (!t || t.name.startsWith(SYSTEM_TYPE_PREFIX)) throw new AppError('invalidInput', `type ${body.type}`);
  const allowed = new Set(importableProperties(t, p.admin));
  const seen = new Set<string>();
  for (const [column, prop] of Object.entries(body.mapping)) {
    if (!allowed.has(prop))
      throw new AppError('invalidInput', `mapping: ${column} → ${prop} is not importable`);
    if (seen.has(prop)) throw new AppError('invalidInput', `mapping: ${prop} is named twice`);
    seen.add(prop);
  }
  if (!seen.size) throw new AppError('invalidInput', 'mapping: no column is mapped');
  // Half a coordinate pair would make every row's point a problem: refuse the mapping instead.
  for (const prop of seen) {
    const { prop: base, part } = csvTarget(prop);
    const other = part === 'latitude' ? 'longitude' : part === 'longitude' ? 'latitude' : null;
    if (other && !seen.has(`${base}:${other}`))
      throw new AppError('invalidInput', `mapping: ${prop} needs ${base}:${other}`);
  }
  const preset: Record<string, unknown> = {};
  for (const [prop, cell] of Object.entries(body.preset ?? {})) {
    const def = t.properties[prop];
    if (!def || !allowed.has(prop) || seen.has(prop))
      throw new AppError('invalidInput', `preset: ${prop} is not importable or is also mapped`);
    const c = convertCell(def, cell);
    if ('problem' in c) throw new AppError('invalidInput', `preset: ${prop}: ${c.problem}`);
    if (c.value !== undefined) preset[prop] = c.value;
    // A preset relation names one item for every row: one the importer may not read is refused
    // here, before a Task exists, rather than as the same problem on every row.
    if (def.kind === 'relation')
      for (const id of Array.isArray(c.value) ? (c.value as string[]) : c.value ? [c.value as string] : [])
        await s.items.readableRow(p, id);
  }
  const owner = ownerFor(s, p, t, body.owner);
  // Derived types (follows) are decided on each row's parent by the item service.
  if (!t.access.follows && !s.items.policy.canCreate(p, t, owner))
    throw new AppError('notAllowed', `create ${t.name}`);
  // The rows come from the Import's file: restricted to protocols, it restricts every row to
  // them, which only an organisation's own items can be (a derived row's parent decides its owner).
  const restriction = importRestriction(p, imp);
  if (restriction.protocols && !t.access.follows && owner !== imp.owner)
    throw new AppError('invalidInput', `owner: the Import's protocols are ${String(imp.owner)}'s`, {
      fields: [{ path: 'owner', key: 'errors.invalidValue' }],
    });
  await importAttachment(s, p, imp.id);
  return { body, t, owner, preset, restriction };
}

/** An item id: a cell that names one is no label to resolve. */
const ITEM_ID = /^[A-Z][A-Za-z0-9]*-[1-9][0-9]*$/;

/**
 * The row's relation cells a module reads its own way (services.csvResolvers): those mapped and
 * holding something other than item ids, in the module's order, as the importer, up to the first
 * that cannot be read. Outside any
 * transaction: a resolver reads through search and the item service's own connection.
 */
async function resolveRow(
  ctx: Omit<CsvResolveContext, 'data'>,
  type: string,
  data: Record<string, unknown>,
  columnOf: ReadonlyMap<string, string>,
  row: number,
): Promise<RowProblem[]> {
  const problems: RowProblem[] = [];
  for (const [prop, resolve] of ctx.services.csvResolvers.get(type) ?? []) {
    const v = data[prop];
    const cell = typeof v === 'string' ? v : Array.isArray(v) ? (v as string[]) : null;
    const column = columnOf.get(prop);
    if (cell === null || !column) continue;
    if ((typeof cell === 'string' ? [cell] : cell).every((x) => ITEM_ID.test(x))) continue;
    const r = await resolve(cell, { ...ctx, data });
    if ('problem' in r) {
      // The first is the row's problem: later cells are read in its light (an interview within
      // the project, a respondent index within the interview), so theirs would only echo it.
      problems.push({ row, column, key: r.problem });
      break;
    }
    data[prop] = r.value;
  }
  return problems;
}

/** The owner the items get: the one asked for, else the only organisation where they may create. */
function ownerFor(s: Services, p: Principal, t: ItemType, asked: string | undefined): string | null {
  if (asked) return asked;
  if (!Array.isArray(t.access.create) || p.admin || t.access.follows || t.access.ownsItself) return null;
  const orgs = s.items.policy.creatableOrgs(p, t);
  if (orgs.length === 1) return orgs[0]!;
  if (orgs.length === 0) throw new AppError(p.orgs.size ? 'notAllowed' : 'noOrg', `create ${t.name}`);
  throw new AppError('chooseOrg', `choose the owner among ${orgs.join(', ')}`);
}

interface Pending {
  row: number;
  data: Record<string, unknown>;
  keyValue: string;
  alias: string | null;
}

type Outcome = 'created' | 'updated' | 'unchanged';

/** A refusal's field errors as the row's problems, each under the column that filled the field. */
function problemsOf(e: AppError, row: number, columnOf: Map<string, string>): RowProblem[] {
  const fields = e.extra.fields ?? [];
  if (!fields.length) return [{ row, key: `errors.${e.key}` }];
  return fields.map((f) => {
    const column = columnOf.get(f.path.split('.')[0] ?? '');
    return column ? { row, column, key: f.key } : { row, key: f.key };
  });
}

async function run(ctx: AsyncActionContext) {
  const { services: s, principal: p, signal } = ctx;
  const { body, t, owner, preset, restriction } = await checkImport(s, p, ctx.body);
  const attachment = await importAttachment(s, p, body.import);
  const plan: KeyPlan = keyPlan(body.keyColumn, body.mapping);
  // A property's column; a geometry's is its first stand-in column (the latitude's, say).
  const columnOf = new Map<string, string>();
  for (const [c, target] of Object.entries(body.mapping)) {
    const { prop } = csvTarget(target);
    if (!columnOf.has(prop)) columnOf.set(prop, c);
  }
  const resolving = { services: s, principal: p, cache: new Map<string, unknown>() };
  const result: CsvImportResult = {
    dryRun: body.dryRun,
    type: t.name,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    problems: [],
    problemsTotal: 0,
  };
  const report = (list: RowProblem[]) => {
    result.problemsTotal += list.length;
    for (const x of list) if (result.problems.length < CSV_PROBLEMS_KEPT) result.problems.push(x);
  };
  const keysSeen = new Set<string>();

  // A first quick pass counts the records, so progress is rows done of rows there are.
  let total = 0;
  for await (const rec of csvRecords(await openCsv(s, attachment))) {
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
    if (!('headers' in rec)) total++;
  }
  const input = await openCsv(s, attachment);
  let headers: string[] | null = null;
  let keyIndex = -1;
  let batch: Pending[] = [];

  /** One row's write, inside `tx`: the key's item updated, else a new one (and its alias kept). */
  const writeRow = async (tx: Executor, r: Pending, target: string | undefined): Promise<Outcome> => {
    if (target) {
      // Read in the transaction: on PGlite the outer connection waits for it to end.
      // As the system: the target as it stood, to tell 'unchanged'; the write itself is the importer's
      // (patchIn).
      const before = await loadRowAsSystem(tx, target);
      const row = await s.items.patchIn(tx, p, target, r.data);
      return before && row.u === before.u ? 'unchanged' : 'updated';
    }
    const input: Record<string, unknown> = { ...r.data, ...restrictionInput(restriction) };
    if (owner) input.owner = owner;
    if (body.access) input.$access = body.access;
    const row = await s.items.createIn(tx, p, t.name, input);
    if (r.alias) await rememberAlias(tx, r.alias, row.id);
    return 'created';
  };

  /** The rows of one transaction; AppErrors are the row's (the transaction stays good). */
  const writeRows = async (rows: Pending[], targets: Map<Pending, string>) =>
    s.items.transaction(async (tx) => {
      const outcomes = new Map<Pending, Outcome | RowProblem[]>();
      for (const r of rows) {
        try {
          outcomes.set(r, await writeRow(tx, r, targets.get(r)));
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          outcomes.set(r, problemsOf(e, r.row, columnOf));
        }
      }
      if (body.dryRun) throw Object.assign(new Rollback(), { outcomes });
      return outcomes;
    });

  const settle = async (rows: Pending[], targets: Map<Pending, string>) => {
    try {
      return await writeRows(rows, targets);
    } catch (e) {
      if (e instanceof Rollback)
        return (e as Rollback & { outcomes: Map<Pending, Outcome | RowProblem[]> }).outcomes;
      throw e;
    }
  };

  const flush = async () => {
    if (!batch.length) return;
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
    const rows = batch;
    batch = [];
    const targets = await matchTargets(s, { p, registry: s.registry }, plan, t.name, owner, rows);
    const ambiguous = rows.filter((r) => targets.get(r) === null);
    for (const r of ambiguous)
      report([{ row: r.row, column: body.keyColumn, key: 'csvImport.problem.ambiguousKey' }]);
    result.failed += ambiguous.length;
    const good = rows.filter((r) => targets.get(r) !== null);
    const found = new Map([...targets].filter((e): e is [Pending, string] => typeof e[1] === 'string'));
    let outcomes: Map<Pending, Outcome | RowProblem[]>;
    try {
      outcomes = await settle(good, found);
    } catch (e) {
      if (e instanceof AppError || e instanceof TaskError) throw e;
      // A statement failed (a unique key, say) and took the transaction with it: each row again
      // on its own, so only the bad one is lost.
      outcomes = new Map();
      for (const r of good) {
        try {
          for (const [k, v] of await settle([r], found)) outcomes.set(k, v);
        } catch {
          outcomes.set(r, [{ row: r.row, key: 'errors.generalFailure' }]);
        }
      }
    }
    for (const r of good) {
      const o = outcomes.get(r)!;
      if (Array.isArray(o)) {
        result.failed++;
        report(o);
      } else result[o]++;
    }
    await ctx.progress((result.rows / Math.max(1, total)) * 99);
    // A breath between batches: on PGlite's one connection, a kill's or a reader's queries
    // waiting for it get their turn before the next batch takes it again.
    await new Promise((r) => setTimeout(r, 5));
  };

  for await (const rec of csvRecords(input)) {
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
    if ('headers' in rec) {
      headers = rec.headers;
      for (const column of [...Object.keys(body.mapping), ...(body.keyColumn ? [body.keyColumn] : [])])
        if (!headers.includes(column))
          throw new TaskError('csvImport.noColumn', `no column ${column}`, { column });
      keyIndex = body.keyColumn ? headers.indexOf(body.keyColumn) : -1;
      continue;
    }
    result.rows++;
    const read = rowData(t, headers!, rec.cells, body.mapping, rec.row);
    const data = { ...preset, ...read.data };
    const problems = read.problems;
    problems.push(...(await resolveRow(resolving, t.name, data, columnOf, rec.row)));
    let keyValue = keyIndex >= 0 ? (rec.cells[keyIndex] ?? '').trim() : '';
    if (plan.by === 'property' && data[plan.prop] !== undefined) keyValue = String(data[plan.prop]);
    if (keyIndex >= 0 && !keyValue)
      problems.push({ row: rec.row, column: body.keyColumn, key: 'csvImport.problem.noKey' });
    else if (keyValue.length > MAX_KEY)
      problems.push({ row: rec.row, column: body.keyColumn, key: 'csvImport.problem.keyTooLong' });
    const alias = rowAlias(plan, t.name, owner, keyValue, data);
    const seenAs = alias ?? `p:${keyValue}`;
    if (!problems.length && keysSeen.has(seenAs))
      problems.push({
        row: rec.row,
        ...(body.keyColumn ? { column: body.keyColumn } : {}),
        key: 'csvImport.problem.duplicateRow',
      });
    if (problems.length) {
      result.failed++;
      report(problems);
      continue;
    }
    keysSeen.add(seenAs);
    batch.push({ row: rec.row, data, keyValue, alias });
    if (batch.length >= BATCH) await flush();
  }
  if (!headers) throw new TaskError('csvImport.empty', 'the file has no header row');
  await flush();

  result.problems.sort((a, b) => a.row - b.row);
  await s.items.transaction((tx) =>
    s.items.patchIn(
      tx,
      SYSTEM,
      body.import,
      {
        csvResult: result,
        csvMapping: { type: t.name, mapping: body.mapping, keyColumn: body.keyColumn ?? null },
      },
      { actor: p.userId },
    ),
  );
  const file = ctx.resultPath(CSV_RESULT_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(result));
  return { resultURI: ctx.resultURI(CSV_RESULT_FILE) };
}

/**
 * Each row's item from before: its id, undefined for none, null when the key names several
 * items (a property key held by more than one: which to update is not ours to guess).
 */
async function matchTargets(
  s: Services,
  who: KeyReader,
  plan: KeyPlan,
  type: string,
  owner: string | null,
  rows: Pending[],
): Promise<Map<Pending, string | null | undefined>> {
  const out = new Map<Pending, string | null | undefined>();
  if (plan.by === 'property') {
    const found = await findByProperty(
      s.items.db,
      who,
      type,
      plan.prop,
      owner,
      rows.map((r) => r.keyValue),
    );
    for (const r of rows) {
      const ids = found.get(r.keyValue) ?? [];
      out.set(r, ids.length > 1 ? null : ids[0]);
    }
    return out;
  }
  const found = await findAliases(
    s.items.db,
    who,
    type,
    rows.map((r) => r.alias!),
  );
  for (const r of rows) out.set(r, found.get(r.alias!));
  return out;
}

export const importCsv: AsyncAction = {
  async validate(body, s, p) {
    await checkImport(s, p, body);
  },
  run,
};
