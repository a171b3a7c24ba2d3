import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  AppError,
  type AsyncAction,
  type AsyncActionContext,
  type Executor,
  fileKey,
  importAttachment,
  type ImportRestriction,
  importRestriction,
  type ItemRow,
  loadRowAsSystem,
  loadRowsAsSystem,
  type Principal,
  restrictionInput,
  type Services,
  SYSTEM,
  TaskError,
} from '../../../../server/module-api';
import {
  GEDCOM_PROBLEMS_KEPT,
  gedcomAsyncActs,
  type GedcomImportResult,
  type GedcomProblem,
} from '../../gedcom-contract';
import { GEDCOM_IMPORT_KIND, type ParentLink, type PartnerLink } from '../../types';
import { familyLinks } from './family';
import { GedcomLineTooLong, gedcomLines } from './lines';
import { matchMembers, samePerson } from './match';
import { type ChildOf, readPerson } from './person';
import { child, type GedcomRecord, gedcomRecords } from './records';

// importGedcom (async; docs/research-gedcom.md): the GEDCOM file of an Import of kind CM_GEDCOM
// read into the CommunityMembers of the Import's owner, as the person who asked, so the policy,
// validation and hooks apply to every write. The file is streamed three times and never held:
//   1. a survey: the charset, the version, every INDI's xref (for links to missing people) and
//      the few non-birth FAMC kinds; a file that is not GEDCOM stops here, having written nothing;
//   2. the INDI records, in batches of one transaction each: a member created, or updated when a
//      member of the owner already has the record's xref as gedcomId (re-import);
//   3. the FAM records, in batches: parent and partner links added to the members, or their
//      kind corrected; a link is never removed (a person may have added it by hand).
// A record that cannot be read whole (a bad line, a level that jumps, the file cut inside it) is
// skipped whole and listed with why: nothing half-read is written.

export const GEDCOM_RESULT_FILE = 'gedcom-import.json';
/** Records per transaction: short, so PGlite's one connection is never held long. */
const BATCH = 200;

/** Top-level records the genealogy does not import (listed in the report as skipped). */
const NOT_IMPORTED = new Set(['SOUR', 'REPO', 'OBJE', 'NOTE', 'SNOTE']);
/** The file's own description (its header, submitter, trailer): no data, not reported. */
const FILE_RECORDS = new Set(['HEAD', 'TRLR', 'SUBM', 'SUBN']);

interface Checked {
  imp: ItemRow;
  owner: string;
  attachment: ItemRow;
  /** The Import's protocols, which every new member is restricted to. */
  restriction: ImportRestriction;
}

async function checkImport(s: Services, p: Principal, raw: unknown): Promise<Checked> {
  const body = gedcomAsyncActs.importGedcom.body.parse(raw);
  const imp = await s.items.readableRow(p, body.import);
  if (imp.data.kind !== GEDCOM_IMPORT_KIND)
    throw new AppError('invalidInput', `import: kind ${String(imp.data.kind)} is not ${GEDCOM_IMPORT_KIND}`);
  if (!(await s.items.canRow(p, 'update', imp))) throw new AppError('notAllowed', `update ${imp.id}`);
  if (!imp.owner) throw new AppError('invalidInput', 'import: it has no owning organisation');
  const t = s.registry.type('CommunityMember')!;
  if (!s.items.policy.canCreate(p, t, imp.owner)) throw new AppError('notAllowed', 'create CommunityMember');
  // The members come from the Import's file (and go into its owner): they keep its protocols.
  const restriction = importRestriction(p, imp);
  const attachment = await importAttachment(s, p, imp.id);
  return { imp, owner: imp.owner, attachment, restriction };
}

async function open(s: Services, attachment: ItemRow): Promise<Readable> {
  const key = fileKey(String(attachment.data.fileID));
  if (!(await s.files.stat(key)))
    throw new TaskError('research.gedcom.noFile', 'the file is gone', {
      file: String(attachment.data.originalName ?? ''),
    });
  return s.files.read(key);
}

