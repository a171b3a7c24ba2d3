import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** An unknown cell key: the cellKeyNotValid warning naming the path (spec core §2). */
export function InvalidCellView({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="warning">{t('errors.cellKeyNotValid', { path })}</Alert>
    </Box>
  );
}
