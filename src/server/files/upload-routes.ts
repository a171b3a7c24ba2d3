import type { IncomingMessage } from 'node:http';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_PATH } from '../../protocol/files';
import type { Principal } from '../access/principal';
import { requestPrincipal } from '../http/item-fallback';
import { UserSlots } from '../http/user-slots';
import { AppError } from '../../protocol/errors';
import type { Services } from '../services';
import { finishUpload, uploadTarget } from './finish-upload';
import { SharedUploadLocker } from './upload-locker';
import { isFileId } from './storage';

// tus resumable uploads at /api/upload (DESIGN §2). Fastify authenticates every request; the
// creation checks that the caller may update the parent before a byte is accepted; every later
// HEAD, PATCH or DELETE must come from the same user; bytes stream to disk, never to memory.
// Upload locks live in the shared database (upload-locker.ts), so a resumed upload may reach
// any node.

/**
 * Requests sending a file's bytes (PATCH, or a POST that carries them) one user may have open at
 * once on this node: Uppy sends up to five files side by side, so six never stops a person; a
 * script opening hundreds of streams to fill the node's disk and sockets gets tooManyUploads.
 */
export const UPLOADS_IN_FLIGHT_PER_USER = 6;

/** The principal of each request handed to tus, keyed by Node's own request object. */
const principals = new WeakMap<IncomingMessage, Principal>();

interface TusError {
  status_code: number;
  body: string;
}
const fail = (status_code: number, body: string): TusError => ({ status_code, body });

function principalOf(req: { runtime?: { node?: { req?: IncomingMessage } } }): Principal | undefined {
  const raw = req.runtime?.node?.req;
  return raw ? principals.get(raw) : undefined;
}

function makeTusServer(app: FastifyInstance, s: Services, locker: SharedUploadLocker): TusServer {
  return new TusServer({
    path: UPLOAD_PATH,
    datastore: s.files.store,
    locker,
    maxSize: s.config.uploadMaxBytes,
    relativeLocation: true,
    exposedHeaders: ['Attachment-Id', 'Attachment-Uppy-Id'],
    async onUploadCreate(req, upload) {
      const p = principalOf(req as never);
      if (!p?.userId) throw fail(401, 'sign in to upload\n');
      const meta = upload.metadata ?? {};
      const target = await uploadTarget(s, p, meta);
      if (!target.ok) throw fail(target.status, `${target.reason}\n`);
      // The owner is the server's word, not the client's: later requests are checked against it.
      return { metadata: { ...meta, ...target.metadata, owner: p.userId } };
    },
    async onUploadFinish(_req, upload: Upload) {
      const att = await finishUpload(s, upload);
      return { headers: { 'Attachment-Id': att.$id, 'Attachment-Uppy-Id': att.uppyID } };
    },
    onResponseError(_req, err) {
      if ('status_code' in err) return undefined;
      app.log.error({ err }, 'upload failed');
      return { status_code: 500, body: 'upload failed\n' };
    },
  });
}

export function uploadRoutes(app: FastifyInstance, s: Services): void {
  const files = s.files;
  // Made on the first upload request, so a node that never takes a file creates no directories.
  let tus: TusServer | null = null;
  const locker = new SharedUploadLocker(s.database);
  const inFlight = new UserSlots(UPLOADS_IN_FLIGHT_PER_USER);
  const tusServer = (): TusServer => (tus ??= makeTusServer(app, s, locker));
  app.addHook('onClose', () => locker.close());

  const sweep = setInterval(() => {
    files.removeExpired().catch((err: unknown) => app.log.warn({ err }, 'removing expired uploads failed'));
  }, 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Bytes of a PATCH are tus's to read as a stream: Fastify must not buffer or parse them.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const handler = async (req: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    let p: Principal;
    try {
      p = await requestPrincipal(s, req);
    } catch {
      return reply.code(401).send('sign in to upload\n');
    }
    const id = req.params.id;
    if (req.method === 'GET') return reply.code(404).send('not found\n');
    if (id !== undefined) {
      if (!isFileId(id) || req.method === 'POST') return reply.code(404).send('not found\n');
      if (req.method !== 'OPTIONS') {
        // Only the user who began an upload may see or continue it.
        const owner = await files.store
          .getUpload(id)
          .then((u) => u.metadata?.owner ?? null)
          .catch(() => null);
        if (!p.userId || owner !== p.userId) return reply.code(404).send('not found\n');
      }
    } else if (req.method !== 'POST' && req.method !== 'OPTIONS') {
      return reply.code(405).send('method not allowed\n');
    }
    if (p.userId && (req.method === 'PATCH' || req.method === 'POST')) {
      const release = inFlight.take(p.userId);
      if (!release)
        return reply
          .code(429)
          .header('retry-after', '10')
          .send(new AppError('tooManyUploads', `at most ${UPLOADS_IN_FLIGHT_PER_USER} at once`).toBody());
      reply.raw.once('close', release);
    }
    principals.set(req.raw, p);
    reply.hijack();
    try {
      await tusServer().handle(req.raw, reply.raw);
    } catch (err) {
      req.log.error({ err }, 'tus handler failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
    }
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS', 'GET'] as const;
  app.route({ method: [...methods], url: UPLOAD_PATH, handler });
  app.route({ method: [...methods], url: `${UPLOAD_PATH}/:id`, handler });
}