/**
 * A record without its lines, kept in a batch for the report: its lines, read already, would
 * live on through the batch's database round trips and burden V8's old generation.
 */
const heading = (r: GedcomRecord): GedcomRecord => ({
  tag: r.tag,
  value: '',
  children: [],
  line: r.line,
  ...(r.xref ? { xref: r.xref } : {}),
  ...(r.broken ? { broken: r.broken } : {}),
});

/** Members read at once to ask whether the person may change them. */
const ASK_AT_ONCE = 25;

/**
 * Of these members, those the person may not change. Read a few at a time, and not through the
 * node's row cache (the import writes them next, which drops them from it), so that each few rows
 * (whole, notes and all) are gone before the next are read: a batch's hundreds at once, kept by
 * the cache until their writes, lived long enough to reach V8's old generation, 40 MB at a time.
 */
async function unchangeable(s: Services, p: Principal, ids: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  // As the system: each row is only asked whether the importer may change it (canRow).
  for (let i = 0; i < ids.length; i += ASK_AT_ONCE)
    for (const [id, row] of await loadRowsAsSystem(s.items.db, ids.slice(i, i + ASK_AT_ONCE)))
      if (!(await s.items.canRow(p, 'update', row))) out.add(id);
  return out;
}

const recordName = (r: GedcomRecord) => (r.xref ? `@${r.xref}@` : r.tag || '?');

