import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from '../i18n/screen-strings';
import type { ViewProps } from '../views/view-def';

// The entry the view registry uses for a view declared `dashboard: key` (kernel/view.ts), and the
// home view's dashboard. The grid, its cards and their strings are a chunk of their own, loaded
// when a dashboard opens; the calendar (FullCalendar) and chart (MUI X Charts) cards are chunks
// of their own again, loaded only when a dashboard holds one.

const made = new Map<string, LazyExoticComponent<ComponentType<ViewProps>>>();

/** The view component of the dashboard `key`: a heading and its cards for this user. */
export function dashboardScreen(key: string): LazyExoticComponent<ComponentType<ViewProps>> {
  let view = made.get(key);
  if (!view) {
    view = lazyScreen(() => import('./DashboardView').then((m) => ({ default: m.dashboardView(key) })));
    made.set(key, view);
  }
  return view;
}

/** The cards of the home dashboard of the user's capability (gate.ts homeDashboard), below the home view's welcome. */
export const HomeDashboard = lazyScreen(() =>
  import('./DashboardView').then((m) => ({ default: m.HomeDashboard })),
);
