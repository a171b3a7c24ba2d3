import i18next from 'i18next';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { enScreens } from './en-screens';

let loaded: typeof enScreens | null = null;
let loading: Promise<void> | null = null;

/**
 * Adds the English strings of the screens loaded on demand (en-screens.ts), once. Wording that
 * an override already set (another language's, or a community's own) is kept: the bundle only
 * fills what is missing.
 */
export function loadScreenStrings(): Promise<void> {
  loading ??= import('./en-screens')
    .then(({ enScreens }) => {
      loaded = enScreens;
      i18next.addResourceBundle('en', 'translation', enScreens, true, false);
    })
    .catch((e: unknown) => {
      // Offline at that moment: the next screen that asks tries again.
      loading = null;
      throw e;
    });
  return loading;
}

/** The on-demand strings once loaded (setup.ts puts them back when an admin's wording changes). */
export function loadedScreenStrings(): typeof enScreens | null {
  return loaded;
}

/**
 * React.lazy for a part loaded on demand: its code and the screens' strings arrive together, so
 * it never renders a bare key. Every lazy part goes through here (bundle.test.ts checks).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound React.lazy uses
export function lazyScreen<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => Promise.all([loadScreenStrings(), load()]).then(([, m]) => m));
}
