import { parseArgs } from 'node:util';
import { ROLES, type Role } from '../protocol/access-levels';
import { AppError } from '../protocol/errors';
import { appRegistry } from '../modules';
import { AccessPolicy } from '../server/access/policy';
import { createAccount } from '../server/auth/accounts';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { DatabaseLockedError } from '../server/db/lockfile';
import { ItemService } from '../server/items/item-service';

const USAGE = `Usage: npm run ckk -- user:create --email E --password P [--name N] [--admin] [--org Organization-N --role ROLE]
Roles: ${ROLES.join(', ')}`;

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

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'user:create') return userCreate(rest);
  throw new Error(USAGE);
}

main().catch((e: unknown) => {
  if (e instanceof DatabaseLockedError) console.error(e.message);
  else if (e instanceof AppError) console.error(`${e.key}: ${e.message}`);
  else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
