import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../protocol/errors';
import { query } from '../db/query';
import { loadRows, type ItemRow } from '../items/rows';
import type { Services } from '../services';
import { requestPrincipal } from './item-fallback';
import { lovKeysInUse } from './lov-in-use';

/** `superState`: where a value of a list of states stands (LOVValue.superState), when it says. */
type LovEntry = { $id: string; t: Record<string, string>; label: string; state: string; superState?: string };

/**
 * GET /lov/{locale}/{listName}[/{ownerId}]: lists of values keyed by owner, then by key,
 * with only the values the caller may read (the policy decides, as everywhere), and those that
 * stand on an item the caller may read (lov-in-use.ts).
 */
export function lovRoutes(app: FastifyInstance, s: Services): void {
  const handler = async (
    req: { params: { locale: string; list: string; owner?: string } },
    reply: FastifyReply,
    raw: FastifyRequest,
  ) => {
    let principal;
    try {
      principal = await requestPrincipal(s, raw);
    } catch (e) {
      return reply.code(401).send((e as AppError).toBody());
    }
    const { locale, list, owner } = req.params;
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(list))
      return reply.code(400).send(new AppError('invalidInput', 'list').toBody());
    const ids = await query<{ id: string }>(
      s.items.db,
      owner
        ? sql`select id from items where type = 'LOVValue' and not deleted and data->>'list' = ${list} and owner = ${owner} order by id limit 5000`
        : sql`select id from items where type = 'LOVValue' and not deleted and data->>'list' = ${list} order by id limit 5000`,
    );
    const rows = await loadRows(
      s.items.db,
      ids.map((r) => r.id),
    );
    const load = s.items.loaderFor(s.items.db);
    const out: Record<string, Record<string, LovEntry>> = {};
    const readable: ItemRow[] = [];
    const hidden: ItemRow[] = [];
    for (const row of rows.values())
      ((await s.policy.can(principal, 'read', row, load)) ? readable : hidden).push(row);
    const owners = [...new Set(hidden.map((r) => r.owner).filter((o): o is string => !!o))];
    const inUse = await lovKeysInUse(s.items.db, s.registry, principal, list, owners);
    const shown = hidden.filter((r) => inUse.get(r.owner ?? '')?.has(String(r.data.key ?? '')));
    for (const row of [...readable, ...shown]) {
      const key = String(row.data.key ?? '');
      const t = (row.data.t ?? {}) as Record<string, string>;
      (out[row.owner ?? ''] ??= {})[key] = {
        $id: row.id,
        t,
        label: t[locale] ?? t.en ?? key,
        state: String(row.data.state ?? 'ACTIVE'),
        ...(typeof row.data.superState === 'string' ? { superState: row.data.superState } : {}),
      };
    }
    return reply.header('cache-control', 'private, no-cache').send(out);
  };
  app.get<{ Params: { locale: string; list: string } }>('/lov/:locale/:list', (req, reply) =>
    handler(req, reply, req),
  );
  app.get<{ Params: { locale: string; list: string; owner: string } }>(
    '/lov/:locale/:list/:owner',
    (req, reply) => handler(req, reply, req),
  );
}
