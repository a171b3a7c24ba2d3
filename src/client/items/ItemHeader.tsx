import EditIcon from '@mui/icons-material/Edit';
import { Avatar, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { typeLabel } from '../search/search-labels';
import { TypeIcon } from '../search/TypeIcon';
import type { Item } from '../state/items';
import { AccessChip } from './AccessChip';
import { AccessSelect } from './AccessSelect';
import { ItemBadgesSlot } from './ItemBadgesSlot';
import { ProtocolChips } from './ProtocolChips';
import { ProtocolSelect } from './ProtocolSelect';
import { ACCESS_FIELD } from './form-model';
import { itemLabel } from './item-label';
import { enumLabel, propLabel } from './labels';
import { ReadOnlyValue } from './ReadOnlyValue';
import { RelationChips } from './RelationChips';
import { headerFacts, stateValue } from './record-model';
import { shakeSx } from './shake';

export interface ItemHeaderProps {
  item: Item;
  type: ItemType;
  admin: boolean;
  /** The whole record is in its edit form: the visibility becomes a select. */
  editing: boolean;
  /** The person may change the item: the Edit button shows in read mode. */
  editable: boolean;
  shaking: boolean;
  onOpen(id: string): void;
  onEdit(): void;
}

const NO_LABELS: Readonly<Record<string, string>> = {};

/**
 * The record's header (issue 13): the type's icon, the label as the record's heading, the
 * state chip, the visibility, the owner and the type's key facts, with the Edit button.
 */
export function ItemHeader({
  item,
  type,
  admin,
  editing,
  editable,
  shaking,
  onOpen,
  onEdit,
}: ItemHeaderProps) {
  const { t } = useTranslation();
  const state = stateValue(type, item);
  const facts = headerFacts(type, item, admin);
  const labels = item.$labels ?? NO_LABELS;
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2 }}>
        <Avatar
          variant="rounded"
          sx={{ bgcolor: 'action.selected', color: 'text.primary', width: 44, height: 44, mt: 0.25 }}
        >
          <TypeIcon type={item._t} />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
            <Typography
              component="h3"
              variant="h5"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.25 }}
            >
              {itemLabel(item)}
            </Typography>
            {state && (
              <Chip
                size="small"
                color="primary"
                label={enumLabel(t, state)}
                aria-label={`${propLabel(t, item._t, type.stateField ?? '')}: ${enumLabel(t, state)}`}
              />
            )}
          </Stack>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 1, mt: 0.75 }}
          >
            <Typography variant="body2" color="text.secondary">
              {typeLabel(t, item._t)}
            </Typography>
            <Box data-field={ACCESS_FIELD} data-shake={shaking ? 'true' : undefined} sx={shakeSx}>
              {editing && item.$allowed?.setLevel !== false ? (
                <AccessSelect />
              ) : (
                <AccessChip level={item.$access} />
              )}
            </Box>
            {editing && item.$allowed?.setLevel !== false ? (
              <ProtocolSelect owner={item.owner} labels={labels} />
            ) : (
              <ProtocolChips
                ids={Array.isArray(item.$protocols) ? (item.$protocols as string[]) : []}
                strict={item.$protocolsStrict === true}
                labels={labels}
              />
            )}
            <ItemBadgesSlot item={item} interactive />
            <Box component="dl" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('item.owner')}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                {item.owner ? (
                  <RelationChips ids={[item.owner]} labels={labels} onOpen={onOpen} />
                ) : (
                  <Typography variant="body2">{t('item.noOwner')}</Typography>
                )}
              </Box>
            </Box>
          </Stack>
        </Box>
        {editable && !editing && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<EditIcon />}
            onClick={onEdit}
            aria-keyshortcuts="E"
            data-record-edit
            sx={{ flexShrink: 0 }}
          >
            {t('item.edit')}
          </Button>
        )}
      </Stack>
      {/* In the edit form the fields themselves are the facts. */}
      {!editing && facts.length > 0 && (
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 2,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          {facts.map(([name, prop]) => (
            <Box
              key={name}
              sx={{
                px: 1.5,
                py: 1,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                minWidth: 0,
                maxWidth: '100%',
              }}
            >
              <Typography component="dt" variant="caption" color="text.secondary">
                {propLabel(t, item._t, name)}
              </Typography>
              <Box component="dd" sx={{ m: 0, typography: 'body2' }}>
                <ReadOnlyValue
                  prop={prop}
                  value={item[name]}
                  labels={labels}
                  owner={item.owner}
                  onOpen={onOpen}
                  dense
                />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
