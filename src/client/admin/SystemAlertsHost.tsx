import { Suspense } from 'react';
import { useActiveSystemAlerts } from './useActiveSystemAlerts';
import { lazyScreen } from '../i18n/screen-strings';

// The dialog and cards load only when an alert is to be shown: most sessions never need them.
const SystemAlertsView = lazyScreen(() =>
  import('../docs/info-views').then((m) => ({ default: m.SystemAlertsView })),
);

/** System alerts as a modal dialog or side cards (spec core §2 overlays, §4, §9). */
export function SystemAlertsHost() {
  const { shown, close, dismiss } = useActiveSystemAlerts();
  if (shown.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SystemAlertsView shown={shown} close={close} dismiss={dismiss} />
    </Suspense>
  );
}
