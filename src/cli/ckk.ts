import { parseArgs } from 'node:util';
import { ROLES, type Role } from '../protocol/access-levels';
import { AppError } from '../protocol/errors';
import { appRegistry } from '../modules';
import { AccessPolicy } from '../server/access/policy';
import { createAccount } from '../server/auth/accounts';
import { backupTo } from '../server/backup/backup';
import { BackupError } from '../server/backup/manifest';
import { restoreFrom } from '../server/backup/restore';
import { loadConfig, VERSION } from '../server/config';
import { openDatabase } from '../server/db/open';
import { DatabaseLockedError } from '../server/db/lockfile';
import { makeFileStorage } from '../server/files/storage';
import { ItemService } from '../server/items/item-service';

const USAGE = `Usage:
  npm run ckk -- user:create --email E --password P [--name N] [--admin] [--org Organization-N --role ROLE]
  npm run ckk -- backup --to DIR      the database and its files, into a new or empty DIR
  npm run ckk -- restore --from DIR   into an empty database (a new DATA_DIR, or an empty DATABASE_URL)
Roles: ${ROLES.join(', ')}
The database is DATABASE_URL's, or PGlite's in DATA_DIR (stop the server first: it is one process's).`;

async function userCreate(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean', default: false },
      org: { type: 'string' },
      role: { type: 'string' },
    },
  });
  if (!values.email || !values.password) throw new Error(USAGE);
  if ((values.org && !values.role) || (!values.org && values.role))
    throw new Error('--org and --role go together');
  if (values.role && !(ROLES as readonly string[]).includes(values.role))
    throw new Error(`unknown role ${values.role}. ${USAGE}`);
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const registry = appRegistry();
    const items = new ItemService(database, registry, new AccessPolicy(registry));
    const id = await createAccount(items, {
      email: values.email,
      password: values.password,
      ...(values.name ? { name: values.name } : {}),
      admin: values.admin,
      memberships: values.org ? [{ org: values.org, roles: [values.role as Role] }] : [],
    });
    console.log(`Created ${id} (${values.email})${values.admin ? ' as admin' : ''}.`);
  } finally {
    await database.close();
  }
}

/** backup --to DIR and restore --from DIR (docs/backup.md). */
async function backupOrRestore(command: 'backup' | 'restore', argv: string[]) {
  const flag = command === 'backup' ? 'to' : 'from';
  const { values } = parseArgs({ args: argv, options: { [flag]: { type: 'string' } } });
  const dir = values[flag];
  if (typeof dir !== 'string' || !dir) throw new Error(USAGE);
  const config = loadConfig();
  const database = await openDatabase(config);
  const files = makeFileStorage(config);
  const log = (line: string) => console.log(`  ${line}`);
  const started = Date.now();
  try {
    if (command === 'backup') {
      console.log(`Backing up ${database.kind === 'postgres' ? 'PostgreSQL' : config.dataDir} into ${dir}`);
      const m = await backupTo(database, files, dir, { appVersion: VERSION, log });
      const rows = m.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `Backed up ${rows.toLocaleString('en')} rows of ${m.tables.length} tables and ${m.files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
    } else {
      console.log(`Restoring ${dir} into ${database.kind === 'postgres' ? 'PostgreSQL' : config.dataDir}`);
      const r = await restoreFrom(database, files, dir, appRegistry(), { log });
      console.log(
        `Restored ${r.rows.toLocaleString('en')} rows of ${r.tables} tables and ${r.files} files in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'user:create') return userCreate(rest);
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, rest);
  throw new Error(USAGE);
}

main().catch((e: unknown) => {
  if (e instanceof DatabaseLockedError || e instanceof BackupError) console.error(e.message);
  else if (e instanceof AppError) console.error(`${e.key}: ${e.message}`);
  else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
