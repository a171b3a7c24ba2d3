import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useResultNav } from '../search/useResultNav';
import type { MenuEntry } from '../shell/cell-api';
import { useCell } from '../shell/cell-api';
import type { UserSession } from '../state/socket-client';

export type ItemDialog = 'meta' | 'timeline' | 'raw' | 'notify';

/**
 * The item cell's menu entries (spec core §2 "Layout"): Details and History for users with a
 * valid token (History not for Notify), Edit raw data for admins and masquerading users;
 * previous/next result when the item was opened from a result list.
 */
export function useItemMenu(typeName: string, user: UserSession | null, openDialog: (d: ItemDialog) => void) {
  const { t } = useTranslation();
  const { setMenu } = useCell();
  const signedIn = user !== null;
  const raw = signedIn && (user.admin || user.masquerading === true);
  const results = useResultNav();
  useEffect(() => {
    const entries: MenuEntry[] = [];
    if (signedIn) {
      entries.push({ key: 'meta', label: t('item.meta'), onClick: () => openDialog('meta') });
      if (typeName !== 'Notify')
        entries.push({ key: 'timeline', label: t('item.timeline'), onClick: () => openDialog('timeline') });
      // The notification-config button (spec core §2): this user's $notify for the item.
      if (typeName !== 'Notify')
        entries.push({
          key: 'notify',
          label: t('notifications.pref.button'),
          onClick: () => openDialog('notify'),
        });
    }
    if (raw) entries.push({ key: 'raw', label: t('item.rawEdit'), onClick: () => openDialog('raw') });
    if (results) {
      entries.push({ key: 'previous', label: t('item.previous'), onClick: () => results.go('previous') });
      entries.push({ key: 'next', label: t('item.next'), onClick: () => results.go('next') });
    }
    setMenu(entries);
  }, [setMenu, signedIn, raw, typeName, t, openDialog, results]);
  useEffect(() => () => setMenu([]), [setMenu]);
}
