import { useApp } from '../state/app-context';
import { useStore } from '../state/external-store';
import { systemAlertStore, type AlertsSnapshot } from './system-alerts';

/**
 * The active system alerts and what to do with them. The notification bell's "system alerts"
 * entry uses it: show the entry while `active.length > 0`, call `reopen()` when it is chosen.
 */
export function useActiveSystemAlerts(): AlertsSnapshot & {
  close(id: string): void;
  dismiss(id: string): void;
  reopen(): void;
} {
  const { client } = useApp();
  const store = systemAlertStore(client);
  const snap = useStore(store);
  return {
    ...snap,
    close: (id) => store.close(id),
    dismiss: (id) => store.dismiss(id),
    reopen: () => store.reopen(),
  };
}
