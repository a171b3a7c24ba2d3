import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { toFieldErrors, validatorFor } from '../../kernel/validator';
import { AccessSelect } from '../items/AccessSelect';
import {
  ACCESS_FIELD,
  blankItem,
  formDefaults,
  formProperties,
  toWireData,
  type FormValues,
} from '../items/form-model';
import { isReadOnlyProp } from '../items/labels';
import { PropertyField } from '../items/PropertyField';
import { useApp, useSession } from '../state/app-context';
import type { Item } from '../state/items';
import { RequestError } from '../state/request-error';
import { OwnerSelect } from './OwnerSelect';
import { typeLabel } from './search-labels';

export interface CreateItemDialogProps {
  type: ItemType;
  onCreated(item: Item): void;
  onClose(): void;
  /**
   * Values the form starts with (a meeting created from a consultation names it), and the
   * labels of the related items among them. The user may still change them.
   */
  initial?: Readonly<Record<string, unknown>>;
  initialLabels?: Readonly<Record<string, string>>;
}

const noop = () => undefined;

/**
 * A new item of a type with the generic fields: validated with the same rules as the server,
 * sent as create/{Type}. When the server needs an owner (chooseOrg, noOrg) the user picks one of
 * their organisations and the create is sent again with it.
 */
export function CreateItemDialog({
  type,
  onCreated,
  onClose,
  initial,
  initialLabels,
}: CreateItemDialogProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const admin = user?.admin === true;
  const titleId = useId();
  const root = useRef<HTMLFormElement | null>(null);
  const blank = useMemo(
    () => blankItem(type, initial, initialLabels) as unknown as Item,
    [type, initial, initialLabels],
  );
  const fields = formProperties(type).filter(([, p]) => !isReadOnlyProp(p, admin));
  // A derived item made under its source (a time entry on its response) is read by the source's
  // readers alone: a visibility of its own would decide nothing, so none is asked or sent.
  const follows = type.access.follows;
  const underSource = !!follows && typeof initial?.[follows] === 'string';
  const form = useForm<FormValues>({ defaultValues: formDefaults(type, blank) });
  const [askOwner, setAskOwner] = useState<string | null>(null);
  const [owner, setOwner] = useState('');
  const [ownerMissing, setOwnerMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  function showErrors(errors: { path: string; key: string }[]): boolean {
    // The visibility too: a module's rule may refuse a level (a living person's birth facts).
    const names = new Set([ACCESS_FIELD, ...fields.map(([n]) => n)]);
    let first: string | null = null;
    for (const e of errors) {
      const top = e.path.split('.')[0] ?? e.path;
      if (!names.has(top) || form.getFieldState(top).error) continue;
      form.setError(top, { type: 'validate', message: e.key });
      first ??= top;
    }
    if (first)
      root.current
        ?.querySelector<HTMLElement>(
          `[data-field="${first}"] input, [data-field="${first}"] textarea, [data-field="${first}"] [role="combobox"]`,
        )
        ?.focus();
    return first !== null;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clearErrors();
    const values = form.getValues();
    const { data, errors } = toWireData(type, values);
    const res = validatorFor(type, { admin }).safeParse(data);
    const all = [...errors, ...(res.success ? [] : toFieldErrors(res.error))];
    if (all.length) {
      if (!showErrors(all)) alerts.push({ type: 'error', key: 'errors.invalidInput' });
      return;
    }
    if (askOwner && !owner) {
      setOwnerMissing(true);
      return;
    }
    const level = underSource ? undefined : values[ACCESS_FIELD];
    setBusy(true);
    try {
      const created = await client.request<Item>(`create/${type.name}`, {
        ...data,
        ...(typeof level === 'string' && level ? { $access: level } : {}),
        ...(askOwner && owner ? { owner } : {}),
      });
      alerts.push({ type: 'success', key: 'search.create.created' });
      onCreated(created);
    } catch (err) {
      if (err instanceof RequestError && (err.userMessage === 'chooseOrg' || err.userMessage === 'noOrg')) {
        setAskOwner(err.userMessage);
        return;
      }
      if (err instanceof RequestError && err.userMessage === 'invalidInput' && err.fields.length)
        showErrors(err.fields);
      alerts.error(err);
    } finally {
      setBusy(false);
    }
  }

  const name = typeLabel(t, type.name);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <FormProvider {...form}>
        <Box
          component="form"
          ref={root}
          onSubmit={(e: FormEvent) => void submit(e)}
          noValidate
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          <DialogTitle id={titleId}>{t('search.create.title', { type: name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {!underSource && (
                <Box data-field={ACCESS_FIELD}>
                  <AccessSelect />
                </Box>
              )}
              {askOwner && (
                <>
                  <Alert severity="info">{t(`errors.${askOwner}`)}</Alert>
                  <OwnerSelect
                    autoFocus
                    value={owner}
                    onChange={(o) => {
                      setOwner(o);
                      setOwnerMissing(false);
                    }}
                    label={t('search.create.owner')}
                    error={ownerMissing}
                    helperText={ownerMissing ? t('errors.required') : undefined}
                  />
                </>
              )}
              {fields.map(([n, p]) => (
                <PropertyField
                  key={n}
                  name={n}
                  prop={p}
                  item={blank}
                  admin={admin}
                  editable
                  shaking={false}
                  onOpen={noop}
                />
              ))}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('app.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('search.create.submit')}
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
