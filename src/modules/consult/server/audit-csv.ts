import type { FastifyInstance } from 'fastify';
import { AppError, type Services } from '../../../server/module-api';
import { AUDIT_CSV_NAME, AUDIT_CSV_PATH, auditKindWords } from '../audit';
import { AuditFilter } from '../contract-audit';
import { auditLabels, auditPage, auditScope } from './audit';
import { refuse, routePrincipal } from './route-refusal';

// GET /api/consult/audit.csv?person=&kind=&consultation=&from=&to=: the audit's filtered rows as
// CSV (consult-audit.csv), streamed a page at a time through the same query as the screen
// (auditPage: the read rule in SQL, opens only in the caller's communities), so the file holds
// exactly the rows the screen would page through. The token cookie goes with a plain link.

/** Rows fetched per query while streaming. */
const CSV_PAGE = 500;

export const AUDIT_CSV_COLUMNS = [
  'at',
  'kind',
  'what',
  'item',
  'item_label',
  'consultation',
  'consultation_label',
  'actor',
  'actor_label',
  'real_actor',
  'real_actor_label',
] as const;

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so a spreadsheet does not run it as a formula. */
export function csvCell(v: string | null | undefined): string {
  let s = v ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function auditCsvRoute(app: FastifyInstance, s: Services): void {
  app.get<{ Querystring: Record<string, string> }>(AUDIT_CSV_PATH, async (req, reply) => {
    const p = await routePrincipal(s, req, reply);
    if (!p) return reply;
    if (!p.userId && !p.admin) return refuse(reply, new AppError('identFailed', 'sign in first'));
    const scope = await auditScope(s.items.db, p);
    if (!scope)
      return refuse(reply, new AppError('notAllowed', 'the consultation audit is for community staff'));
    // Empty fields of the screen's form come as `kind=`: the same as leaving them out.
    const raw = Object.fromEntries(Object.entries(req.query).filter(([, v]) => v !== ''));
    const parsed = AuditFilter.safeParse(raw);
    if (!parsed.success)
      return refuse(reply, new AppError('invalidInput', parsed.error.issues[0]?.message ?? 'filters'));
    const filter = parsed.data;
    let closed = false;
    req.raw.on('close', () => {
      if (!reply.raw.writableFinished) closed = true;
    });
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${AUDIT_CSV_NAME}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    const write = async (line: string) => {
      if (!reply.raw.write(line)) await new Promise((r) => reply.raw.once('drain', r));
    };
    try {
      await write(AUDIT_CSV_COLUMNS.join(',') + '\r\n');
      let after: string | undefined;
      do {
        const page = await auditPage(s, p, scope, filter, after, CSV_PAGE);
        const labels = await auditLabels(s, p, page.rows);
        const label = (id: string | null) => (id ? (labels[id] ?? '') : '');
        for (const r of page.rows) {
          const cells = [
            r.at,
            r.kind,
            auditKindWords(r.kind),
            r.itemId,
            label(r.itemId),
            r.consultation,
            label(r.consultation),
            r.actor,
            label(r.actor),
            r.realActor,
            label(r.realActor),
          ];
          await write(cells.map(csvCell).join(',') + '\r\n');
        }
        after = page.next ?? undefined;
      } while (after && !closed);
      reply.raw.end();
    } catch (err) {
      req.log.error({ err }, 'audit csv failed');
      reply.raw.destroy();
    }
  });
}
