import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';

// The workflow module's views as data (kernel/view.ts): the designer, admin.workflows.

export const workflowViews: readonly ViewDecl[] = [];
export const workflowNav: readonly NavEntry[] = [];
export const workflowTitles: Readonly<Record<string, string>> = {};