async function run(ctx: AsyncActionContext) {
  const { services: s, principal: p, signal } = ctx;
  const { imp, owner, attachment, restriction } = await checkImport(s, p, ctx.body);
  const reader = { p, registry: s.registry };
  const result: GedcomImportResult = {
    encoding: '',
    version: null,
    individuals: 0,
    families: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    links: 0,
    skipped: [],
    skippedTotal: 0,
    warnings: [],
    warningsTotal: 0,
  };
  const skip = (r: GedcomRecord, key: string, value?: string) => {
    result.skippedTotal++;
    if (result.skipped.length < GEDCOM_PROBLEMS_KEPT)
      result.skipped.push({
        record: recordName(r),
        line: r.broken?.line ?? r.line,
        key,
        ...(value ? { value } : {}),
      });
  };
  const warn = (r: GedcomRecord, key: string, value?: string) => {
    result.warningsTotal++;
    if (result.warnings.length < GEDCOM_PROBLEMS_KEPT)
      result.warnings.push({ record: recordName(r), line: r.line, key, ...(value ? { value } : {}) });
  };
  const killed = () => {
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
  };
  const records = async function* () {
    try {
      yield* gedcomRecords(gedcomLines(await open(s, attachment), (e) => (result.encoding = e)));
    } catch (e) {
      if (e instanceof GedcomLineTooLong)
        throw new TaskError('research.gedcom.lineTooLong', e.message, { line: e.line });
      throw e;
    }
  };

  // ---- 1. the survey ----
  const people = new Set<string>();
  const seenFams = new Set<string>();
  const dupes = new Set<string>();
  const childOf = new Map<string, ChildOf>();
  /** xref → the member id our own export named it by (_CKKID); only in files we wrote. */
  const ownIdOf = new Map<string, string>();
  let head = false;
  let trailer = false;
  let last: GedcomRecord | null = null;
  let total = 0;
  for await (const r of records()) {
    killed();
    total++;
    last = r;
    if (!head) {
      if (r.tag !== 'HEAD' || r.broken)
        throw new TaskError('research.gedcom.notGedcom', 'the file does not begin with a GEDCOM header');
      head = true;
      result.version = child(child(r, 'GEDC') ?? r, 'VERS')?.value.trim() || null;
      continue;
    }
    if (r.tag === 'TRLR') trailer = true;
    if (r.broken || !r.xref) continue;
    const seen = r.tag === 'INDI' ? people : r.tag === 'FAM' ? seenFams : null;
    if (!seen) continue;
    if (seen.has(r.xref)) dupes.add(`${r.tag}:${r.xref}`);
    seen.add(r.xref);
    if (r.tag === 'INDI') {
      for (const [fam, how] of readPerson(r).childOf) childOf.set(`${r.xref}\u0000${fam}`, how);
      const own = child(r, '_CKKID')?.value.trim();
      if (own) ownIdOf.set(r.xref, own);
    }
  }
  if (!head) throw new TaskError('research.gedcom.notGedcom', 'the file is empty');
  seenFams.clear();
  // A file without its trailer was cut short: its last record may have lost lines.
  const cutRecordLine = !trailer && last ? last.line : -1;
  await ctx.progress(10);

  /** Why a record is left out whole, or null to read it. */
  const refusal = (r: GedcomRecord): [string, string?] | null => {
    if (r.broken) return [r.broken.key];
    if (r.line === cutRecordLine) return ['truncated'];
    if (!r.xref) return ['noXref'];
    if (dupes.has(`${r.tag}:${r.xref}`)) return ['duplicateXref'];
    return null;
  };

  // ---- 2. the people ----
  const writeBatch = async <T>(
    rows: T[],
    write: (tx: Executor, x: T) => Promise<void>,
    onError: (x: T, e: AppError) => void,
  ) => {
    const failed = new Map<T, AppError>();
    const attempt = (list: T[]) =>
      s.items.transaction(async (tx) => {
        for (const x of list) {
          try {
            await write(tx, x);
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            failed.set(x, e);
          }
        }
      });
    try {
      await attempt(rows);
    } catch (e) {
      if (e instanceof TaskError) throw e;
      // A statement failed and took the transaction with it: each record again on its own.
      failed.clear();
      for (const x of rows) {
        try {
          await attempt([x]);
        } catch (e2) {
          failed.set(x, e2 instanceof AppError ? e2 : new AppError('generalFailure', String(e2)));
        }
      }
    }
    for (const [x, e] of failed) onError(x, e);
    // A breath between batches: a kill's or a reader's queries get PGlite's one connection.
    await new Promise((r) => setTimeout(r, 5));
  };

  const refused = (e: AppError) =>
    [`errors.${e.key}`, (e.extra.fields ?? []).map((f) => f.path).join(', ') || undefined] as const;

  interface PersonWrite {
    rec: GedcomRecord;
    /**
     * The member's data as JSON, parsed again when written: one flat string per person held
     * through the batch's writes, not the objects and the file's text they point into.
     */
    json: string;
    /** The member id our own export wrote (_CKKID), if any. */
    ownId?: string;
  }
  let done = 0;
  let batch: PersonWrite[] = [];
  const flushPeople = async () => {
    if (!batch.length) return;
    killed();
    const rows = batch;
    batch = [];
    const ownIds = new Map(rows.filter((r) => r.ownId).map((r) => [r.rec.xref!, r.ownId!]));
    const found = await matchMembers(
      s.items.db,
      reader,
      owner,
      rows.map((r) => r.rec.xref!),
      ownIds,
    );
    // Only members the person may read are found at all; one they may read but not change is
    // refused as such, before its name is compared, so nothing is read of it for the report.
    const locked = await unchangeable(
      s,
      p,
      [...found.values()].map((f) => f.id),
    );
    const outcome = new Map<PersonWrite, 'created' | 'updated' | 'unchanged'>();
    await writeBatch(
      rows,
      async (tx, w) => {
        const target = found.get(w.rec.xref!);
        if (target) {
          if (locked.has(target.id)) throw new AppError('notAllowed', `update ${target.id}`);
          const data = JSON.parse(w.json) as Record<string, unknown>;
          if (!target.byId && !samePerson(target.data, data)) throw new XrefTaken(target.id);
          // As the system: the target as it stood, to tell 'unchanged'; the write itself is the importer's
          // (patchIn).
          const before = await loadRowAsSystem(tx, target.id);
          const row = await s.items.patchIn(tx, p, target.id, data);
          // Keyed by the first file's xref; an export's own ids never re-key a member.
          if (!row.data.gedcomId)
            await s.items.patchIn(tx, SYSTEM, target.id, { gedcomId: w.rec.xref }, { actor: p.userId });
          outcome.set(w, before && row.u === before.u ? 'unchanged' : 'updated');
          return;
        }
        await s.items.createIn(
          tx,
          p,
          'CommunityMember',
          { ...(JSON.parse(w.json) as Record<string, unknown>), owner, ...restrictionInput(restriction) },
          { systemData: { gedcomId: w.rec.xref } },
        );
        outcome.set(w, 'created');
      },
      (w, e) => {
        outcome.delete(w);
        // Its families must not link to whoever holds the xref here.
        people.delete(w.rec.xref!);
        if (e instanceof XrefTaken) skip(w.rec, 'xrefTaken');
        else skip(w.rec, ...refused(e));
      },
    );
    for (const o of outcome.values()) result[o]++;
    done += rows.length;
    await ctx.progress(10 + (done / Math.max(1, total)) * 60);
  };

  for await (const r of records()) {
    killed();
    if (FILE_RECORDS.has(r.tag) && !r.broken) continue;
    if (r.tag !== 'INDI') {
      if (r.tag !== 'FAM') {
        done++;
        skip(r, r.broken ? r.broken.key : NOT_IMPORTED.has(r.tag) ? 'notImported' : 'unknownRecord', r.tag);
      }
      continue;
    }
    result.individuals++;
    const no = refusal(r);
    if (no) {
      skip(r, ...no);
      people.delete(r.xref ?? '');
      done++;
      continue;
    }
    const person = readPerson(r);
    for (const w of person.warnings) warn(r, w.key, w.value);
    const ownId = child(r, '_CKKID')?.value.trim();
    batch.push({ rec: heading(r), json: JSON.stringify(person.data), ...(ownId ? { ownId } : {}) });
    if (batch.length >= BATCH) await flushPeople();
  }
  await flushPeople();

  // ---- 3. the families ----
  interface FamWrite {
    rec: GedcomRecord;
    parents: Map<string, ParentLink[]>;
    partners: Map<string, PartnerLink[]>;
  }
  let fams: FamWrite[] = [];
  const flushFamilies = async () => {
    if (!fams.length) return;
    killed();
    const rows = fams;
    fams = [];
    const xrefs = new Set<string>();
    for (const f of rows)
      for (const m of [f.parents, f.partners])
        for (const [who, links] of m) {
          xrefs.add(who);
          for (const l of links) xrefs.add(l.member);
        }
    // The members as the people pass left them: by xref, or by the id our export wrote.
    const ids = new Map<string, string>();
    for (const [x, f] of await matchMembers(s.items.db, reader, owner, [...xrefs], ownIdOf)) ids.set(x, f.id);
    // Who the person may not change: a family touching one of them is refused before any of its
    // links is written (never half a family). Asked outside the transaction, as the policy reads.
    const blocked = await unchangeable(s, p, [...new Set(ids.values())]);
    const linksWritten = new Map<FamWrite, number>();
    await writeBatch(
      rows,
      async (tx, f) => {
        // Every member of the family must be there, or none of its links is written.
        const missing = [...f.parents.keys(), ...f.partners.keys()].filter((x) => !ids.has(x));
        if (missing.length) throw new AppError('notFound', `@${missing[0]}@`);
        // Each member's links of this family, with xrefs made member ids.
        const edits = new Map<string, { parents?: ParentLink[]; partners?: PartnerLink[] }>();
        const edit = (who: string) => edits.get(who) ?? edits.set(who, {}).get(who)!;
        const asIds = <L extends { member: string }>(links: L[]) =>
          links.filter((l) => ids.has(l.member)).map((l) => ({ ...l, member: ids.get(l.member)! }));
        for (const [who, links] of f.parents) edit(who).parents = asIds(links);
        for (const [who, links] of f.partners) edit(who).partners = asIds(links);
        for (const who of edits.keys())
          if (blocked.has(ids.get(who)!)) throw new AppError('notAllowed', `update ${ids.get(who)!}`);
        for (const [who, e] of edits) {
          const id = ids.get(who)!;
          // As the system: the member's links, merged and written as the importer (patchIn), who may change
          // it (checked above).
          const row = await loadRowAsSystem(tx, id);
          if (!row) throw new AppError('notFound', id);
          const patch: Record<string, unknown> = {};
          let changes = 0;
          const parents = e.parents ? mergeLinks<ParentLink>(row.data.parents, e.parents) : null;
          const partners = e.partners ? mergeLinks<PartnerLink>(row.data.partners, e.partners) : null;
          if (parents) {
            patch.parents = parents.list;
            changes += parents.changes;
          }
          if (partners) {
            patch.partners = partners.list;
            changes += partners.changes;
          }
          if (changes) {
            await s.items.patchIn(tx, p, id, patch);
            linksWritten.set(f, (linksWritten.get(f) ?? 0) + changes);
          }
        }
      },
      (f, e) => {
        linksWritten.delete(f);
        if (e.key === 'notFound') skip(f.rec, 'missingPerson', e.message);
        else skip(f.rec, ...refused(e));
      },
    );
    for (const n of linksWritten.values()) result.links += n;
    done += rows.length;
    await ctx.progress(70 + Math.min(29, (done / Math.max(1, total)) * 29));
  };

  done = 0;
  for await (const r of records()) {
    killed();
    if (r.tag !== 'FAM') continue;
    result.families++;
    const no = refusal(r);
    if (no) {
      skip(r, ...no);
      continue;
    }
    const links = familyLinks(r, (c, fam) => childOf.get(`${c}\u0000${fam}`));
    // A link to a person the file does not hold (or whose record was skipped) is the family's problem.
    const absent = [
      ...links.parents.keys(),
      ...links.partners.keys(),
      ...[...links.parents.values()].flat().map((l) => l.member),
    ].find((x) => !people.has(x));
    if (absent) {
      skip(r, 'missingPerson', `@${absent}@`);
      continue;
    }
    fams.push({ rec: heading(r), ...links });
    if (fams.length >= BATCH) await flushFamilies();
  }
  await flushFamilies();

  result.skipped.sort((a, b) => a.line - b.line);
  await s.items.transaction((tx) =>
    s.items.patchIn(tx, SYSTEM, imp.id, { importResult: result }, { actor: p.userId }),
  );
  const file = ctx.resultPath(GEDCOM_RESULT_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(result));
  return { resultURI: ctx.resultURI(GEDCOM_RESULT_FILE) };
}

