import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, "GET /path 200 12ms", in place of Fastify's two ("incoming request",
 * "request completed") at info. Successes are routine and go at debug (LOG_LEVEL=debug shows
 * them): at the default level a person using the app, whose traffic is mostly the socket, logs
 * nothing per request, and the start-up banner stays on screen. Responses of 400 and over are
 * logged at info, since a refused or failed request is what an operator looks for; a server
 * error's stack is still logged at error (defaultErrorLog). The query string is left out: links
 * may carry one-time tokens. Socket frames are never logged (the upgrade is one request).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.raw.statusCode;
    const path = request.url.split('?', 1)[0];
    const line = `${request.method} ${path} ${status} ${Math.round(reply.elapsedTime)}ms`;
    if (error) reply.log.error({ err: error }, `${line} (${error.message})`);
    else if (status >= 400) reply.log.info(line);
    else reply.log.debug(line);
  }

  /** A 4xx's error is the request line's business; a 5xx's stack still matters. */
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else reply.log.debug({ err: error }, error.message);
  }

  /** The request line says 404 already. */
  override routeNotFound(): void {}
}
