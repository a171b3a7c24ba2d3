import type { SocketClient } from '../../../../client/module-api';
import type { ActBody, ActReply } from '../../../../kernel/act-contract';
import type { ConsultActs } from '../../contract';

// The consultation acts (consult/contract.ts; docs/consultation.md) go through the typed
// `client.act(name, body)`: a body or reply that differs from the contract does not compile.
// The screens call `client.act` directly; this name stays for the create dialog's submit.

export type ConsultActName = keyof ConsultActs & string;

export function consultAct<N extends ConsultActName>(
  client: SocketClient,
  name: N,
  body: ActBody<ConsultActs[N]>,
): Promise<ActReply<ConsultActs[N]>> {
  return client.act(name, body);
}
