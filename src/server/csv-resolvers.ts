import type { CsvCellResolver, ServerModule } from './services';

/**
 * The CSV import's module cell readers (services.csvResolvers; docs/csv-import.md "Cells a module
 * reads"), by type: each property's resolver in its module's order. Two modules reading the same
 * property of a type would each think the cell theirs, so that fails the start.
 */
export function buildCsvResolvers(
  modules: readonly ServerModule[],
): Map<string, (readonly [string, CsvCellResolver])[]> {
  const out = new Map<string, (readonly [string, CsvCellResolver])[]>();
  const owner = new Map<string, string>();
  for (const m of modules)
    for (const [type, props] of Object.entries(m.csvResolvers ?? {}))
      for (const [prop, resolve] of Object.entries(props)) {
        const key = `${type}.${prop}`;
        const before = owner.get(key);
        if (before) throw new Error(`CSV resolver ${key} of module ${m.id} is module ${before}'s`);
        owner.set(key, m.id);
        (out.get(type) ?? out.set(type, []).get(type)!).push([prop, resolve]);
      }
  return out;
}
