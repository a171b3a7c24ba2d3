import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { WS_MAX_MSG_SIZE, TOKEN_COOKIE } from '../protocol/constants';
import { buildRegistry } from '../kernel/registry';
import type { ModuleManifest } from '../kernel/module';
import { MODULES } from '../modules';
import { buildActs } from './acts';
import { buildCsvResolvers } from './csv-resolvers';
import { buildStepKinds } from './step-kinds';
import { AccessPolicy } from './access/policy';
import { RateLimiter } from './auth/rate-limit';
import type { ServerConfig } from './config';
import type { Database } from './db/open';
import { clientRoutes } from './http/client-assets';
import { localeOverrideRoutes } from './http/locale-overrides';
import { lovRoutes } from './http/lov';
import { accountRoutes } from './http/account-routes';
import { inboundGuard } from './http/inbound-guard';
import { itemFallbackRoute } from './http/item-fallback';
import { signInRoute } from './http/sign-in';
import { originAllowed } from './http/origin';
import { RequestLog } from './http/request-log';
import { ItemService } from './items/item-service';
import { downloadRoutes } from './files/download-routes';
import { makeFileStorage } from './files/storage';
import { uploadRoutes } from './files/upload-routes';
import { zipRoute } from './files/zip-route';
import { SearchService } from './search/search-service';
import { Mailer, type MailLog } from './mail/mailer';
import { startFanout } from './realtime/fanout';
import { startHeartbeat } from './admin/node-heartbeat';
import { startSiteEvents } from './admin/site-events';
import { Jobs, type JobsLog } from './tasks/jobs';
import { startTaskChannel } from './tasks/task-channel';
import { TaskService } from './tasks/task-service';
import { taskRoutes } from './http/task-routes';
import { LargeReplies } from './http/large-replies';
import type { CommittedListener, RunningModule, ServerModule, Services } from './services';
import { loadServerModules } from './server-modules';
import { ensureSearchDataKeys } from './db/search-data-keys';
import { ensureTypeIndexes } from './db/type-indexes';
import { ensureKeptFacets } from './search/kept-facets';
import { Hub } from './ws/hub';
import { serveSocket } from './ws/socket';

/**
 * Fastify's trustProxy from TRUST_PROXY. Fastify 5 trusts nobody for a bare number (it cannot
 * check the nearest peer), so a hop count is proxy-addr's meaning spelt out: the nearest n
 * addresses are our proxies and req.ip is the one before them.
 */
function fastifyTrustProxy(
  t: ServerConfig['trustProxy'],
): boolean | string[] | ((a: string, i: number) => boolean) {
  return typeof t === 'number' ? (_addr, i) => i < t : t;
}

