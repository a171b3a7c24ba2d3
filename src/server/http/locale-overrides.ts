import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * GET /locale-overrides/{language}: translations merged over the bundled English. They are read
 * from DATA_DIR/locale-overrides/{language}.json; the admin text editor (admin.systext) writes them.
 */
export function localeOverrideRoutes(app: FastifyInstance, cfg: ServerConfig): void {
  app.get<{ Params: { language: string } }>('/locale-overrides/:language', async (req, reply) => {
    const lang = req.params.language;
    if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang))
      return reply.code(400).send({ erred: true, userMessage: 'invalidInput', sysMessage: 'language' });
    const file = path.join(cfg.dataDir, 'locale-overrides', `${lang}.json`);
    const body = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : {};
    return reply.header('cache-control', 'no-cache').send(body);
  });
}
