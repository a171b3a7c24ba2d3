import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../protocol/errors';
import { InboundFrame, replyOp } from '../../protocol/frames';
import type { Principal } from '../access/principal';
import type { Services } from '../services';
import { safeName } from '../tasks/task-service';
import { dispatch, errorBody } from '../ws/dispatch';
import { assertSafeInput } from './inbound-guard';
import { requestPrincipal } from './item-fallback';

/** The request header that asks POST /api/item for a streamed reply (spec core §7). */
export const STREAM_REQUEST_HEADER = 'stream-reply';
export const STREAM_KEY_HEADER = 'stream-key';
export const STREAM_DONE_HEADER = 'stream-done';

async function principalOr401(
  s: Services,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal | null> {
  try {
    return await requestPrincipal(s, req);
  } catch (e) {
    await reply.code(401).send({ data: errorBody(e) });
    return null;
  }
}

/**
 * Task results (/api/task-result/{key}/{file}, only to the task's starter), streamed replies
 * (POST /api/item with the stream-reply header, then GET /api/stream/{key}) and the content of
 * lrg/ pushes (GET /ws-lrg/{key}).
 */
export function taskRoutes(app: FastifyInstance, s: Services) {
  app.get<{ Params: { key: string; file: string } }>('/api/task-result/:key/:file', async (req, reply) => {
    const p = await principalOr401(s, req, reply);
    if (!p) return reply;
    // Only the starter downloads (found by key and starter together); to anyone else the
    // result does not exist.
    const row = await s.tasks.started(p, req.params.key);
    if (!row || row.createdBy !== p.userId || row.data.resultURI === undefined)
      return reply.code(404).send({ data: new AppError('notFound', 'no such result').toBody() });
    const name = safeName(req.params.file);
    const file = path.join(s.tasks.dir, req.params.key.replace(/[^A-Za-z0-9_-]/g, ''), name);
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      return reply.code(404).send({ data: new AppError('notFound', 'the result is gone').toBody() });
    }
    const type = name.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream';
    return reply
      .header('content-type', type)
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file));
  });

  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'POST' || req.url !== '/api/item' || !req.headers[STREAM_REQUEST_HEADER]) return;
    const frame = InboundFrame.safeParse(req.body);
    if (!frame.success) return; // the ordinary route answers the bad message
    const p = await principalOr401(s, req, reply);
    if (!p) return reply;
    const { o, b } = frame.data;
    const seq = frame.data.s === undefined ? undefined : String(frame.data.s);
    const key = await s.largeReplies.put(p.userId, null);
    // As the fallback route does (it checks its own body): a bad body is this request's error.
    void Promise.resolve()
      .then(() => assertSafeInput(req.body, 'b'))
      .then(() => dispatch({ services: s, principal: p, session: null, op: o, body: b }))
      .then((data) => ({ o: replyOp(o), s: seq, data }))
      .catch((e: unknown) => ({ o: replyOp(o), s: seq, data: errorBody(e) }))
      .then((msg) => s.largeReplies.finish(key, JSON.stringify(msg)))
      .catch((err: unknown) => req.log.error({ err }, 'keeping a streamed reply failed'));
    return reply.code(202).header(STREAM_KEY_HEADER, key).header(STREAM_DONE_HEADER, 'false').send({});
  });

  app.get<{ Params: { key: string } }>('/api/stream/:key', async (req, reply) => {
    const p = await principalOr401(s, req, reply);
    if (!p) return reply;
    const got = await s.largeReplies.take(req.params.key, p.userId);
    if (!got) return reply.code(404).send({ data: new AppError('notFound', 'no such stream').toBody() });
    reply.header(STREAM_DONE_HEADER, String(got.done)).header('cache-control', 'no-store');
    if (!got.done) return reply.code(200).send({});
    return reply.header('content-type', 'application/json').send(got.body);
  });

  app.get<{ Params: { key: string } }>('/ws-lrg/:key', async (req, reply) => {
    const p = await principalOr401(s, req, reply);
    if (!p) return reply;
    const got = await s.largeReplies.take(req.params.key, p.userId);
    if (!got?.done) return reply.code(404).send({ data: new AppError('notFound', 'no such reply').toBody() });
    return reply
      .header('content-type', 'application/json')
      .header('cache-control', 'no-store')
      .send(got.body);
  });
}
