import { sql } from 'drizzle-orm';
import type { ItemType } from '../../kernel/item-type';
import { INDEXABLE_COLUMNS, type TypeIndex } from '../../kernel/property';
import type { Registry } from '../../kernel/registry';
import type { Executor } from './open';

/** A type name as it may appear in DDL: the registry's names are identifiers like this. */
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/**
 * The DDL of one declared index (ItemTypeDef `indexes`): over the type's rows only; a btree's
 * keys each a column or a property's text, a gin's one key a property's JSON value. Names and
 * keys were checked by the registry; they are checked again here because they are spliced into
 * DDL, which takes no parameters. The expressions are the ones search writes (search/keys.ts
 * valueCondition: `i.data->key @> value`; readable-sql.ts: `access`, `owner`): an expression
 * index serves only a query with the same expression.
 */
export function typeIndexDdl(t: ItemType, ix: TypeIndex): string {
  if (!TYPE_NAME.test(t.name)) throw new Error(`type ${t.name}: not a name an index can filter on`);
  if (!/^items_[a-z0-9_]{1,50}$/.test(ix.name)) throw new Error(`index ${ix.name}: not an index name`);
  const gin = ix.method === 'gin';
  if (gin && ix.keys.length !== 1) throw new Error(`index ${ix.name}: a gin index has one key`);
  const keys = ix.keys.map((k) => {
    if (!gin && (INDEXABLE_COLUMNS as readonly string[]).includes(k)) return `"${k}"`;
    if (!Object.hasOwn(t.properties, k) || !/^[A-Za-z_$][A-Za-z0-9_.$]{0,99}$/.test(k))
      throw new Error(`index ${ix.name}: key ${k} is neither a declared property nor a column`);
    return gin ? `("data"->'${k}') jsonb_path_ops` : `("data"->>'${k}')`;
  });
  return `create index if not exists "${ix.name}" on "items" using ${gin ? 'gin' : 'btree'} (${keys.join(', ')}) where "items"."type" = '${t.name}'`;
}

/**
 * Makes the indexes the registered types declare, once per start and node, after the migrations.
 * `if not exists` makes it a no-op once they are there; an advisory lock keeps two nodes that
 * start together from racing on the catalog. An index is never dropped here: a type that stops
 * declaring one leaves it to a migration.
 */
export async function ensureTypeIndexes(ex: Executor, registry: Registry): Promise<void> {
  const ddl = [...registry.types.values()].flatMap((t) => (t.indexes ?? []).map((ix) => typeIndexDdl(t, ix)));
  if (ddl.length === 0) return;
  await ex.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ckk_type_indexes'))`);
    for (const statement of ddl) await tx.execute(sql.raw(statement));
  });
}
