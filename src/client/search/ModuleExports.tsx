import { Suspense } from 'react';
import type { ItemType } from '../../kernel/item-type';
import type { SearchQuery } from '../../protocol/query';
import { useClientModules } from '../modules/loader';

/**
 * The exports the loaded module halves offer for a search over this type (ClientModule
 * searchExports), after core's CSV: the spatial module's GIS files for a type with a geometry.
 */
export function ModuleExports(p: { type: ItemType | undefined; query: SearchQuery; compact: boolean }) {
  const modules = useClientModules();
  const type = p.type;
  if (!type) return null;
  const entries = modules.flatMap((m) => m.searchExports ?? []).filter((e) => e.applies(type));
  return (
    <>
      {entries.map((e) => (
        <Suspense key={e.id} fallback={null}>
          <e.component query={p.query} type={type} compact={p.compact} />
        </Suspense>
      ))}
    </>
  );
}
