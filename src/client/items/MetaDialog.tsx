import { InfoDialog, QueryState } from './InfoDialog';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';
import { formatDate } from './format';
import { accessLabel } from './labels';
import { grantRows } from './meta-model';

export interface MetaDialogProps {
  item: Item;
  onClose(): void;
}

/** The item's details: id, type, owner, visibility, creation, last change, version and grants. */
export function MetaDialog({ item, onClose }: MetaDialogProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const grants = useQuery({
    queryKey: ['grantedBy', item.$id, item._u],
    queryFn: () => client.act('getGrantedBy', { grantsFor: [item.$id] }),
    retry: false,
  });
  const labels = item.$labels ?? {};
  const name = (id: string) => labels[id] ?? id;
  const creator = item._c?.$id;
  const rows: [string, string][] = [
    [t('item.id'), item.$id],
    [t('item.type'), item._t],
    [t('item.owner'), item.owner ? name(item.owner) : t('item.noOwner')],
    [t('item.access'), accessLabel(t, item.$access)],
    [t('item.createdBy'), creator ? name(creator) : t('item.system')],
    [t('item.created'), item._c?.ts ? formatDate(item._c.ts) : t('item.empty')],
    [t('item.updated'), item._m?.ts ? formatDate(item._m.ts) : t('item.empty')],
    [t('item.version'), String(item.$version)],
    [t('item.changeCount'), String(item._u)],
  ];
  const granted = grantRows(grants.data, item.$id);
  return (
    <InfoDialog title={t('item.metaTitle')} maxWidth="sm" onClose={onClose}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([k, v]) => (
          <Fragment key={k}>
            <Typography component="dt" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
              {v}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        {t('item.grants')}
      </Typography>
      <QueryState q={grants} empty={granted.length === 0} emptyText={t('item.noGrants')}>
        <List dense>
          {granted.map((g) => (
            <ListItem key={`${g.principal} ${g.grantedBy}`} disableGutters>
              <ListItemText
                primary={t('item.grantLine', {
                  principal: name(g.principal),
                  actions: g.actions.join(', '),
                })}
                secondary={t('item.grantedBy', {
                  who: g.grantedBy === 'system' ? t('item.system') : name(g.grantedBy),
                })}
              />
            </ListItem>
          ))}
        </List>
      </QueryState>
    </InfoDialog>
  );
}
