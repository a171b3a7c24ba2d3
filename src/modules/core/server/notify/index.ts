import type { ServerModule } from '../../../../server/module-api';
import { scheduleDigest } from './digest-job';
import { startImmediateMailer } from './mail';
import { notifyFollowers, readNotifyPrefsAhead } from './notifier';
import { pushNewNotify } from './push';
import { bumpThread, stampNewThread } from './thread-activity';

/**
 * Core's notifications as parts of its server module: the write hooks (thread activity, then
 * who is notified), the `item/notify` push on commit, and the mail timer and digest schedule.
 */
export const notifyServer: Pick<ServerModule, 'hooks' | 'onCommitted' | 'start'> = {
  hooks: {
    Thread: { beforeWrite: stampNewThread },
    Message: { afterWrite: bumpThread },
    '*': { afterWrite: notifyFollowers, readAhead: readNotifyPrefsAhead },
  },
  onCommitted: { Notify: pushNewNotify },
  async start(services, log) {
    await scheduleDigest(services, services.config.notifyDigestCron);
    return startImmediateMailer(services, log, services.config.notifyMailIntervalMs);
  },
};
