import { Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepPanelProps } from '../../../../client/module-api';
import { CompleteStep } from './CompleteStep';

/**
 * RWF_RESEARCH: a checkbox the assignee ticks when the research is done, then Complete. What was
 * found is written in the response's sections and concerns (or its files), where the response
 * keeps it; the step itself holds no text (its instance has no field for one).
 */
export function ResearchStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  return (
    <Stack sx={{ gap: 1 }} data-testid="step-panel-RWF_RESEARCH">
      <Typography variant="body2" color="text.secondary">
        {t('consult.step.researchHelp')}
      </Typography>
      {editable && (
        <>
          <FormControlLabel
            control={<Checkbox checked={done} onChange={(e) => setDone(e.target.checked)} />}
            label={t('consult.step.researchDone')}
          />
          <CompleteStep item={item} step={step} disabled={!done} />
        </>
      )}
    </Stack>
  );
}
