// What an overlay act's refusal means to the person (read by shape from the client's RequestError).

export function overlayErrorKey(e: unknown): string {
  const o = (e && typeof e === 'object' ? e : {}) as { userMessage?: unknown; fields?: unknown };
  const fields = Array.isArray(o.fields) ? (o.fields as { path?: string }[]) : [];
  if (fields.some((f) => f.path === 'projectArea')) return 'spatial.overlay.noProjectArea';
  if (fields.some((f) => f.path === 'proponent')) return 'spatial.overlay.noProponent';
  if (fields.some((f) => f.path === 'buffer')) return 'spatial.overlay.badBuffer';
  return typeof o.userMessage === 'string' ? `errors.${o.userMessage}` : 'spatial.overlay.failed';
}
