import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/open';

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

/** A real node on a loopback port, on the given database. */
export async function startTestServer(
  database: Database,
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const app = await buildApp(testConfig(overrides), database, { logger: false });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.fastify.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${addr.port}`;
  return { app, url, wsUrl: `ws://127.0.0.1:${addr.port}/ws`, close: () => app.close() };
}
