import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { allModuleStrings, clientModuleIds, loadedModules } from './loader';

describe('the modules’ client halves', () => {
  it('are found by folder, and the wording screen gets every module’s strings', async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: en } }, returnNull: false });
    expect(clientModuleIds()).toContain('core');
    expect(loadedModules.getSnapshot()).toEqual([]);
    const bundles = await allModuleStrings();
    // Every half is loaded, and its strings are in the bundle and in the list.
    expect(loadedModules.getSnapshot().map((m) => m.id)).toEqual(clientModuleIds());
    expect(bundles.some((b) => 'conversations' in b)).toBe(true);
    expect(i18next.exists('typeNames.Thread')).toBe(true);
  });
});
