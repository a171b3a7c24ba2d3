import { describe, expect, it } from 'vitest';
import { defineModule } from '../../kernel/module';
import { buildRegistry } from '../../kernel/registry';
import { coreModule } from '../../modules/core/module';
import type { UserSession } from '../state/socket-client';
import type { ViewDef } from '../views/view-def';
import { visibleNav } from './nav';

// Key capabilities (KEY_CAPS, capability-modules §2) gate module groups for everyone, admins
// too, before any capability check. A small module of this file's own declares the groups as
// the research and consultation modules will: research only where Research is a key capability;
// consult, on a dedicated deployment (one with key capabilities), only where Consult is one.

const gatedModule = defineModule({
  id: 'gatedtest',
  types: [],
  capabilities: ['Research', 'Consult'],
  nav: [
    { path: 'research', capability: 'Research', keyCap: 'Research' },
    { path: 'research.projects', capability: 'Research', keyCap: 'Research' },
    { path: 'consult', capability: 'Consult', dedicatedKeyCap: 'Consult' },
    // A view may carry the gate instead of its entry.
    { path: 'vocab', capability: 'Research' },
  ],
  // Every nav entry names a view (Registry.check); this file's own VIEWS stand in for the client's.
  views: ['research', 'research.projects', 'consult', 'vocab'].map((name) => ({
    name,
    titleKey: `nav.${name}`,
    list: { types: null, defaultSort: [], displayAs: 'LIST', dateKey: '_c.ts' },
  })),
});
const registry = buildRegistry([coreModule, gatedModule]);

const stub = () => null;
const VIEWS: Record<string, ViewDef> = Object.fromEntries(
  ['research', 'research.projects', 'consult', 'search'].map((name) => [
    name,
    { name, titleKey: `nav.${name}`, component: stub, inNav: true },
  ]),
);
VIEWS.vocab = { name: 'vocab', titleKey: 'nav.vocab', component: stub, inNav: true, keyCap: 'Vocab' };
const views = (path: string) => VIEWS[path];

const session = (admin: boolean, caps: string[]): UserSession =>
  ({
    $id: admin ? 'User-1' : 'User-2',
    admin,
    capabilities: Object.fromEntries(['Core', ...caps].map((c) => [c, true])),
    memberships: [],
  }) as unknown as UserSession;

const ADMIN = session(true, ['Research', 'Consult']);
const RESEARCHER = session(false, ['Research', 'Consult']);
const PLAIN = session(false, []);

const paths = (user: UserSession, keyCaps: string[]) =>
  visibleNav(registry.nav, user, keyCaps, views).map((e) => e.path);

describe('navigation gated by the key capabilities', () => {
  it('on a shared deployment (no KEY_CAPS): no research group, consult by capability', () => {
    expect(paths(ADMIN, [])).toEqual(['search', 'consult']);
    expect(paths(RESEARCHER, [])).toEqual(['search', 'consult']);
    expect(paths(PLAIN, [])).toEqual(['search']);
  });

  it('with Research a key capability: the research group, for holders of the capability and admins', () => {
    expect(paths(ADMIN, ['Research'])).toEqual(['search', 'research', 'research.projects']);
    expect(paths(RESEARCHER, ['Research'])).toEqual(['search', 'research', 'research.projects']);
    expect(paths(PLAIN, ['Research'])).toEqual(['search']);
  });

  it('on a dedicated deployment without Consult: no consult group, even for admins', () => {
    expect(paths(ADMIN, ['Research'])).not.toContain('consult');
    expect(paths(ADMIN, ['Consult'])).toEqual(['search', 'consult']);
    expect(paths(RESEARCHER, ['Consult'])).toEqual(['search', 'consult']);
  });

  it("gates on the view's key capability as on the entry's", () => {
    expect(paths(ADMIN, ['Research'])).not.toContain('vocab');
    expect(paths(ADMIN, ['Research', 'Vocab'])).toContain('vocab');
    expect(paths(RESEARCHER, ['Research', 'Vocab'])).toContain('vocab');
    expect(paths(PLAIN, ['Research', 'Vocab'])).not.toContain('vocab');
  });

  it('signed out, nothing gated shows', () => {
    expect(visibleNav(registry.nav, null, ['Research', 'Consult', 'Vocab'], views)).toEqual([]);
  });
});

describe('navigation gated by any one of several capabilities', () => {
  const entries = [{ path: 'admin.designer' }];
  const designer: ViewDef = {
    name: 'admin.designer',
    titleKey: 'nav.admin_designer',
    component: stub,
    inNav: true,
    anyCapability: ['WorkflowAdmin', 'Respond'],
  };
  const shown = (user: UserSession) => visibleNav(entries, user, [], () => designer).map((e) => e.path);

  it('shows the entry to holders of one of them and to admins only', () => {
    expect(shown(session(false, ['Respond']))).toEqual(['admin.designer']);
    expect(shown(session(false, ['WorkflowAdmin']))).toEqual(['admin.designer']);
    expect(shown(session(true, []))).toEqual(['admin.designer']);
    expect(shown(session(false, ['Research']))).toEqual([]);
  });
});
