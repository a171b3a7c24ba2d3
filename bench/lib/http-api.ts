/**
 * A bench's HTTP client of its server child, signed in: the item call (`POST /api/item`, which
 * throws on an erred reply) and a tus upload in one PATCH. The benches that drive a real server
 * over HTTP share it (files, spatial-import, research-gedcom).
 */
export async function httpApi(base: string, email: string, password: string) {
  const signIn = await fetch(`${base}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = signIn.headers.get('token');
  if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
  const auth = { authorization: `Bearer ${token}` };

  const call = async (o: string, b: unknown): Promise<Record<string, unknown>> => {
    const r = await fetch(`${base}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ o, b }),
    });
    const j = (await r.json()) as { data: Record<string, unknown> };
    if ((j.data as { erred?: boolean }).erred) throw new Error(`${o}: ${JSON.stringify(j.data)}`);
    return j.data;
  };

  const upload = async (name: string, rel: string, bytes: Uint8Array): Promise<void> => {
    const meta = `rel ${Buffer.from(rel).toString('base64')},filename ${Buffer.from(name).toString('base64')}`;
    const c = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': meta,
      },
    });
    if (c.status !== 201) throw new Error(`upload create: ${c.status}`);
    const url = new URL(String(c.headers.get('location')), base).href;
    const p = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
    if (p.status !== 204) throw new Error(`upload patch: ${p.status}`);
  };

  return { auth, call, upload };
}
