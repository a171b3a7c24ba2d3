import { useCallback } from 'react';
import { useApp, useSession } from '../state/app-context';
import { latestVersion, unseenReleases } from './releases';

/** The unseen what's-new count (User.whatsNewViewed) and a way to mark everything seen. */
export function useWhatsNew() {
  const { client } = useApp();
  const { user } = useSession();
  const unseen = user ? unseenReleases(user.whatsNewViewed).length : 0;
  const markSeen = useCallback(async () => {
    const latest = latestVersion();
    if (!user || !latest || user.whatsNewViewed === latest) return;
    // The User item records it, so every device agrees; whatsNewLast says when.
    const me = await client.request<{ $version: number }>(`read/${user.$id}`);
    await client.request('update', {
      $id: user.$id,
      $version: me.$version,
      whatsNewViewed: latest,
      whatsNewLast: new Date().toISOString(),
    });
    client.patchUser({ whatsNewViewed: latest });
  }, [client, user]);
  return { unseen, markSeen };
}
