import type * as MapLibreModule from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import { useApp } from '../state/app-context';
import { useClientModules } from './loader';

type MapLibre = typeof MapLibreModule;
type Style = StyleSpecification | string;

/**
 * The basemap a map starts from: the loaded half's that provides one (ClientModule.basemap, the
 * spatial module's), for the site's map config; null when no loaded half has one (the map then
 * draws on its own plain background).
 */
export function useBasemap(): Basemap | null {
  const { config } = useApp();
  const provider = useClientModules().find((m) => m.basemap)?.basemap;
  return useMemo(
    () =>
      provider
        ? {
            style: (ml: MapLibre, dark: boolean) => provider.style(ml, config.map, dark),
            keepDrawing: provider.keepDrawing,
          }
        : null,
    [provider, config.map],
  );
}

export interface Basemap {
  style(ml: MapLibre, dark: boolean): Promise<Style>;
  /** Call on a new map: a style that cannot load gives way to one that can. */
  keepDrawing(map: MapLibreModule.Map, dark: boolean): void;
}
