// What an overlay act's refusal means to the person (read by shape from the client's RequestError).

export function overlayErrorKey(e: unknown): string {
  const o = (e && typeof e === 'object' ? e : {}) as { userMessage?: unknown; fields?: unknown };
  const fields = Array.isArray(o.fields) ? (o.fields as { path?: string }[]) : [];
  if (fields.some((f) => f.path === 'projectArea')) return 'spatial.overlay.noProjectArea';
  if (fields.some((f) => f.path === 'proponent')) return 'spatial.overlay.noProponent';
  if (fields.some((f) => f.path === 'buffer')) return 'spatial.overlay.badBuffer';
  return typeof o.userMessage === 'string' ? `errors.${o.userMessage}` : 'spatial.overlay.failed';
}

/**
 * What a failed overlay task means to the person (its Task's errorKey, spec core §7). The run
 * checks access again as the starter is when it runs: a refusal then means access was lost since.
 */
export function taskErrorKey(errorKey: string): string {
  if (errorKey === 'notFound' || errorKey === 'notAllowed') return 'spatial.overlay.noLongerAllowed';
  return `errors.${errorKey}`;
}
