import type { SocketClient } from '../../../../client/module-api';

// The consultation acts the screens call (consult/contract.ts; docs/consultation.md).
// TODO(lead): once the consult contract is merged, switch these to the typed
// `client.act(name, body)`; until then the untyped request path sends the same `act/{name}`.
export type ConsultActName =
  | 'cnsSubmit'
  | 'cnsReview'
  | 'cnsMarkIncomplete'
  | 'cnsDistribute'
  | 'cnsWithdraw'
  | 'cnsClose'
  | 'cnsCreateOrganization';

export function consultAct<R = { $id: string; state?: string }>(
  client: SocketClient,
  name: ConsultActName,
  body: Record<string, unknown>,
): Promise<R> {
  return client.request<R>(`act/${name}`, body);
}
