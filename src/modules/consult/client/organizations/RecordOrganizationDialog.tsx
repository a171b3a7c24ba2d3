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
import { RequestError, useApp } from '../../../../client/module-api';
import { ORGANIZATION_TYPES } from '../../../core/types';

/** What a community records: never another community (those are set up by the site's admins). */
export const RECORDABLE_TYPES = ORGANIZATION_TYPES.filter((t) => t !== 'COMMUNITY');

type Field = 'displayName' | 'legalName' | 'website' | 'industry';
type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/**
 * Record a proponent, regulator or consultant organisation (act cnsCreateOrganization). `kinds`
 * narrows the types offered to those that fit where it is recorded from (the guided form's
 * proponent picker offers companies first), the first chosen.
 */
export function RecordOrganizationDialog({
  onClose,
  onCreated,
  kinds = RECORDABLE_TYPES,
}: {
  onClose(): void;
  onCreated(id: string, label: string, addContact: boolean): void;
  kinds?: readonly OrganizationType[];
}) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const titleId = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    displayName: '',
    legalName: '',
    website: '',
    industry: '',
  });
  const offered = kinds.filter((k) => (RECORDABLE_TYPES as readonly string[]).includes(k));
  const [type, setType] = useState<OrganizationType>(offered[0] ?? 'INDUSTRY');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function save(addContact: boolean) {
    const name = values.displayName.trim();
    if (!name) return setErrors({ displayName: 'errors.required' });
    // Empty optional fields are left out (undefined is not sent).
    const optional = (k: Field) => values[k].trim() || undefined;
    setBusy(true);
    try {
      const r = await client.act('cnsCreateOrganization', {
        displayName: name,
        type,
        legalName: optional('legalName'),
        website: optional('website'),
        industry: optional('industry'),
      });
      alerts.push({ type: 'success', key: 'consult.org.created' });
      onCreated(r.$id, name, addContact);
    } catch (e) {
      if (e instanceof RequestError && e.fields.length)
        setErrors(Object.fromEntries(e.fields.map((f) => [f.path.split('.')[0]!, f.key])));
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  const field = (k: Field) => (
    <TextField
      key={k}
      autoFocus={k === 'displayName'}
      required={k === 'displayName'}
      label={t(`consult.org.${k}`)}
      value={values[k] ?? ''}
      error={!!errors[k]}
      helperText={errors[k] ? t(errors[k]) : undefined}
      onChange={(e) => {
        setValues((v) => ({ ...v, [k]: e.target.value }));
        setErrors((x) => ({ ...x, [k]: '' }));
      }}
      slotProps={{ htmlInput: { 'data-field': k } }}
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <DialogTitle id={titleId}>{t('consult.org.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('consult.org.intro')}</DialogContentText>
          <Stack spacing={2}>
            {field('displayName')}
            <TextField
              select
              label={t('consult.org.type')}
              value={type}
              onChange={(e) => setType(e.target.value as OrganizationType)}
            >
              {offered.map((ty) => (
                <MenuItem key={ty} value={ty}>
                  {t(`enums.${ty}`, {
                    defaultValue: ty.charAt(0) + ty.slice(1).toLowerCase().replace(/_/g, ' '),
                  })}
                </MenuItem>
              ))}
            </TextField>
            {field('legalName')}
            {field('website')}
            {field('industry')}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button disabled={busy} onClick={() => void save(true)}>
            {t('consult.org.addContact')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('consult.org.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