export interface App {
  fastify: FastifyInstance;
  services: Services;
  /** Resolves when every queued change has been pushed (tests use it to wait for quiet). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** A node's services, with the server halves of the listed modules (loadServerModules). */
export function createServices(
  config: ServerConfig,
  database: Database,
  modules: readonly ServerModule[],
  log?: MailLog & JobsLog,
  manifests: readonly ModuleManifest[] = MODULES,
): Services {
  const registry = buildRegistry(manifests);
  const policy = new AccessPolicy(registry);
  const items = new ItemService(database, registry, policy);
  for (const m of modules) if (m.hooks) items.hooks.add(m.hooks);
  const services: Services = {
    config,
    database,
    registry,
    policy,
    items,
    search: new SearchService(items),
    hub: new Hub(),
    acts: buildActs(registry, modules),
    limits: {
      address: new RateLimiter(config.signInPerAddress, 60_000),
      account: new RateLimiter(config.signInPerAccount, 15 * 60_000),
      support: new RateLimiter(config.supportPerHour, 60 * 60_000),
    },
    mailer: new Mailer(config, log),
    files: makeFileStorage(config),
    jobs: new Jobs(database, log ?? console),
    tasks: new TaskService(() => services),
    largeReplies: new LargeReplies(database.db),
    stepKinds: buildStepKinds(registry, modules),
    csvResolvers: buildCsvResolvers(modules),
    startedAt: new Date(),
  };
  return services;
}

/** Every module's committed-change listeners, by type, in module order. */
function committedListeners(modules: readonly ServerModule[]): Map<string, CommittedListener[]> {
  const byType = new Map<string, CommittedListener[]>();
  for (const m of modules)
    for (const [type, fn] of Object.entries(m.onCommitted ?? {}))
      byType.set(type, [...(byType.get(type) ?? []), fn]);
  return byType;
}

/** How long a closing server waits for requests in flight before it cuts their connections. */
export const CLOSE_GRACE_MS = 3_000;

export async function buildApp(
  config: ServerConfig,
  database: Database,
  opts: {
    logger?: boolean;
    logStream?: DestinationStream;
    /** The module list (tests: the list plus a module of their own); default the one list. */
    modules?: readonly ModuleManifest[];
  } = {},
): Promise<App> {
  const fastify = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, stream: opts.logStream },
    // One concise line per request, at debug unless it failed (src/server/http/request-log.ts).
    logController: new RequestLog(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 2 * WS_MAX_MSG_SIZE,
  });
  const modules = await loadServerModules(opts.modules);
  const services = createServices(config, database, modules, fastify.log, opts.modules);
  // The indexes the registered types declare (once made, a no-op).
  await ensureTypeIndexes(database.db, services.registry);
  await ensureSearchDataKeys(database.db, services.registry);
  await ensureKeptFacets(database.db, services.registry);
  await fastify.register(cookie);
  // Before every route: deep nesting or a NUL in a path, query or JSON body is invalidInput.
  inboundGuard(fastify);
  // ws closes a connection whose message is over maxPayload with code 1009 (spec core §9).
  await fastify.register(websocket, { options: { maxPayload: WS_MAX_MSG_SIZE } });
  const fanout = await startFanout(database, services.items, services.hub, fastify.log, {
    services,
    byType: committedListeners(modules),
  });
  const stopSiteEvents = await startSiteEvents(database, services.hub, fastify.log);
  const heartbeat = startHeartbeat(services, fastify.log);
  // ~25 ms once pg-boss's schema is installed (the first start on a database installs it).
  await services.jobs.start();
  for (const m of modules)
    for (const [name, action] of Object.entries(m.asyncActions ?? {}))
      services.tasks.registerAsyncAction(name, action);
  const taskChannel = await startTaskChannel(
    database,
    services.items,
    services.hub,
    services.tasks,
    fastify.log,
  );
  services.tasks.channel = taskChannel;
  await services.tasks.startMaintenance();
  // Each module's own timers and schedules (core: notification mails, the daily digest).
  const running: RunningModule[] = [];
  for (const m of modules) {
    const r = await m.start?.(services, fastify.log);
    if (r) running.push(r);
  }

  fastify.get('/ws', { websocket: true }, (socket, req) => {
    // tokenAuth without a token signs in with the cookie sent on the upgrade; another site's
    // page must not get that (src/server/http/origin.ts), so its socket gets no cookie and
    // such a tokenAuth fails as identFailed. A token in the body still works from anywhere.
    let cookie = req.cookies?.[TOKEN_COOKIE] || null;
    if (cookie && !originAllowed(config, req.headers)) {
      req.log.warn({ origin: req.headers.origin }, 'socket from a foreign origin: its cookie is ignored');
      cookie = null;
    }
    serveSocket(services, socket, req.ip, cookie, fastify.log);
  });
  signInRoute(fastify, services);
  accountRoutes(fastify, services);
  itemFallbackRoute(fastify, services);
  fastify.get('/api/health', async () => ({
    ok: true,
    version: config.version,
    node: config.nodeId,
    db: database.kind,
  }));

  localeOverrideRoutes(fastify, services);
  lovRoutes(fastify, services);
  uploadRoutes(fastify, services);
  downloadRoutes(fastify, services);
  zipRoute(fastify, services);
  taskRoutes(fastify, services);
  for (const m of modules) await m.routes?.(fastify, services);
  await clientRoutes(fastify, config, services.registry);

  return {
    fastify,
    services,
    idle: () => fanout.idle(),
    async close() {
      for (const s of services.hub.sessions) s.close(1001, 'serverClosing');
      services.tasks.abortAll();
      // Requests in flight get a moment to finish; then every connection is cut, since a
      // response its client stopped reading (a download left half-read) holds the close for ever.
      const cut = setTimeout(() => fastify.server.closeAllConnections(), CLOSE_GRACE_MS);
      await fastify.close();
      clearTimeout(cut);
      // The reads audited last are written before the database goes.
      await services.items.readAudit.close();
      await services.jobs.stop();
      await taskChannel.stop();
      for (const r of running.reverse()) await r.stop();
      await fanout.stop();
      await stopSiteEvents();
      await heartbeat.stop();
      await services.mailer.close();
    },
  };
}
