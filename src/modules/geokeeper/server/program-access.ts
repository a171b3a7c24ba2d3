import { sql } from 'drizzle-orm';
import type { ItemAction } from '../../../protocol/access-levels';
import {
  loadRowAsSystem,
  loadRowsAsSystem,
  query,
  setGrantIn,
  type Executor,
  type ItemRow,
  type ItemService,
  type WriteEvent,
} from '../../../server/module-api';
import type { ProgramAccess } from '../types';

// A program's access mode as grants (docs/geokeeper.md "Who sees what"). The policy stays the one
// judge: the program and each of its items carry grants made by GRANTOR, which this file keeps
// equal to what the mode says, inside the write's transaction. The items' own levels (PROTECTED:
// the owner's staff) and anyone's other grants are left alone.
//   IN_ORG:   the owner organisation reads the program, its forms, references and work items,
//             and its field data.
//   USERS:    the program's `users` read all of it, and may update its field data (a team).
//   ASSIGNED: the monitors assigned to any of its work items read the program, forms,
//             references and work items, and the field data of the work items assigned to them.
// The collector of a record always reads and updates it (COLLECTOR's grant, made at creation).

export const GRANTOR = 'geokeeper:program';
export const COLLECTOR = 'geokeeper:collector';

/** The types whose items belong to a program by their `program` relation. */
export const PROGRAM_CHILD_TYPES = [
  'GeoKeeperWorkItem',
  'GeoKeeperReference',
  'GeoKeeperFieldData',
  'GeoKeeperFormDef',
] as const;

const READ: readonly ItemAction[] = ['read'];
const READ_UPDATE: readonly ItemAction[] = ['read', 'update'];

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];

/** What a program's mode needs to place grants: its readers and, for ASSIGNED, by work item. */
export interface ProgramReaders {
  mode: ProgramAccess | null;
  /** Who reads the program and its forms, references and work items. */
  readers: string[];
  /** ASSIGNED: each work item's assignees (who read its field data). */
  byWorkItem: Map<string, string[]>;
}

/** The program's readers as its mode says; an unreadable mode (none set) adds no one. */
export async function programReaders(tx: Executor, program: ItemRow): Promise<ProgramReaders> {
  const mode = (program.data.access as ProgramAccess | undefined) ?? null;
  const byWorkItem = new Map<string, string[]>();
  if (program.deleted) return { mode, readers: [], byWorkItem };
  if (mode === 'IN_ORG') return { mode, readers: program.owner ? [program.owner] : [], byWorkItem };
  if (mode === 'USERS') return { mode, readers: [...new Set(strings(program.data.users))], byWorkItem };
  if (mode === 'ASSIGNED') {
    const rows = await query<{ id: string; assignees: unknown }>(
      tx,
      sql`select id, data->'assignees' as assignees from items
        where type = 'GeoKeeperWorkItem' and not deleted and data->>'program' = ${program.id}`,
    );
    const all = new Set<string>();
    for (const r of rows) {
      const a = strings(typeof r.assignees === 'string' ? JSON.parse(r.assignees) : r.assignees);
      byWorkItem.set(r.id, a);
      a.forEach((u) => all.add(u));
    }
    return { mode, readers: [...all], byWorkItem };
  }
  return { mode, readers: [], byWorkItem };
}

