import type { RuleKey } from '../../../protocol/errors';
import {
  AppError,
  loadRowAsSystem,
  SYSTEM,
  setGrantIn,
  type BeforeWriteContext,
  type Executor,
  type WriteEvent,
} from '../../../server/module-api';
import { GKP_RELATED_FINALIZED } from '../types';
import { COLLECTOR, childAfterWrite } from './program-access';

// Field data's server rules (docs/geokeeper.md "Field data"): a record's trip is a TRIP of the
// same program, and its work item is of that program too (a work item locked to trips takes only
// records of a trip); a finalized record is locked; finalizing records GKP_RELATED_FINALIZED on
// the work item and the trip it relates to; its collector keeps reading and updating it.

/** The value of a key after the write: the patch's (null: removed), else the stored one. */
export function after(ctx: BeforeWriteContext, k: string): unknown {
  if (k in ctx.data) return ctx.data[k] === null ? undefined : ctx.data[k];
  return ctx.current?.data[k];
}

const refuse = (path: string, key: RuleKey, message: string): never => {
  throw new AppError('invalidInput', message, { fields: [{ path, key }] });
};

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

async function checkTrip(tx: Executor, ctx: BeforeWriteContext, program: unknown): Promise<void> {
  const tripId = after(ctx, 'trip');
  if (!isSet(tripId)) return;
  if (after(ctx, 'formType') !== 'RECORD')
    refuse('trip', 'errors.geokeeperTripOfTrip', 'only a record belongs to a trip');
  // As the system: a write hook's check of the trip named; a missing and an unfit trip get the same refusal,
  // and nothing of it is returned.
  const trip = await loadRowAsSystem(tx, String(tripId));
  const ok =
    trip &&
    !trip.deleted &&
    trip.type === 'GeoKeeperFieldData' &&
    trip.data.formType === 'TRIP' &&
    trip.data.program === program;
  if (!ok)
    refuse('trip', 'errors.geokeeperTripMismatch', `${String(tripId)}: not a trip of the same program`);
}

async function checkWorkItem(tx: Executor, ctx: BeforeWriteContext, program: unknown): Promise<void> {
  const id = after(ctx, 'workItem');
  if (!isSet(id)) return;
  // As the system: a write hook's check of the work item named; nothing of it is returned.
  const wi = await loadRowAsSystem(tx, String(id));
  if (!wi || wi.deleted || wi.type !== 'GeoKeeperWorkItem' || wi.data.program !== program)
    refuse('workItem', 'errors.geokeeperWorkItemProgram', `${String(id)}: not a work item of the program`);
  if (wi!.data.lockToTrip === true && after(ctx, 'formType') === 'RECORD' && !isSet(after(ctx, 'trip')))
    refuse('trip', 'errors.geokeeperTripRequired', `${String(id)}: its records belong to a trip`);
}

export async function fieldDataBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  // Locked once finalized: no change, no deletion (the system's own writes, e.g. a repair, pass).
  if (ctx.current && isSet(ctx.current.data.finalized) && ctx.principal !== SYSTEM)
    refuse('finalized', 'errors.geokeeperFinalized', `${ctx.current.id} is finalized`);
  if (ctx.kind === 'delete') return;
  const program = after(ctx, 'program');
  await checkTrip(tx, ctx, program);
  await checkWorkItem(tx, ctx, program);
}

/** Finalizing: the event on what the record relates to (its work item, its trip). */
async function recordFinalized(tx: Executor, e: WriteEvent): Promise<void> {
  const now = e.row.data.finalized;
  const was = e.kind === 'created' ? undefined : e.changes?.finalized?.from;
  if (!isSet(now) || (e.kind === 'updated' && (!e.changes?.finalized || isSet(was)))) return;
  for (const key of ['workItem', 'trip']) {
    const id = e.row.data[key];
    if (typeof id !== 'string' || !id) continue;
    await e.items.touchIn(tx, SYSTEM, id, {
      event: GKP_RELATED_FINALIZED,
      data: { fieldData: e.row.id, finalized: now },
      actor: e.actor,
      realActor: e.realActor,
    });
  }
}

export async function fieldDataAfterWrite(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created' && e.kind !== 'updated') return;
  const collector = e.row.createdBy;
  if (e.kind === 'created' && collector?.startsWith('User-') && collector !== 'User-0')
    await setGrantIn(tx, e.items, e.row.id, collector, ['read', 'update'], {
      grantedBy: COLLECTOR,
      actor: e.actor,
      realActor: e.realActor,
    });
  await childAfterWrite(tx, e);
  await recordFinalized(tx, e);
}
