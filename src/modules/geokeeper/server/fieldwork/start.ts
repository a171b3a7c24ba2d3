import { sql } from 'drizzle-orm';
import {
  AppError,
  loadRowAsSystem,
  query,
  SYSTEM,
  type ActHandler,
  type Executor,
  type ItemRow,
} from '../../../../server/module-api';
import type { fieldworkActs } from '../../contract-fieldwork';
import { assertStaffOf, lockedReadable, opts, str } from './common';
import { ensureFieldworkWorkflow, FIELDWORK_TYPE } from './default-workflow';

// From the consultation (spec §4 RWF_FIELDWORK): a lands officer starts a fieldwork job from the
// response's ACTIVE RWF_FIELDWORK step, naming it and choosing the program its data goes to. The
// job is the community's, for the consultation's proponent, and runs the community's default
// fieldwork workflow; the step completes when the job reaches DONE (completion.ts).

function invalid(path: string, key: 'errors.invalidValue' | 'errors.required', why: string): never {
  throw new AppError('invalidInput', why, { fields: [{ path, key }] });
}

/** The job started from a response's step, if any. */
export async function jobOfStep(tx: Executor, response: string, step: string): Promise<ItemRow | undefined> {
  const [r] = await query<{ id: string }>(
    tx,
    sql`select id from items where type = ${FIELDWORK_TYPE} and not deleted
      and data->>'response' = ${response} and data->>'responseStep' = ${step} order by num limit 1`,
  );
  // As the system: the response's job, to refuse a second start; only whether one exists is told to its
  // staff.
  return r ? ((await loadRowAsSystem(tx, r.id)) ?? undefined) : undefined;
}

export const gkfStartFromResponse: ActHandler<(typeof fieldworkActs)['gkfStartFromResponse']> = async ({
  services,
  principal: p,
  body,
}) => {
  const { items } = services;
  return items.transaction(async (tx) => {
    const response = await lockedReadable(tx, items, p, body.response, 'ConsultResponse');
    const community = response.owner;
    assertStaffOf(p, community);
    if (!community) invalid('response', 'errors.invalidValue', `${response.id} has no community`);
    const wf = response.data._wf as { steps?: { id: string; kind: string; state: string }[] } | undefined;
    const step = wf?.steps?.find((s) => s.id === body.step);
    if (!step || step.kind !== 'RWF_FIELDWORK')
      invalid('step', 'errors.invalidValue', `${body.step} is not a fieldwork step of ${response.id}`);
    if (step.state !== 'ACTIVE') invalid('step', 'errors.invalidValue', `${body.step} is not started`);
    if (await jobOfStep(tx, response.id, step.id))
      invalid('step', 'errors.invalidValue', `${body.step} already started a job`);

    const consultationId = str(response.data.consultation);
    // As the system: the response, read above, answers this consultation; only its party and contact ids go
    // on the job.
    const consultation = consultationId ? await loadRowAsSystem(tx, consultationId) : null;
    if (!consultation || consultation.deleted) throw new AppError('notFound', `${consultationId} not found`);
    const party = str(consultation.data.primaryOrg) ?? str(response.data.primaryOrg);
    const contacts = consultation.data.primaryContacts;
    const notify = Array.isArray(contacts) ? str(contacts[0]) : undefined;

    if (body.program) {
      // As the system: the read is checked below, and an unreadable program gets the same refusal as a
      // missing one.
      const program = await loadRowAsSystem(tx, body.program);
      if (
        !program ||
        program.deleted ||
        program.type !== 'GeoKeeperProgram' ||
        program.owner !== community ||
        !(await items.policy.can(p, 'read', program, items.loaderFor(tx)))
      )
        invalid('program', 'errors.invalidValue', `${body.program} is not a program of ${community}`);
    }

    const workflow = await ensureFieldworkWorkflow(tx, items, p, community);
    // Created by the system for the officer (who may not create a job on their own as plain
    // staff's peers may): the staff check above is the rule, as for a consultation response.
    const job = await items.createIn(
      tx,
      SYSTEM,
      FIELDWORK_TYPE,
      {
        label: body.label,
        ...(body.description ? { description: body.description } : {}),
        ownedBy: community,
        ...(party ? { externalParty: party } : {}),
        ...(notify ? { externalNotify: notify } : {}),
        createdFrom: consultation.id,
        ...(body.program ? { program: body.program } : {}),
        response: response.id,
        responseStep: step.id,
        '_wf.state': 'NEW',
        workflow,
      },
      { ...opts(p), owner: community, access: 'PROTECTED' },
    );
    return { job: job.id };
  });
};
