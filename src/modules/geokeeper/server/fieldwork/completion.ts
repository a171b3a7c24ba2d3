import {
  AppError,
  loadPrincipal,
  loadRowAsSystem,
  SYSTEM,
  type CommittedListener,
  type Principal,
} from '../../../../server/module-api';
import { str } from './common';

// The response's RWF_FIELDWORK step completes when its job does (spec §4: "completes when the job
// does"). A job's write is one transaction and the step move another (the engine's act runs its
// own), so it follows the job's committed change: when a job started from a response reaches DONE
// and that step is still ACTIVE, the step is completed through the engine's act, with its check
// (RWF_FIELDWORK asks for the job at DONE) and its rules. The listener runs on every node: the
// second node's move finds the step COMPLETE and is refused by the transition table, harmlessly.

type Steps = {
  steps?: { id: string; state: string; completedBy?: string | null; completedAt?: string | null }[];
};

/** Who finished the job: the last step's completer (the step move is theirs), else the system. */
async function finisher(services: Parameters<CommittedListener>[1], job: Steps): Promise<Principal> {
  const done = (job.steps ?? []).filter((s) => s.state === 'COMPLETE' && s.completedBy);
  done.sort((a, b) => String(a.completedAt).localeCompare(String(b.completedAt)));
  const who = done.at(-1)?.completedBy;
  return (who && (await loadPrincipal(services.items.db, who))) || SYSTEM;
}

export const completeResponseStep: CommittedListener = async (change, services) => {
  if (change.op === 'delete') return;
  // As the system: a committed listener moves the response's step when its job is done; it shows nothing.
  const job = await loadRowAsSystem(services.items.db, change.id);
  if (!job || job.deleted || job.data['_wf.state'] !== 'DONE') return;
  const response = str(job.data.response);
  const step = str(job.data.responseStep);
  if (!response || !step) return;
  // As the system: the response's step state only; the move itself is the act's, as the finisher or the
  // system.
  const row = await loadRowAsSystem(services.items.db, response);
  const wf = row?.data._wf as Steps | undefined;
  if (!row || row.deleted || wf?.steps?.find((s) => s.id === step)?.state !== 'ACTIVE') return;
  const act = services.acts.get('wfSetStepState');
  if (!act) return;
  const principal = await finisher(services, (job.data._wf ?? {}) as Steps);
  const call = { services, session: null, sub: undefined, key: undefined };
  try {
    await act.handler({ ...call, principal, body: { item: response, step, state: 'COMPLETE' } });
  } catch (e) {
    // The person who finished the job may not move the response's step (no longer its staff;
    // one who left the community is told notFound, as any outsider): the system does, as the
    // job's completion is the step's rule.
    const refused = e instanceof AppError && (e.key === 'notAllowed' || e.key === 'notFound');
    if (refused && principal !== SYSTEM)
      await act
        .handler({ ...call, principal: SYSTEM, body: { item: response, step, state: 'COMPLETE' } })
        .catch(() => undefined);
    // Anything else (another node completed it first: a transition refused) leaves it as it is.
  }
};
