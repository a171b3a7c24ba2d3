import { capabilityNames } from '../../../kernel/capabilities';
import { AppError, type BeforeWriteContext, type Executor } from '../../../server/module-api';
import { GEOKEEPER_CAPABILITY } from '../views';
import { after } from './field-data';

/**
 * The GeoKeeper setting of an organisation (its capability, which every member then holds) is
 * only for COMMUNITY organisations (spec §6): field data is a community's own monitoring. Refused
 * whichever comes first, the capability on another type or the type changed under it.
 */
export async function orgBeforeWrite(_tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  if (!('capabilities' in ctx.data) && !('type' in ctx.data)) return;
  if (!capabilityNames(after(ctx, 'capabilities')).includes(GEOKEEPER_CAPABILITY)) return;
  if (after(ctx, 'type') === 'COMMUNITY') return;
  throw new AppError('invalidInput', 'GeoKeeper is a setting of COMMUNITY organisations only', {
    fields: [{ path: 'capabilities', key: 'errors.geokeeperCommunityOnly' }],
  });
}
