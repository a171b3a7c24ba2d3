import { SYSTEM, type Executor, type WriteEvent } from '../../../server/module-api';

// The response's own record of its written parts (spec §4 "Further events"): a section changed
// (RWF_SECTION_UPDATED) or a concern raised (RWF_CONCERN_CREATED) is recorded on the response,
// so its history and consult.audit show it where the work is. The event names the section or
// concern by id only: its title stays in the part itself, under the part's own read rule.

async function record(tx: Executor, e: WriteEvent, event: string, data: Record<string, unknown>) {
  const response = e.row.data.response;
  if (typeof response !== 'string') return;
  await e.items.touchIn(tx, SYSTEM, response, { event, data, actor: e.actor, realActor: e.realActor });
}

/** A section written (made or changed): RWF_SECTION_UPDATED on its response. */
export async function recordSectionUpdated(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created' && e.kind !== 'updated') return;
  const fields = Object.keys(e.changes ?? {}).filter((k) => !k.startsWith('$'));
  await record(tx, e, 'RWF_SECTION_UPDATED', {
    section: e.row.id,
    ...(e.kind === 'created' ? { created: true } : { fields }),
  });
}

/** A concern raised: RWF_CONCERN_CREATED on its response. */
export async function recordConcernCreated(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created') return;
  await record(tx, e, 'RWF_CONCERN_CREATED', { concern: e.row.id });
}
