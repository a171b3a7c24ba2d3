import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { loadedScreenStrings } from './screen-strings';
import { loadedModuleStrings } from '../modules/loader';

// The modules' titles of nav entries and views from the page's config (ModuleManifest.titles).
let configTitles: Readonly<Record<string, string>> = {};

function addTitles(): void {
  for (const [key, title] of Object.entries(configTitles))
    i18next.addResource('en', 'translation', key, title);
}

/**
 * English is bundled; the modules' titles come with the page's config; other languages and
 * local wording load as overrides merged over both.
 */
export async function setupI18n(
  language = 'en',
  titles: Readonly<Record<string, string>> = {},
): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  configTitles = titles;
  addTitles();
  void loadOverrides(language);
  return i18next;
}

export async function loadOverrides(language: string, replace = false): Promise<void> {
  try {
    const res = await fetch(`/locale-overrides/${encodeURIComponent(language)}`);
    if (!res.ok) return;
    const overrides = (await res.json()) as Record<string, unknown>;
    // A re-load after an admin's change starts from the bundle, so a removed override goes too.
    if (replace) {
      i18next.removeResourceBundle(language, 'translation');
      if (language === 'en') {
        i18next.addResourceBundle('en', 'translation', en, true, true);
        const screens = loadedScreenStrings();
        if (screens) i18next.addResourceBundle('en', 'translation', screens, true, true);
        addTitles();
        for (const bundle of loadedModuleStrings())
          i18next.addResourceBundle('en', 'translation', bundle, true, true);
      }
    }
    const any = !!overrides && Object.keys(overrides).length > 0;
    if (any) i18next.addResourceBundle(language, 'translation', overrides, true, true);
    // react-i18next re-renders on a language change, not on added wording; the same language
    // re-applies it. At start too: what rendered before the overrides arrived (the navigation,
    // on a slow network or a busy machine) kept the bundled English until something re-rendered.
    if (replace || any) await i18next.changeLanguage(i18next.language);
  } catch {
    /* offline: the bundled English stands */
  }
}

/** The interface language: `?lang=xx` (remembered in this browser), else the remembered one, else English. */
export function pickLanguage(search = location.search, store: Storage | null = safeStorage()): string {
  const asked = new URLSearchParams(search).get('lang');
  const valid = (l: string | null | undefined): l is string =>
    !!l && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(l);
  if (valid(asked)) {
    store?.setItem(LANGUAGE_KEY, asked);
    return asked;
  }
  const kept = store?.getItem(LANGUAGE_KEY);
  return valid(kept) ? kept : 'en';
}

export const LANGUAGE_KEY = 'ckk-language';

function safeStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** An admin saved wording (admin.systext): every open page in that language takes it at once. */
export function followOverrideChanges(on: (op: string, fn: (b: unknown) => void) => () => void): () => void {
  return on('localeOverrides', (b) => {
    const language = (b as { language?: string }).language;
    if (language && language === i18next.language) void loadOverrides(language, true);
  });
}

/** A label for a property: a translation when one exists, else the name made readable. */
export function humanize(name: string): string {
  const words = name
    .replace(/^[_$]+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
