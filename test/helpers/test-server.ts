import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/open';
import type { ModuleManifest } from '../../src/kernel/module';

export interface TestServer {
  app: App;
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false' }),
    host: '127.0.0.1',
    port: 0,
    ...overrides,
  };
}

/**
 * A real node on a loopback port, on the given database. The port is free-chosen unless
 * `overrides.port` names one (for a `publicUrl` that must be known before the start).
 */
export async function startTestServer(
  database: Database,
  overrides: Partial<ServerConfig> = {},
  /** The module list, when a test adds a module of its own (default: src/modules/index.ts). */
  modules?: readonly ModuleManifest[],
): Promise<TestServer> {
  const config = testConfig(overrides);
  const app = await buildApp(config, database, { logger: false, ...(modules ? { modules } : {}) });
  await app.fastify.listen({ port: config.port, host: '127.0.0.1' });
  const addr = app.fastify.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${addr.port}`;
  return { app, url, wsUrl: `ws://127.0.0.1:${addr.port}/ws`, close: () => app.close() };
}
