import type { TFunction } from 'i18next';
import type { Item } from '../state/items';

/** "You were assigned: Boundary survey" — the context's label only when the reader may see it. */
export function notificationText(t: TFunction, n: Item): { what: string; context: string } {
  const kind = typeof n.kind === 'string' ? n.kind : 'updated';
  const contextId = typeof n.context === 'string' ? n.context : '';
  return {
    what: t(`notifications.kind.${kind}`, { defaultValue: t('notifications.kind.updated') }),
    context: n.$labels?.[contextId] ?? contextId,
  };
}
