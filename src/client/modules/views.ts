import { createElement, type ComponentType } from 'react';
import type { RegisteredView } from '../../kernel/registry';
import { lazyScreen } from '../i18n/screen-strings';
import { listScreenOf } from '../search/screens';
import type { ViewDef, ViewProps } from '../views/view-def';
import { loadClientModule } from './loader';
import { dashboardScreen } from '../dashboards/dashboard-screen';

// A module's view (from the page's config) as the client's ViewDef: a `list` view is the generic
// list screen fed by its declaration (with its module's half, for the strings); a `screen` view is its module's component, loaded with the
// module's client half (and the on-demand strings) when first opened.

function componentOf(v: RegisteredView): ComponentType<ViewProps> {
  if (v.list) {
    const screen = listScreenOf(v);
    // The module's half comes too, for its strings (type names, the list's empty words): a list
    // a person may open without the module's capability (geokeeper.my-data) has no other way to
    // load them. A module without a client half needs none.
    return lazyScreen(() =>
      import('../search/ListScreenView').then(async (m) => {
        await loadClientModule(v.module).catch(() => undefined);
        return { default: m.listScreenView(screen) };
      }),
    );
  }
  if (v.screen)
    return lazyScreen(() =>
      loadClientModule(v.module).then((m) => {
        const component = m.screens?.[v.name];
        if (!component) throw new Error(`module ${v.module} has no screen ${v.name} in its client half`);
        // A half's screens are usually lazy themselves, and React.lazy must resolve to a
        // function or class, not to another lazy component: render it from one.
        const ModuleScreen = (props: ViewProps) => createElement(component, props);
        return { default: ModuleScreen };
      }),
    );
  if (v.dashboard) return dashboardScreen(v.dashboard);
  throw new Error(`view ${v.name} is neither a list, a dashboard nor a screen`);
}

/** A module's view as the client registers it. */
export function moduleViewDef(v: RegisteredView): ViewDef {
  const { module: _module, list: _list, dashboard: _dashboard, screen: _screen, ...rest } = v;
  return { ...rest, component: componentOf(v) };
}
