import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';

// The workflow module's views as data (kernel/view.ts): the designer, admin.workflows. It is
// shown to the holders of a capability with workflow-capable types (spec capability-modules §2
// "Admin"; `workflowTypes`, resolved by the registry from the modules' types), to the holders of
// WorkflowAdmin (spec §6 "workflow admin"), and to admins. Which workflows it lists and who may
// change them is the server's policy (Workflow: the owner's editors and orgAdmins).

export const workflowViews: readonly ViewDecl[] = [
  {
    name: 'admin.workflows',
    titleKey: 'nav.admin_workflows',
    icon: 'AccountTree',
    width: 'TWO_THIRDS',
    inNav: true,
    screen: true,
    workflowTypes: true,
    anyCapability: ['WorkflowAdmin'],
  },
];
export const workflowNav: readonly NavEntry[] = [{ path: 'admin.workflows' }];
export const workflowTitles: Readonly<Record<string, string>> = { 'nav.admin_workflows': 'Workflows' };
