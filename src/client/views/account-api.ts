import type { FieldError } from '../../protocol/errors';

export interface AccountResult {
  ok: boolean;
  status: number;
  body: Record<string, unknown> & { userMessage?: string; fields?: FieldError[] };
  token: string | null;
}

/** POSTs to one of the account endpoints (docs/protocol.md "Account flows"). */
export async function postAccount(path: string, body: unknown): Promise<AccountResult> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as AccountResult['body'];
    return { ok: res.ok, status: res.status, body: json, token: res.headers.get('token') };
  } catch {
    return { ok: false, status: 0, body: { userMessage: 'networkError' }, token: null };
  }
}

export function fieldMessage(fields: FieldError[] | undefined, path: string): string | undefined {
  return fields?.find((f) => f.path === path)?.key;
}
