import type { FastifyInstance } from 'fastify';
import { MAX_INPUT_DEPTH } from '../../protocol/constants';
import { ZIP_NAMES, type ZipName } from '../../protocol/files';
import { findInputProblem } from '../../protocol/input-limits';
import { inputError } from '../http/inbound-guard';
import { SearchQuery } from '../../protocol/query';
import { requestPrincipal } from '../http/item-fallback';
import type { Services } from '../services';
import { contentDisposition } from './names';
import { planAttachmentsZip, writeAttachmentsZip } from './zip-export';

// GET /api/attachments-zip?q=<search query JSON>&name=archive-attachments.zip: the zip export as
// a streamed download, for signed-in people. Nothing readable (or not signed in) is a 404, so
// an empty zip never tells whether hidden files exist. A closed connection stops the export.

export function zipRoute(app: FastifyInstance, s: Services): void {
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
    const plan = await planAttachmentsZip(s, p, q);
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
