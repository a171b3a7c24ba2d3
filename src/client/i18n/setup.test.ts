import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { setupI18n } from './setup';

describe("the modules' titles from the page's config", () => {
  it('name nav entries at start, beside the bundled English', async () => {
    await setupI18n('en', { 'nav.titled_things': 'Titled things' });
    expect(i18next.t('nav.titled_things')).toBe('Titled things');
    expect(i18next.t('nav.search')).toBe('Search');
    expect(i18next.t('nav.untitled')).toBe('nav.untitled');
  });
});
