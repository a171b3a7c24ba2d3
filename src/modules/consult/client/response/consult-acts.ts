import { RequestError, type SocketClient } from '../../../../client/module-api';

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

/** A failure's catalogue key (errors.*), for an error shown next to what failed. */
export function errorKey(e: unknown): string {
  return e instanceof RequestError ? `errors.${e.userMessage}` : 'errors.generalFailure';
}
