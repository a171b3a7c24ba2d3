import { Alert } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface State {
  failed: boolean;
}

/**
 * Keeps a part that loads on first use (its code arrives later) from taking the page down when
 * it cannot load, for instance when the connection drops at that moment: the rest of the page,
 * and whatever the person typed there, stays. React caches a failed lazy import, so the part
 * comes back with the next page load.
 */
export class LoadBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <NotLoaded /> : this.props.children;
  }
}

function NotLoaded() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" sx={{ my: 1 }}>
      {t('app.partNotLoaded')}
    </Alert>
  );
}
