import type { FastifyInstance } from 'fastify';
import { effectiveOverrides, LANGUAGE_RE } from '../admin/locale-store';
import type { Services } from '../services';

/**
 * GET /locale-overrides/{language}: wording merged over the bundled English. The admin text
 * editor (admin.systext) stores it in the database; DATA_DIR/locale-overrides/{language}.json
 * files still count underneath, so a seeded translation keeps working. Public: the sign-in page
 * needs its wording too, and interface text is not item data.
 */
export function localeOverrideRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { language: string } }>('/locale-overrides/:language', async (req, reply) => {
    const lang = req.params.language;
    if (!LANGUAGE_RE.test(lang))
      return reply.code(400).send({ erred: true, userMessage: 'invalidInput', sysMessage: 'language' });
    const body = await effectiveOverrides(services.database.db, services.config.dataDir, lang);
    return reply.header('cache-control', 'no-cache').send(body);
  });
}
