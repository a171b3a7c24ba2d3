import type { ComponentType } from 'react';
import type { ViewProps } from '../views/view-def';
import { listScreen } from './screens';
import { SearchPanel } from './SearchPanel';

const made = new Map<string, ComponentType<ViewProps>>();

/** The view component of a per-type list screen (screens.ts): the search component with its defaults. */
export function listScreenView(name: string): ComponentType<ViewProps> {
  let view = made.get(name);
  if (!view) {
    const screen = listScreen(name);
    if (!screen) throw new Error(`no list screen ${name}`);
    view = function ListScreenView({ param }: ViewProps) {
      return <SearchPanel screen={screen} text={param ?? ''} />;
    };
    made.set(name, view);
  }
  return view;
}
