import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  itemLabel,
  itemType,
  propLabel,
  RequestError,
  useApp,
  useOrgLabels,
  type Item,
} from '../../../../client/module-api';

const FIELDS = ['firstName', 'lastName', 'email', 'officePhone', 'mobilePhone'] as const;

/**
 * A contact of an organisation the community just recorded: an ordinary create/Contact, owned
 * by the staff member's community (chosen when they belong to several), `_related` the org.
 */
export function ContactDialog({
  org,
  orgLabel,
  owners,
  onClose,
  onCreated,
}: {
  org: string;
  orgLabel: string;
  owners: string[];
  onClose(): void;
  /** The new contact and its name as shown (first and last). */
  onCreated(id: string, label: string): void;
}) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const orgLabels = useOrgLabels(owners);
  const titleId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [owner, setOwner] = useState(owners[0] ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function save() {
    // The Contact type's own required fields, checked before the round trip.
    const props = itemType('Contact')?.properties ?? {};
    const missing = FIELDS.filter((k) => props[k]?.required === true && !values[k]?.trim());
    if (missing.length) return setErrors(Object.fromEntries(missing.map((k) => [k, 'errors.required'])));
    const data: Record<string, unknown> = { _related: [org], ...(owner ? { owner } : {}) };
    for (const k of FIELDS) if (values[k]?.trim()) data[k] = values[k]!.trim();
    setBusy(true);
    try {
      const c = await client.request<Item>('create/Contact', data);
      alerts.push({ type: 'success', key: 'search.create.created' });
      onCreated(c.$id, itemLabel(c));
    } catch (e) {
      if (e instanceof RequestError && e.fields.length)
        setErrors(Object.fromEntries(e.fields.map((f) => [f.path.split('.')[0]!, f.key])));
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle id={titleId}>{t('consult.org.contactTitle', { org: orgLabel })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('consult.org.contactIntro')}</DialogContentText>
          <Stack spacing={2}>
            {FIELDS.map((k) => (
              <TextField
                key={k}
                autoFocus={k === 'firstName'}
                required={itemType('Contact')?.properties[k]?.required === true}
                label={propLabel(t, 'Contact', k)}
                type={k === 'email' ? 'email' : 'text'}
                value={values[k] ?? ''}
                error={!!errors[k]}
                helperText={errors[k] ? t(errors[k]) : undefined}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [k]: e.target.value }));
                  setErrors((x) => ({ ...x, [k]: '' }));
                }}
              />
            ))}
            {owners.length > 1 && (
              <TextField
                select
                label={t('search.create.owner')}
                value={owner}
                onChange={(e) => setOwner(e.target.value)}
              >
                {owners.map((o) => (
                  <MenuItem key={o} value={o}>
                    {orgLabels[o] ?? o}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('search.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
