import { z } from 'zod';

// Wire frames on /ws (spec core §7). `s` is a sequence number sent as a string;
// numbers are accepted and echoed back as strings.
export const InboundFrame = z.object({
  o: z.string().min(1).max(512),
  b: z.unknown().optional(),
  s: z.union([z.string().max(32), z.number().int()]).optional(),
  v: z.string().max(64).optional(),
});
export type InboundFrame = z.infer<typeof InboundFrame>;

export interface OutboundFrame {
  o: string;
  b: unknown;
  s?: string;
}

/** The reply operation for a request: most replies echo the request's `o`. */
export function replyOp(op: string): string {
  if (op === 'tokenAuth') return 'authed';
  if (op === 'ping') return 'pong';
  if (op === 'nextToken') return 'newToken';
  return op;
}

/** Frames the server sends unasked (no `s`): the client and the fuzz tell them from replies by name. */
export const PUSH_OPS = [
  'authed',
  'tokenWarning',
  'newToken',
  'itemUpdated',
  'item/update',
  'item/action',
  'item/notify',
  'updated',
  'taskUpdate',
  'taskComplete',
  'localeOverrides',
  'menuItems',
] as const;
