// A minimal tus 1.0 client over fetch: only what the protocol says, so the tests check the
// server against the protocol and not against Uppy.

export interface TusCreate {
  status: number;
  location: string | null;
  body: string;
}

const b64 = (v: string) => Buffer.from(v, 'utf8').toString('base64');

function authHeaders(token: string | null): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

export async function tusCreate(
  baseUrl: string,
  token: string | null,
  length: number,
  meta: Record<string, string>,
): Promise<TusCreate> {
  const res = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: {
      ...authHeaders(token),
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
  const location = res.headers.get('location');
  return {
    status: res.status,
    location: location ? new URL(location, baseUrl).href : null,
    body: await res.text(),
  };
}

export async function tusPatch(url: string, token: string | null, offset: number, bytes: Uint8Array) {
  const res = await fetch(url, {
    method: 'PATCH',
    headers: {
      ...authHeaders(token),
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  await res.arrayBuffer();
  return res;
}

export async function tusHead(url: string, token: string | null) {
  const res = await fetch(url, {
    method: 'HEAD',
    headers: { ...authHeaders(token), 'tus-resumable': '1.0.0' },
  });
  return { status: res.status, offset: Number(res.headers.get('upload-offset') ?? -1) };
}

/** Creates and sends a whole file; returns the finishing response's headers. */
export async function tusUpload(
  baseUrl: string,
  token: string,
  bytes: Uint8Array,
  meta: Record<string, string>,
): Promise<{ attachmentId: string; uppyId: string; url: string }> {
  const c = await tusCreate(baseUrl, token, bytes.length, meta);
  if (c.status !== 201 || !c.location) throw new Error(`create failed: ${c.status} ${c.body}`);
  const res = await tusPatch(c.location, token, 0, bytes);
  if (res.status !== 204) throw new Error(`patch failed: ${res.status}`);
  return {
    attachmentId: res.headers.get('attachment-id') ?? '',
    uppyId: res.headers.get('attachment-uppy-id') ?? '',
    url: c.location,
  };
}
