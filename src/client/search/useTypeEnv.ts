import { useMemo } from 'react';
import { itemType } from '../items/item-label';
import { useApp } from '../state/app-context';
import type { TypeEnv } from './search-model';

/** The type registry of the config, as the search model needs it. */
export function useTypeEnv(): TypeEnv {
  const { config } = useApp();
  return useMemo(
    () => ({ type: itemType, names: Object.keys(config.types), itemFacets: config.itemFacets ?? [] }),
    [config.types, config.itemFacets],
  );
}
