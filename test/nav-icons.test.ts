import { describe, expect, it } from 'vitest';
import { appRegistry } from '../src/modules';
import { NAV_ICONS } from '../src/client/shell/nav-icons';

// A module lists the icons its views name in its own client/nav-icons.ts; one it forgets would
// show the plain page icon in the drawer, quietly. This names the view instead.
describe('the drawer icons', () => {
  const registry = appRegistry();

  it("draws every registered view's icon", () => {
    const missing = [...registry.views.values()]
      .filter((v) => v.icon && !NAV_ICONS[v.icon])
      .map((v) => `${v.module}: ${v.name} (${v.icon})`);
    expect(missing).toEqual([]);
  });

  it("gathers the modules' own lists, beside the shell's", () => {
    // Map is the spatial module's, Assignment the consultation's: neither is the shell's.
    expect(NAV_ICONS.Map).toBeTypeOf('object');
    expect(NAV_ICONS.Assignment).toBeTypeOf('object');
  });
});
