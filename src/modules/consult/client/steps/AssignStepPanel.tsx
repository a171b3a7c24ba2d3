import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StepPanelProps } from '../../../../client/module-api';
import { AssignedStaff } from '../response/AssignedStaff';
import { CompleteStep } from './CompleteStep';

/** RWF_ASSIGN: assign the response to staff (cnsAssign), then complete (it needs an assignee). */
export function AssignStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="step-panel-RWF_ASSIGN">
      <Typography variant="body2" color="text.secondary">
        {t('consult.step.assignHelp')}
      </Typography>
      <AssignedStaff item={item} editable={editable} />
      {editable && <CompleteStep item={item} step={step} />}
    </Stack>
  );
}
