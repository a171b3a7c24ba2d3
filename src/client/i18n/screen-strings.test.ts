import { describe, expect, it, vi } from 'vitest';

describe('the screens’ strings, loaded on demand', () => {
  it('fill in what is missing and keep a community’s own wording', async () => {
    // Test files share a module graph (docs/adr/0009): another file may have loaded the screens'
    // strings already. Fresh modules make this one start from nothing, whatever ran before it.
    vi.resetModules();
    const i18next = (await import('i18next')).default;
    const { en } = await import('./en');
    const { loadedScreenStrings, loadScreenStrings } = await import('./screen-strings');
    await i18next.init({ lng: 'en', resources: { en: { translation: en } }, returnNull: false });
    // An override that arrived at start, for a message of the on-demand part.
    i18next.addResourceBundle(
      'en',
      'translation',
      { files: { attachments: 'Files and recordings' } },
      true,
      true,
    );
    expect(i18next.t('files.trashed')).toBe('files.trashed');
    expect(loadedScreenStrings()).toBeNull();
    await Promise.all([loadScreenStrings(), loadScreenStrings()]);
    expect(i18next.t('files.trashed')).toBe('In the trash');
    expect(i18next.t('files.attachments')).toBe('Files and recordings');
    expect(i18next.t('app.name')).toBe('Community Knowledge Keeper');
    expect(loadedScreenStrings()?.files.trashed).toBe('In the trash');
  });
});
