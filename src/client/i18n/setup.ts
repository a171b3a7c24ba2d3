import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/** English is bundled; other languages and local wording load as overrides merged over it. */
export async function setupI18n(language = 'en'): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  void loadOverrides(language);
  return i18next;
}

export async function loadOverrides(language: string): Promise<void> {
  try {
    const res = await fetch(`/locale-overrides/${encodeURIComponent(language)}`);
    if (!res.ok) return;
    const overrides = (await res.json()) as Record<string, unknown>;
    if (overrides && Object.keys(overrides).length)
      i18next.addResourceBundle(language, 'translation', overrides, true, true);
  } catch {
    /* offline: the bundled English stands */
  }
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
