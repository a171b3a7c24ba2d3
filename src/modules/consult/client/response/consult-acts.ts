// How the response screens read an act's refusal (they call the acts through the typed
// `client.act`, consult/contract.ts).

/** A request's refusal as the client's RequestError carries it (read by shape: pure, testable). */
export interface Refusal {
  userMessage: string;
  fields: readonly { path: string; key: string }[];
}

export function asRefusal(e: unknown): Refusal | null {
  if (!e || typeof e !== 'object') return null;
  const o = e as { userMessage?: unknown; fields?: unknown };
  if (typeof o.userMessage !== 'string') return null;
  return {
    userMessage: o.userMessage,
    fields: Array.isArray(o.fields) ? (o.fields as Refusal['fields']) : [],
  };
}

/** A failure's catalogue key (errors.*), for an error shown next to what failed. */
export function errorKey(e: unknown): string {
  const r = asRefusal(e);
  return r ? `errors.${r.userMessage}` : 'errors.generalFailure';
}
