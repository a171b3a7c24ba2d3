import type { ClientModule, StepPanelProps } from '../module-api';
import { collectById } from '../items/item-sections';
import { useClientModules } from './loader';
import type { ComponentType, LazyExoticComponent } from 'react';

// The workflow step kinds' panels as registrations (ClientModule.stepPanels): the workflow
// panel shows, under an ACTIVE step, the panel of the step's kind from whichever loaded half
// provides it. The halves of the kinds' modules load with a workflow-capable item
// (items/item-sections.ts modulesForType), so the panel is there when the item opens.

export type StepPanel = ComponentType<StepPanelProps> | LazyExoticComponent<ComponentType<StepPanelProps>>;

const cache = new WeakMap<readonly ClientModule[], ReadonlyMap<string, StepPanel>>();

/** The step panels of the loaded halves by kind; a kind registered twice fails ("already registered"). */
export function stepPanelsOf(modules: readonly ClientModule[]): ReadonlyMap<string, StepPanel> {
  let got = cache.get(modules);
  if (!got) {
    got = collectById(modules, 'step panel', (m) => Object.entries(m.stepPanels ?? {}));
    cache.set(modules, got);
  }
  return got;
}

/** The step panels of the halves loaded so far; re-renders when another half arrives. */
export function useStepPanels(): ReadonlyMap<string, StepPanel> {
  return stepPanelsOf(useClientModules());
}
