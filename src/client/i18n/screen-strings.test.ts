import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { loadedScreenStrings, loadScreenStrings } from './screen-strings';

describe('the screens’ strings, loaded on demand', () => {
  it('fill in what is missing and keep a community’s own wording', async () => {
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
