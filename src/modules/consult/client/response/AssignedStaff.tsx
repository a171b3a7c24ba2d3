import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type Item } from '../../../../client/module-api';
import { errorKey } from './consult-acts';
import { assignedOf, labelOf } from './response-fields';
import { UserPicker } from './UserPicker';

/**
 * The staff assigned to a response: chips (removable by those who may edit) and a picker to
 * add one. Each change is the act cnsAssign / cnsUnassign (CNS_ASSIGNED / CNS_UNASSIGNED; the
 * assignee is notified); the item's push brings the new list.
 */
export function AssignedStaff({ item, editable }: { item: Item; editable: boolean }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const headingId = useId();
  const assigned = assignedOf(item);
  const [pick, setPick] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(name: 'cnsAssign' | 'cnsUnassign', user: string) {
    setBusy(true);
    setError(null);
    try {
      await client.act(name, { item: item.$id, user });
      if (name === 'cnsAssign') setPick(null);
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  }

  const submit = () => {
    if (pick) void run('cnsAssign', pick);
  };

  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('consult.response.assigned')}
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: editable ? 1 : 0 }}
        data-testid="response-assigned"
      >
        {assigned.length === 0 && (
          <Typography variant="body2">{t('consult.response.nobodyAssigned')}</Typography>
        )}
        {assigned.map((id) => (
          <Chip
            key={id}
            label={labelOf(item, id)}
            size="small"
            // A deletable chip is focusable; Delete or Backspace on it unassigns (MUI's keys).
            onDelete={editable && !busy ? () => void run('cnsUnassign', id) : undefined}
            title={editable ? t('consult.response.unassign', { name: labelOf(item, id) }) : undefined}
          />
        ))}
      </Stack>
      {editable && (
        // Not a <form>: this may show inside the record's own form (a step panel under the
        // workflow panel), and a form inside a form is not HTML: its submit never arrived.
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <UserPicker
            label={t('consult.response.assignLabel')}
            value={pick}
            exclude={assigned}
            disabled={busy}
            onChange={(id) => setPick(id)}
          />
          <Button variant="outlined" disabled={!pick || busy} onClick={submit}>
            {t('consult.response.assign')}
          </Button>
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t(error)}
        </Alert>
      )}
    </Box>
  );
}
