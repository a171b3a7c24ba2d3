import { describe, expect, it } from 'vitest';
import type { ModuleInfo } from '../config';
import type { UserSession } from '../state/socket-client';
import { sessionModuleIds } from './session-modules';

const modules: ModuleInfo[] = [
  { id: 'core', capabilities: ['Core'], client: true },
  { id: 'open', capabilities: [], client: true },
  { id: 'research', capabilities: ['Research', 'ResearchAdmin'], client: true },
  { id: 'headless', capabilities: [], client: false },
];

const user = (extra: Partial<UserSession> = {}): UserSession => ({
  _t: 'User',
  _i: 1,
  $id: 'User-1',
  admin: false,
  capabilities: {},
  version: '1',
  ...extra,
});

describe('the client halves a session loads', () => {
  it('none signed out', () => {
    expect(sessionModuleIds(modules, null)).toEqual([]);
  });

  it('the modules without capabilities, and those of which the user holds one', () => {
    expect(sessionModuleIds(modules, user())).toEqual(['open']);
    expect(sessionModuleIds(modules, user({ capabilities: { Core: true } }))).toEqual(['core', 'open']);
    expect(sessionModuleIds(modules, user({ capabilities: { ResearchAdmin: true, Core: false } }))).toEqual([
      'open',
      'research',
    ]);
  });

  it('every half for an admin, in list order, and never a module without one', () => {
    expect(sessionModuleIds(modules, user({ admin: true }))).toEqual(['core', 'open', 'research']);
  });
});
