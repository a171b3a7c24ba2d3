import { dashboardScreen } from '../dashboards/dashboard-screen';
import { describe, expect, it } from 'vitest';
import type { RegisteredView } from '../../kernel/registry';
import { coreViews } from '../../modules/core/views';
import { allViews, loadViews, SHELL_VIEWS, viewDef } from './registry';

// The client's view registry: the shell's own views, and the modules' views as the page's config
// sends them (the server's registry, each with its module).
const core: RegisteredView[] = coreViews.map((v) => ({ ...v, module: 'core' }));

describe('the view registry', () => {
  it('holds the shell views before any config arrives', () => {
    loadViews([]);
    expect(allViews().map((v) => v.name)).toEqual([
      'sign-in',
      'sign-out',
      'register',
      'forgot-password',
      'set-pass',
      'accept-invite',
      'confirm-email',
      'terms',
      'privacy-policy',
      'imprint',
    ]);
    expect(viewDef('conversations')).toBeUndefined();
  });

  it('adds the modules’ views with their titles, widths and gates, and a component each', () => {
    loadViews(core);
    for (const v of coreViews) {
      const def = viewDef(v.name);
      expect(def, v.name).toBeDefined();
      expect(def).toMatchObject({
        name: v.name,
        titleKey: v.titleKey,
        ...(v.width ? { width: v.width } : {}),
        ...(v.inNav ? { inNav: true } : {}),
        ...(v.adminOnly ? { adminOnly: true } : {}),
        ...(v.minOrgRole ? { minOrgRole: v.minOrgRole } : {}),
      });
      expect(def?.component).toBeTruthy();
      expect(def).not.toHaveProperty('list');
      expect(def).not.toHaveProperty('module');
    }
    expect(viewDef('sign-in')?.signedOutOnly).toBe(true);
    expect(viewDef('admin.systext')).toMatchObject({ width: 'FULL', adminOnly: true, inNav: true });
    expect(viewDef('admin.lovs')).toMatchObject({ width: 'TWO_THIRDS', minOrgRole: 'editor' });
    expect(viewDef('my-contacts')?.width).toBe('HALF');
    expect(viewDef('docs')).toMatchObject({ noColumns: true, public: true });
  });

  it('no module view is named like a shell view', () => {
    const shell = new Set(SHELL_VIEWS.map((v) => v.name));
    expect(coreViews.filter((v) => shell.has(v.name)).map((v) => v.name)).toEqual([]);
  });

  it('refuses a module view named like a shell view, or like another module view', () => {
    const signIn: RegisteredView = { name: 'sign-in', titleKey: 'x', module: 'other', screen: true };
    expect(() => loadViews([...core, signIn])).toThrow('view sign-in already registered');
    expect(() => loadViews([...core, { ...core[0]!, module: 'other' }])).toThrow(
      `view ${core[0]!.name} already registered`,
    );
  });

  it('renders a dashboard view with its dashboard’s screen', () => {
    const dash: RegisteredView = { name: 'consult', titleKey: 'x', module: 'c', dashboard: 'consult' };
    loadViews([dash]);
    expect(viewDef('consult')?.component).toBe(dashboardScreen('consult'));
  });
});
