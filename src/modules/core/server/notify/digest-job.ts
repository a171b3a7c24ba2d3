import type { Services } from '../../../../server/module-api';
import { sendDigests } from './mail';

// The daily notification digest as a pg-boss cron job: every node registers the handler, the
// schedule lives in the database, and pg-boss sends each due run once, so exactly one node mails.

export const DIGEST_JOB = 'notify.digest';

/** Registers notify.digest and schedules it on `cron` (UTC, NOTIFY_DIGEST_CRON). */
export async function scheduleDigest(services: Services, cron: string): Promise<void> {
  await services.jobs.register(DIGEST_JOB, async () => {
    await sendDigests(services, new Date());
  });
  await services.jobs.schedule(DIGEST_JOB, cron);
}
