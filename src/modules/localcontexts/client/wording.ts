import type { TFunction } from 'i18next';
import type { Item } from '../../../client/module-api';

/** What a badge says: the community's own name and text when it has them, else the defaults. */
export interface Wording {
  name: string;
  text: string;
  /** The community's translations of the text (language code → text). */
  translations: [string, string][];
  custom: boolean;
}

export function wordingOf(t: TFunction, key: string, custom: Item | undefined): Wording {
  const name = t(`localcontexts.labels.${key}.name`, { defaultValue: key });
  const text = t(`localcontexts.labels.${key}.text`, { defaultValue: '' });
  const cName = typeof custom?.customName === 'string' && custom.customName.trim() ? custom.customName : null;
  const cText = typeof custom?.customText === 'string' && custom.customText.trim() ? custom.customText : null;
  const tr = custom?.translations;
  const translations =
    tr && typeof tr === 'object' && !Array.isArray(tr)
      ? Object.entries(tr as Record<string, unknown>).filter(
          (e): e is [string, string] => typeof e[1] === 'string',
        )
      : [];
  return {
    name: cName ?? name,
    text: cText ?? text,
    translations,
    custom: !!(cName || cText || translations.length),
  };
}
