import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Item } from '../state/items';
import { AccessChip } from './AccessChip';
import { AccessSelect } from './AccessSelect';
import { RelationChips } from './RelationChips';
import { ACCESS_FIELD } from './form-model';
import { shakeSx } from './shake';

export interface ItemHeaderProps {
  item: Item;
  editable: boolean;
  shaking: boolean;
  onOpen(id: string): void;
}

/** Above the form: the visibility level and the owning organisation. */
export function ItemHeader({ item, editable, shaking, onOpen }: ItemHeaderProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <Box data-field={ACCESS_FIELD} data-shake={shaking ? 'true' : undefined} sx={shakeSx}>
        {editable && item.$allowed?.setLevel !== false ? (
          <AccessSelect />
        ) : (
          <AccessChip level={item.$access} />
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('item.owner')}
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          {item.owner ? (
            <RelationChips ids={[item.owner]} labels={item.$labels ?? {}} onOpen={onOpen} />
          ) : (
            <Typography variant="body2">{t('item.noOwner')}</Typography>
          )}
        </Box>
      </Box>
    </Stack>
  );
}
