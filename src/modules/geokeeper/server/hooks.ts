import {
  AppError,
  type BeforeWriteContext,
  type Executor,
  type ModuleHooks,
} from '../../../server/module-api';
import { fieldDataAfterWrite, fieldDataBeforeWrite, after } from './field-data';
import { answersBeforeWrite } from './forms/answers';
import { formDefVersionsBeforeWrite } from './forms/form-def';
import { orgBeforeWrite } from './org-setting';
import { childAfterWrite, programAfterWrite, workItemAfterWrite } from './program-access';

// The GeoKeeper types' server rules (docs/geokeeper.md): program access kept as grants, field
// data's trip, work item and lock, a form's machine name, and the COMMUNITY-only org setting.

const MACHINE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

async function formDefBeforeWrite(_tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete' || !('machineName' in ctx.data)) return;
  const name = after(ctx, 'machineName');
  if (typeof name === 'string' && !MACHINE_NAME.test(name))
    throw new AppError('invalidInput', `machine name ${name}`, {
      fields: [{ path: 'machineName', key: 'errors.geokeeperMachineName' }],
    });
}

export const geokeeperHooks: ModuleHooks = {
  GeoKeeperProgram: { afterWrite: programAfterWrite },
  GeoKeeperWorkItem: { afterWrite: workItemAfterWrite },
  GeoKeeperReference: { afterWrite: childAfterWrite },
  GeoKeeperFormDef: {
    beforeWrite: async (tx, ctx) => {
      await formDefBeforeWrite(tx, ctx);
      await formDefVersionsBeforeWrite(tx, ctx);
    },
    afterWrite: childAfterWrite,
  },
  GeoKeeperFieldData: {
    // The record's own rules (the lock first), then its answers against its form (server/forms/).
    beforeWrite: async (tx, ctx) => {
      await fieldDataBeforeWrite(tx, ctx);
      await answersBeforeWrite(tx, ctx);
    },
    afterWrite: fieldDataAfterWrite,
  },
  Organization: { beforeWrite: orgBeforeWrite },
};
