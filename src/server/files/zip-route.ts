import type { FastifyInstance } from 'fastify';
import { MAX_INPUT_DEPTH } from '../../protocol/constants';
import { ZIP_NAMES, type ZipName } from '../../protocol/files';
import { findInputProblem } from '../../protocol/input-limits';
import { inputError } from '../http/inbound-guard';
import { SearchQuery } from '../../protocol/query';
import { requestPrincipal } from '../http/item-fallback';
import { UserSlots } from '../http/user-slots';
import { AppError } from '../../protocol/errors';
import type { Services } from '../services';
import { contentDisposition } from './names';
import { planAttachmentsZip, writeAttachmentsZip } from './zip-export';

// GET /api/attachments-zip?q=<search query JSON>&name=archive-attachments.zip: the zip export as
// a streamed download, for signed-in people. Nothing readable (or not signed in) is a 404, so
// an empty zip never tells whether hidden files exist. A closed connection stops the export.

/**
 * Attachments zips one user may be downloading at once from this node: each reads every file it
 * holds from storage and deflates it, so a loop of requests would take the node's disk and CPU
 * from every community. Two lets a person fetch one while another is still coming.
 */
export const ZIP_DOWNLOADS_PER_USER = 2;

export function zipRoute(app: FastifyInstance, s: Services): void {
  const downloading = new UserSlots(ZIP_DOWNLOADS_PER_USER);
  app.get<{ Querystring: { q?: string; name?: string } }>('/api/attachments-zip', async (req, reply) => {
    const p = await requestPrincipal(s, req).catch(() => null);
    const notFound = () =>
      reply
        .code(404)
        .header('cache-control', 'private, no-store')
        .send({ erred: true, userMessage: 'notFound' });
    if (!p?.userId) return notFound();
    const name = (req.query.name ?? 'archive-attachments.zip') as ZipName;
    if (!(ZIP_NAMES as readonly string[]).includes(name))
      return reply.code(400).send({ erred: true, userMessage: 'invalidInput', sysMessage: 'name' });
    let raw: unknown;
    try {
      raw = req.query.q ? JSON.parse(req.query.q) : {};
    } catch {
      raw = null;
    }
    // The query string itself was checked by the inbound guard; the JSON inside it is checked here
    // (a \u0000 escape, or deep nesting, only appears once it is parsed).
    const unsafe = findInputProblem(raw, MAX_INPUT_DEPTH);
    if (unsafe) return reply.code(400).send(inputError(unsafe).toBody());
    const parsed = SearchQuery.safeParse(raw);
    if (!parsed.success)
      return reply.code(400).send({ erred: true, userMessage: 'invalidInput', sysMessage: 'q' });
    const q: SearchQuery = parsed.data;
    const release = downloading.take(p.userId);
    if (!release)
      return reply
        .code(429)
        .header('retry-after', '10')
        .header('cache-control', 'private, no-store')
        .send(new AppError('tooManyDownloads', `at most ${ZIP_DOWNLOADS_PER_USER} at once`).toBody());
    reply.raw.once('close', release);
    const plan = await planAttachmentsZip(s, p, q).catch((e: unknown) => {
      release();
      throw e;
    });
    if (plan.length === 0) return notFound();
    const abort = new AbortController();
    req.raw.on('close', () => {
      if (!reply.raw.writableFinished) abort.abort(new Error('client went away'));
    });
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition('attachment', name),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    try {
      await writeAttachmentsZip({
        services: s,
        principal: p,
        query: q,
        name,
        out: reply.raw,
        signal: abort.signal,
        plan,
      });
    } catch (err) {
      if (!abort.signal.aborted) req.log.error({ err }, 'zip export failed');
      reply.raw.destroy();
    }
  });
}
