import { Alert, Button, Chip, List, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateItemDialog,
  ItemLinkRow,
  itemType,
  useCanCreate,
  useCell,
  type StepPanelProps,
} from '../../../../client/module-api';
import { CompleteFieldworkStep } from './CompleteFieldworkStep';
import { progressOf } from './fieldwork-model';
import { useSearchItems } from './useSearchItems';

const WORK_ITEM = 'GeoKeeperWorkItem';

/**
 * GKF_WORK_ITEMS: the job's work items (GeoKeeperWorkItem.fieldwork) with how many records each
 * has and how many are finalized; a new one is the ordinary create with the job and its program
 * filled in. Complete is the server's check: every work item has records, all finalized.
 */
export function WorkItemsStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const cell = useCell();
  const canCreate = useCanCreate(WORK_ITEM);
  const [creating, setCreating] = useState(false);
  const works = useSearchItems(WORK_ITEM, { fieldwork: [item.$id] });
  const list = works.data ?? [];
  const ids = list.map((w) => w.$id);
  const records = useSearchItems('GeoKeeperFieldData', { workItem: ids }, ids.length > 0, 1000);
  const type = itemType(WORK_ITEM);
  const program = typeof item.program === 'string' ? item.program : '';
  const initial = useMemo(
    () => ({ fieldwork: item.$id, ...(program ? { program } : {}), state: 'ACTIVE' }),
    [item.$id, program],
  );
  const programLabel = program ? item.$labels?.[program] : undefined;
  const initialLabels = useMemo(
    () => ({
      [item.$id]: typeof item.label === 'string' ? item.label : item.$id,
      ...(program && programLabel ? { [program]: programLabel } : {}),
    }),
    [item.$id, item.label, program, programLabel],
  );
  const progress = list.map((w) => ({ w, ...progressOf(records.data ?? [], w.$id) }));
  const ready = progress.length > 0 && progress.every((p) => p.records > 0 && p.finalized === p.records);
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="step-panel-GKF_WORK_ITEMS">
      <Typography variant="body2" color="text.secondary">
        {t('geokeeper.fieldwork.workItems.help')}
      </Typography>
      {(works.isError || records.isError) && (
        <Alert severity="error">{t('geokeeper.fieldwork.loadFailed')}</Alert>
      )}
      {works.isSuccess && list.length === 0 && (
        <Typography variant="body2">{t('geokeeper.fieldwork.workItems.none')}</Typography>
      )}
      {list.length > 0 && (
        <List dense disablePadding aria-label={t('geokeeper.fieldwork.workItems.list')}>
          {progress.map(({ w, records: n, finalized }) => (
            <ItemLinkRow
              key={w.$id}
              id={w.$id}
              type={WORK_ITEM}
              primary={typeof w.label === 'string' ? w.label : w.$id}
              secondary={
                <Chip
                  component="span"
                  size="small"
                  variant="outlined"
                  color={n > 0 && finalized === n ? 'success' : 'default'}
                  label={t('geokeeper.fieldwork.workItems.progress', { records: n, finalized })}
                />
              }
            />
          ))}
        </List>
      )}
      {ready && (
        <Typography variant="body2" color="success.main">
          {t('geokeeper.fieldwork.workItems.ready')}
        </Typography>
      )}
      {editable && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {canCreate && type && (
            <Button variant="outlined" size="small" onClick={() => setCreating(true)}>
              {t('geokeeper.fieldwork.workItems.add')}
            </Button>
          )}
          <CompleteFieldworkStep item={item} step={step} />
        </Stack>
      )}
      {creating && type && (
        <CreateItemDialog
          type={type}
          initial={initial}
          initialLabels={initialLabels}
          onClose={() => setCreating(false)}
          onCreated={(w) => {
            setCreating(false);
            void works.refetch();
            cell.open(`i-${w.$id}`);
          }}
        />
      )}
    </Stack>
  );
}
