import { useCallback } from 'react';
import { useApp } from '../state/app-context';
import { useClientModules } from './loader';

type MapLibre = typeof import('maplibre-gl');
type Style = import('maplibre-gl').StyleSpecification | string;

/**
 * The basemap a map starts from: the loaded half's that provides one (ClientModule.basemap, the
 * spatial module's), for the site's map config; null when no loaded half has one (the map then
 * draws on its own plain background).
 */
export function useBasemap(): ((ml: MapLibre, dark: boolean) => Promise<Style>) | null {
  const { config } = useApp();
  const provider = useClientModules().find((m) => m.basemap)?.basemap;
  const bound = useCallback(
    (ml: MapLibre, dark: boolean) => provider!(ml, config.map, dark),
    [provider, config.map],
  );
  return provider ? bound : null;
}
