import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';

// A person's calendar feed of their deadlines and meetings (issue 16 "Calendar feeds";
// docs/calendar-feed.md). The secret link is shown once, when the feed is turned on or renewed.
const Status = z.strictObject({ on: z.boolean(), renewed: z.string().nullable() });

export const feedActs = defineActs({
  /** Whether the caller's feed is on, and since when. */
  calFeedStatus: { body: z.strictObject({}), reply: Status },
  /** Turns the feed on, or replaces its secret (the old link stops working); the new link. */
  calFeedRenew: { body: z.strictObject({}), reply: Status.extend({ url: z.string() }) },
  /** Turns the feed off: the link stops working. */
  calFeedRevoke: { body: z.strictObject({}), reply: Status },
});
