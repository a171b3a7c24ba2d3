import type { ComponentType } from 'react';
import type { ViewProps } from '../views/view-def';
import type { ScreenDef } from './search-model';
import { SearchPanel } from './SearchPanel';

const made = new Map<string, ComponentType<ViewProps>>();

/** The view component of a list screen (a module's `list` view): the search component with its defaults. */
export function listScreenView(screen: ScreenDef): ComponentType<ViewProps> {
  let view = made.get(screen.name);
  if (!view) {
    view = function ListScreenView({ param }: ViewProps) {
      return <SearchPanel screen={screen} text={param ?? ''} />;
    };
    made.set(screen.name, view);
  }
  return view;
}
