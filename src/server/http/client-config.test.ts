import { describe, expect, it } from 'vitest';
import { defineModule } from '../../kernel/module';
import { buildRegistry } from '../../kernel/registry';
import { appRegistry, MODULES } from '../../modules';
import { loadConfig } from '../config';
import { clientConfig } from './client-config';

describe("the client config's types", () => {
  const types = clientConfig(loadConfig({}), appRegistry()).types;

  it('name the module that declares each type (the client loads its half with the item)', () => {
    expect(Object.values(types).every((t) => typeof t.module === 'string')).toBe(true);
    expect(types.Thread?.module).toBe('core');
  });

  it('name the module whose client half edits each property kind (the geometry editor)', () => {
    expect(clientConfig(loadConfig({}), appRegistry()).fieldEditors).toEqual({
      geometry: 'spatial',
      letterTemplateBody: 'consult',
      localContextsLabels: 'localcontexts',
    });
  });

  it('list the facets every type has (the Local Contexts labels)', () => {
    expect(clientConfig(loadConfig({}), appRegistry()).itemFacets).toEqual(['$tkLabels']);
    expect(types.Thread?.facets).toContain('$tkLabels');
  });

  it("carry the menu's declarations: no History or notification preference for notifications", () => {
    expect(types.Notify).toMatchObject({ history: false, notifyPrefs: false });
    expect(types.Thread).toMatchObject({ history: true, notifyPrefs: true });
  });
});

describe("the client config's titles", () => {
  it("carry each module's titles of its nav entries and views, for the drawer at start", () => {
    const extra = defineModule({
      id: 'titled',
      types: [],
      nav: [{ path: 'titled' }],
      views: [
        {
          name: 'titled',
          titleKey: 'nav.titled',
          list: { types: null, defaultSort: [], displayAs: 'LIST', dateKey: '_c.ts' },
        },
      ],
      titles: { 'nav.titled': 'Titled things' },
    });
    const config = clientConfig(loadConfig({}), buildRegistry([...MODULES, extra]));
    // The listed modules' titles, and the extra module's beside them.
    const listed = Object.assign({}, ...MODULES.map((m) => m.titles ?? {})) as Record<string, string>;
    expect(config.titles).toEqual({ ...listed, 'nav.titled': 'Titled things' });
    expect(Object.keys(listed).length).toBeGreaterThan(0);
  });

  it("refuse a title that another module already gives ('already registered')", () => {
    const twice = (id: string) => defineModule({ id, types: [], titles: { 'nav.same': id } });
    expect(() => buildRegistry([...MODULES, twice('a'), twice('b')])).toThrow(
      'title nav.same already registered',
    );
  });
});
