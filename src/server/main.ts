import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { DEMO_PASSWORD } from './seed/demo';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp(config, database);
  const boot = await bootstrap(config, app.services.items);
  await app.fastify.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  const lines = [``, `${config.siteName} ${config.version} is running on ${config.publicUrl} (${where}).`];
  if (boot.createdAdmin) lines.push(`Created the first admin ${config.adminEmail}.`);
  if (boot.demo) {
    lines.push(``, `Demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
    for (const d of boot.demo) lines.push(`  ${d.email.padEnd(38)} ${d.who}`);
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.fastify.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
