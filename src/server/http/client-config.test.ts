import { describe, expect, it } from 'vitest';
import { appRegistry } from '../../modules';
import { loadConfig } from '../config';
import { clientConfig } from './client-config';

describe("the client config's types", () => {
  const types = clientConfig(loadConfig({}), appRegistry()).types;

  it('name the module that declares each type (the client loads its half with the item)', () => {
    expect(Object.values(types).every((t) => typeof t.module === 'string')).toBe(true);
    expect(types.Thread?.module).toBe('core');
  });

  it("carry the menu's declarations: no History or notification preference for notifications", () => {
    expect(types.Notify).toMatchObject({ history: false, notifyPrefs: false });
    expect(types.Thread).toMatchObject({ history: true, notifyPrefs: true });
  });
});
