import { useMediaQuery } from '@mui/material';
import { useApp, useSession } from '../state/app-context';

export const USER_TOGGLES = ['dark', 'hideGuidance', 'multiColumns'] as const;
export type UserToggle = (typeof USER_TOGGLES)[number];

/** The signed-in user's display toggles, saved to their User item (user menu and profile). */
export function useUserToggles() {
  const { client, alerts } = useApp();
  const { user } = useSession();
  // Dark mode is the person's choice, else the device's (App.tsx): the toggle shows what is on.
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const isOn = (key: UserToggle) =>
    key === 'multiColumns'
      ? (user?.multiColumns ?? true)
      : key === 'dark'
        ? (user?.dark ?? systemDark)
        : !!user?.[key];
  async function toggle(key: UserToggle) {
    if (!user) return;
    const value = !isOn(key);
    try {
      // Read the current version first: the session's copy may be older than the item.
      const current = await client.request<{ $version: number }>(`read/${user.$id}`);
      await client.request('update', { $id: user.$id, $version: current.$version, [key]: value });
      client.patchUser({ [key]: value });
    } catch (e) {
      alerts.error(e);
    }
  }
  return { isOn, toggle };
}