/** A member found by xref is someone else: the record is refused, the member left alone. */
class XrefTaken extends AppError {
  constructor(id: string) {
    super('invalidInput', `the xref is ${id}'s, another person`);
  }
}

/**
 * The links with `add` merged in: a link to a member already there takes the new kind (and
 * dates), a new one is appended, none is removed. Null when nothing changes.
 */
export function mergeLinks<L extends { member: string }>(
  current: unknown,
  add: readonly L[],
): { list: L[]; changes: number } | null {
  const list: L[] = Array.isArray(current)
    ? (current.filter((l) => l && typeof l === 'object' && typeof (l as L).member === 'string') as L[])
    : [];
  const out = list.map((l) => ({ ...l }));
  let changes = 0;
  for (const a of add) {
    const i = out.findIndex((l) => l.member === a.member);
    if (i < 0) {
      out.push({ ...a });
      changes++;
    } else if (JSON.stringify({ ...out[i], ...a }) !== JSON.stringify(out[i])) {
      out[i] = { ...out[i]!, ...a };
      changes++;
    }
  }
  return changes ? { list: out, changes } : null;
}

export const importGedcom: AsyncAction = {
  async validate(body, s, p) {
    await checkImport(s, p, body);
  },
  run,
};

export type { GedcomProblem };
