import { Suspense } from 'react';
import type { ItemType } from '../../kernel/item-type';
import type { ListScreenDecl } from '../../kernel/view';
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

/** The actions the loaded halves offer on this list of one type (ClientModule listActions). */
export function ModuleListActions(p: { type: ItemType | undefined; list: ListScreenDecl; compact: boolean }) {
  const modules = useClientModules();
  const type = p.type;
  if (!type) return null;
  const entries = modules.flatMap((m) => m.listActions ?? []).filter((e) => e.applies(type, p.list));
  return (
    <>
      {entries.map((e) => (
        <Suspense key={e.id} fallback={null}>
          <e.component type={type} list={p.list} compact={p.compact} />
        </Suspense>
      ))}
    </>
  );
}