/** The grants (principal → actions) GRANTOR should hold on `row`, a program or one of its items. */
export function wantedGrants(row: ItemRow, r: ProgramReaders): Map<string, readonly ItemAction[]> {
  const want = new Map<string, readonly ItemAction[]>();
  if (row.deleted) return want;
  if (row.type !== 'GeoKeeperFieldData') {
    for (const p of r.readers) want.set(p, READ);
    return want;
  }
  if (r.mode === 'IN_ORG') for (const p of r.readers) want.set(p, READ);
  else if (r.mode === 'USERS') for (const p of r.readers) want.set(p, READ_UPDATE);
  else if (r.mode === 'ASSIGNED') {
    const wi = typeof row.data.workItem === 'string' ? row.data.workItem : '';
    for (const p of r.byWorkItem.get(wi) ?? []) want.set(p, READ);
  }
  return want;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Makes `grantor`'s grants on `row` exactly `want`: adds, changes and removes, each an event. */
export async function syncGrants(
  tx: Executor,
  items: ItemService,
  row: ItemRow,
  want: ReadonlyMap<string, readonly ItemAction[]>,
  actor: string | null,
  grantor = GRANTOR,
): Promise<void> {
  const have = new Map(
    row.grants.filter((g) => g.grantedBy === grantor).map((g) => [g.principal, g.actions]),
  );
  const opts = { grantedBy: grantor, actor };
  for (const [p, actions] of want)
    if (!same(have.get(p) ?? [], actions)) await setGrantIn(tx, items, row.id, p, actions, opts);
  for (const p of have.keys()) if (!want.has(p)) await setGrantIn(tx, items, row.id, p, null, opts);
}

/** Re-applies a program's mode to the program and every item of it (the same transaction). */
export async function applyProgram(
  tx: Executor,
  items: ItemService,
  programId: string,
  actor: string | null,
): Promise<void> {
  // As the system: a program's mode is applied to its grants by the system, whoever wrote it.
  const program = await loadRowAsSystem(tx, programId);
  if (!program || program.type !== 'GeoKeeperProgram') return;
  const r = await programReaders(tx, program);
  await syncGrants(tx, items, program, wantedGrants(program, r), actor);
  const ids = await query<{ id: string }>(
    tx,
    sql`select id from items where data->>'program' = ${programId} and not deleted
      and type in ('GeoKeeperWorkItem', 'GeoKeeperReference', 'GeoKeeperFieldData', 'GeoKeeperFormDef')`,
  );
  // As the system: every item of the program gets its grants, readable by the writer or not.
  const rows = await loadRowsAsSystem(
    tx,
    ids.map((x) => x.id),
  );
  for (const row of rows.values()) await syncGrants(tx, items, row, wantedGrants(row, r), actor);
}

/** Applies its program's mode to one item (just created, or moved to another program). */
export async function applyToChild(
  tx: Executor,
  items: ItemService,
  child: ItemRow,
  actor: string | null,
): Promise<void> {
  const programId = typeof child.data.program === 'string' ? child.data.program : null;
  // As the system: the program's mode decides the child's grants; nothing of it is returned.
  const program = programId ? await loadRowAsSystem(tx, programId) : undefined;
  const r: ProgramReaders =
    program && program.type === 'GeoKeeperProgram'
      ? await programReaders(tx, program)
      : { mode: null, readers: [], byWorkItem: new Map() };
  // The row as written holds the grants of before the write (a created row has none).
  await syncGrants(tx, items, child, wantedGrants(child, r), actor);
}

const changed = (e: WriteEvent, ...keys: string[]) => keys.some((k) => e.changes && k in e.changes);

/** After a program's write: a new mode, list of users or owner re-applies to all its items. */
export async function programAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind === 'touched') return;
  if (e.kind === 'created' || e.kind === 'deleted' || changed(e, 'access', 'users', 'owner'))
    await applyProgram(tx, e.items, e.row.id, e.actor);
}

/**
 * After a work item's write: its assignees are readers of an ASSIGNED program, so a change of
 * them (or of its program, or its deletion) re-applies the program(s) concerned.
 */
export async function workItemAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind === 'touched') return;
  if (e.kind === 'updated' && !changed(e, 'assignees', 'program')) return;
  const programs = new Set<string>();
  const now = e.row.data.program;
  const before = e.changes?.program?.from;
  if (typeof now === 'string') programs.add(now);
  if (typeof before === 'string') programs.add(before);
  for (const p of programs) await applyProgram(tx, e.items, p, e.actor);
  if (!programs.size) await applyToChild(tx, e.items, e.row, e.actor);
}

/** After another item's write: a new item, or one moved to another program, takes its grants. */
export async function childAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created' && e.kind !== 'updated') return;
  if (e.kind === 'updated' && !changed(e, 'program', 'workItem')) return;
  await applyToChild(tx, e.items, e.row, e.actor);
}
