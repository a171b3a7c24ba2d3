import type { SocketClient } from '../../../../client/module-api';

// The consultation acts as the response screens call them. The consult contract (contract.ts)
// is written at the same time as these screens; until its acts are in the app's typed contract
// they go through the untyped request path with the same wire address (`act/{name}`).
// TODO(lead, after the merge): switch these to `client.act(name, body)` for the typed bodies.

export type ConsultActName = 'cnsAssign' | 'cnsUnassign' | 'rwfSendResponse' | 'rwfRecordOffline';

export function consultAct<T = unknown>(
  client: SocketClient,
  name: ConsultActName,
  body: Record<string, unknown>,
) {
  return client.request<T>(`act/${name}`, body);
}

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
