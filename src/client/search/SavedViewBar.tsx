import SavedSearchIcon from '@mui/icons-material/SavedSearch';
import ShareIcon from '@mui/icons-material/Share';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AccessChip } from '../items/AccessChip';
import type { Item } from '../state/items';

/** The open saved view: its name and visibility; share it, or store the current state in it. */
export function SavedViewBar({
  view,
  onShare,
  onSaveChanges,
}: {
  view: Item;
  onShare(): void;
  onSaveChanges(): void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1, mb: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <SavedSearchIcon color="primary" aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>
        {t('search.view.current', { name: String(view.name ?? '') })}
      </Typography>
      <AccessChip level={view.$access} />
      <Stack direction="row" sx={{ gap: 1, ml: 'auto' }}>
        {view.$allowed?.update && (
          <Button size="small" onClick={onSaveChanges}>
            {t('search.save.update')}
          </Button>
        )}
        {view.$allowed?.setLevel && (
          <Button size="small" startIcon={<ShareIcon />} onClick={onShare}>
            {t('search.share.button')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
