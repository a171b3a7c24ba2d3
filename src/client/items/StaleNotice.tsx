import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Someone saved first: the user's edits are kept; the button takes their version under them. */
export function StaleNotice({ onReload }: { onReload(): Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>{t('item.staleTitle')}</AlertTitle>
      {t('item.staleText')}
      <Box sx={{ mt: 1 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onReload();
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('item.reloadKeep')}
        </Button>
      </Box>
    </Alert>
  );
}
