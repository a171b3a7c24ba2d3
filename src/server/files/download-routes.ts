import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_VARIANTS, isInlineMime, type ImageVariant } from '../../protocol/files';
import { isCompleteId } from '../../protocol/ids';
import { ANONYMOUS, type Principal } from '../access/principal';
import { query } from '../db/query';
import { requestPrincipal } from '../http/item-fallback';
import type { ItemRow } from '../items/rows';
import type { Services } from '../services';
import { mayServe, servableAttachment, attachmentRow } from './attachments';
import { contentDisposition } from './names';
import { fileKey } from './storage';
import { canMakeVariants, variantFile, variantType } from './variants';

// Attachment media (spec core §7): /attachment/{id}[/{filename}], /attachment/{uppyID}?variant=,
// /item-id-image/{itemId}?variant= and /item-uuid-image/{uuid}?variant=. Every path answers
// 404 unless the policy lets the caller read the attachment, whoever asks and however.

type Req = FastifyRequest<{
  Params: Record<string, string>;
  Querystring: { variant?: string; download?: string };
}>;

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header('cache-control', 'private, no-store')
    .send({ erred: true, userMessage: 'notFound', sysMessage: 'not found' });

/** A bad or expired token is a signed-out visitor here: the answer is 404 either way. */
async function principal(s: Services, req: FastifyRequest): Promise<Principal> {
  return requestPrincipal(s, req).catch(() => ANONYMOUS);
}

function parseVariant(v: string | undefined): ImageVariant | null | 'bad' {
  if (v === undefined || v === '') return null;
  return (IMAGE_VARIANTS as readonly string[]).includes(v) ? (v as ImageVariant) : 'bad';
}

export function downloadRoutes(app: FastifyInstance, s: Services): void {
  const attachment = async (req: Req, reply: FastifyReply) => {
    const p = await principal(s, req);
    const variant = parseVariant(req.query.variant);
    const row = await servableAttachment(s, p, req.params.id ?? '');
    if (!row || variant === 'bad') return notFound(reply);
    return sendAttachment(s, req, reply, row, variant);
  };
  app.get('/attachment/:id', attachment);
  app.get('/attachment/:id/:filename', attachment);

  const itemImage = async (req: Req, reply: FastifyReply, itemId: string | null) => {
    const p = await principal(s, req);
    const variant = parseVariant(req.query.variant);
    if (!itemId || variant === 'bad') return notFound(reply);
    const item = await s.items.readRow(itemId);
    if (!item || item.deleted || !(await s.items.canRow(p, 'read', item))) return notFound(reply);
    const row = await itemImageRow(s, p, item);
    if (!row) return notFound(reply);
    return sendAttachment(s, req, reply, row, variant);
  };
  app.get('/item-id-image/:itemId', (req: Req, reply) => {
    const id = req.params.itemId ?? '';
    return itemImage(req, reply, isCompleteId(id) ? id : null);
  });
  app.get('/item-uuid-image/:uuid', async (req: Req, reply) => {
    const uuid = req.params.uuid ?? '';
    if (!/^[A-Za-z0-9-]{1,100}$/.test(uuid)) return notFound(reply);
    const [hit] = await query<{ id: string }>(s.items.db, itemByUuid(uuid));
    return itemImage(req, reply, hit?.id ?? null);
  });
}

/**
 * The item a legacy uuid names. Anyone may ask, signed in or not, so it must cost an index
 * look-up, never a scan of every item: migration 0018 indexes both keys where they are set, and
 * each `=` here implies its index's `is not null`, so the planner takes them (issue 36).
 */
export const itemByUuid = (uuid: string) =>
  sql`select id from items where not deleted and (data->>'_uuid' = ${uuid} or data->>'uuid' = ${uuid}) order by id limit 1`;

/**
 * The image of an item: its first `file` property holding a readable image, else its oldest
 * image attachment that is not in the trash.
 */
async function itemImageRow(s: Services, p: Principal, item: ItemRow): Promise<ItemRow | undefined> {
  if (item.type === 'Attachment')
    return (await mayServe(s, p, item)) && canMakeVariants(item.data.filetype) ? item : undefined;
  const t = s.registry.type(item.type);
  for (const [name, prop] of Object.entries(t?.properties ?? {})) {
    const v = item.data[name];
    if (prop.kind !== 'file' || typeof v !== 'string' || !v) continue;
    const row = await attachmentRow(s, v);
    if (row && row.data.rel === item.id && canMakeVariants(row.data.filetype) && (await mayServe(s, p, row)))
      return row;
  }
  const ids = await query<{ id: string }>(
    s.items.db,
    sql`select id from items where type = 'Attachment' and not deleted and data->>'rel' = ${item.id}
      and data->>'mimeGroup' = 'image' and coalesce(data->>'trashed', 'false') <> 'true' order by num limit 20`,
  );
  for (const { id } of ids) {
    const row = await s.items.readRow(id);
    if (row && canMakeVariants(row.data.filetype) && (await mayServe(s, p, row))) return row;
  }
  return undefined;
}

async function sendAttachment(
  s: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  row: ItemRow,
  variant: ImageVariant | null,
) {
  const fileID = String(row.data.fileID ?? '');
  let key: string;
  let type = String(row.data.filetype ?? 'application/octet-stream');
  let name = String(row.data.originalName ?? 'file');
  try {
    if (variant) {
      if (!canMakeVariants(type)) return notFound(reply);
      key = await variantFile(s.files, fileID, variant);
      type = variantType(variant);
      name = `${name.replace(/\.[^.]*$/, '')}-${variant}.${variant === 'webp' ? 'webp' : 'jpg'}`;
    } else key = fileKey(fileID);
  } catch (err) {
    req.log.warn({ err, id: row.id }, 'attachment bytes or variant unavailable');
    return notFound(reply);
  }
  const info = await s.files.stat(key).catch(() => null);
  if (!info) return notFound(reply);
  // The bytes behind a fileID never change, so the id and size make a strong validator.
  const etag = `"${fileID}${variant ? `-${variant}` : ''}-${info.size}"`;
  reply
    .header('etag', etag)
    // private: never in a shared cache; no-cache: the browser asks again, and the access check runs again.
    .header('cache-control', 'private, no-cache')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('last-modified', info.mtime.toUTCString());
  // ?download=1 asks for a save dialog even for media the browser could show.
  const inline = isInlineMime(type) && (req.query as { download?: string }).download !== '1';
  if (!inline) reply.header('content-security-policy', "sandbox; default-src 'none'");
  reply.header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name));
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();

  let start = 0;
  let end = info.size - 1;
  const range = req.headers.range;
  const ifRange = req.headers['if-range'];
  if (range && (!ifRange || ifRange === etag)) {
    const r = parseRange(range, info.size);
    if (r === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${info.size}`).send();
    if (r) {
      [start, end] = r;
      reply.code(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
    }
  }
  reply.type(type).header('content-length', String(Math.max(0, end - start + 1)));
  if (req.method === 'HEAD' || info.size === 0) return reply.send('');
  try {
    return reply.send(await s.files.read(key, { start, end }));
  } catch (err) {
    // Purged between the stat and the read.
    req.log.warn({ err, id: row.id }, 'attachment bytes unavailable');
    return notFound(reply);
  }
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; several ranges are served whole. */
export function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}
