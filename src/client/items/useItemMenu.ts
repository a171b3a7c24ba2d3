import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import type { ItemMenuEntry } from '../module-api';
import { useResultNav } from '../search/useResultNav';
import type { MenuEntry } from '../shell/cell-api';
import { useCell } from '../shell/cell-api';
import type { Item } from '../state/items';
import type { UserSession } from '../state/socket-client';
import { itemMenuLines, type ItemDialog } from './item-menu';

export type { ItemDialog } from './item-menu';

/** Sets the item cell's menu (item-menu.ts says what it holds) and clears it on the way out. */
export function useItemMenu(
  item: Item,
  type: ItemType,
  user: UserSession | null,
  entries: readonly ItemMenuEntry[],
  openDialog: (d: ItemDialog) => void,
) {
  const { t } = useTranslation();
  const { setMenu } = useCell();
  const results = useResultNav();
  useEffect(() => {
    const lines = itemMenuLines({ item, type, user, entries, inResults: !!results });
    setMenu(
      lines.map((l): MenuEntry => {
        const a = l.action;
        const onClick = 'dialog' in a ? () => openDialog(a.dialog) : () => results?.go(a.go);
        return { key: l.key, label: t(l.labelKey), onClick };
      }),
    );
  }, [setMenu, item, type, user, entries, t, openDialog, results]);
  useEffect(() => () => setMenu([]), [setMenu]);
}
