import { Alert, Box, Button, Stack } from '@mui/material';
import { Suspense, useCallback, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { useSession } from '../state/app-context';
import type { Item } from '../state/items';
import { useCell } from '../shell/cell-api';
import { hasAttachmentsSection } from '../files/attachment-rules';
import { LoadBoundary } from '../shell/LoadBoundary';
import { formProperties } from './form-model';
import { ItemHeader } from './ItemHeader';
import { itemLabel } from './item-label';
import { MetaDialog } from './MetaDialog';
import { NotifyPrefDialog } from '../notifications/NotifyPrefDialog';
import { PropertyField } from './PropertyField';
import { RawEditDialog } from './RawEditDialog';
import { StaleNotice } from './StaleNotice';
import { TimelineDialog } from './TimelineDialog';
import { useItemEditor } from './useItemEditor';
import { useItemMenu, type ItemDialog } from './useItemMenu';
import { lazyScreen } from '../i18n/screen-strings';

export interface ItemFormProps {
  /** The item as the query cache holds it now (pushes update it). */
  item: Item;
  type: ItemType;
  /** Properties another part of the page edits (the profile's display toggles). */
  omit?: readonly string[];
}

// The attachments section (lists, viewers, uploads) loads with the first item that has one.
const AttachmentsSection = lazyScreen(() =>
  import('../files/AttachmentsSection').then((m) => ({ default: m.AttachmentsSection })),
);

/** The generic item form: built from the type declaration alone, for every registered type. */
export function ItemForm({ item, type, omit }: ItemFormProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const cell = useCell();
  const ed = useItemEditor(item, type);
  const [dialog, setDialog] = useState<ItemDialog | null>(null);
  const openDialog = useCallback((d: ItemDialog) => setDialog(d), []);
  useItemMenu(item._t, user, openDialog);
  const open = (id: string) => cell.open(`i-${id}`);
  const base = ed.base;
  const close = () => setDialog(null);

  return (
    <FormProvider {...ed.form}>
      <Box
        component="form"
        ref={ed.rootRef}
        noValidate
        onSubmit={ed.submit}
        aria-label={itemLabel(base)}
        sx={{ p: 2, scrollMarginTop: 8 }}
      >
        {ed.stale && <StaleNotice onReload={ed.reloadKeep} />}
        {!ed.editable && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('item.readOnly')}
          </Alert>
        )}
        <ItemHeader
          item={base}
          editable={ed.editable}
          shaking={ed.shaking.includes('$access')}
          onOpen={open}
        />
        <Stack spacing={2.5}>
          {formProperties(type)
            // Fields only the system writes say nothing until it has written them.
            .filter(([name, prop]) => prop.write !== 'system' || !isEmptyValue(base[name]))
            .filter(([name]) => !omit?.includes(name))
            .map(([name, prop]) => (
              <PropertyField
                key={name}
                name={name}
                prop={prop}
                item={base}
                admin={ed.admin}
                editable={ed.editable}
                shaking={ed.shaking.includes(name)}
                onOpen={open}
              />
            ))}
        </Stack>
        {ed.editable && (
          <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" disabled={!ed.isDirty || ed.saving}>
              {t('app.save')}
            </Button>
            <Button onClick={ed.resetForm} disabled={!ed.isDirty || ed.saving}>
              {t('app.discard')}
            </Button>
          </Stack>
        )}
      </Box>
      {hasAttachmentsSection(type) && base.$id && (
        <Box sx={{ px: 2, pb: 2 }}>
          <LoadBoundary>
            <Suspense fallback={null}>
              <AttachmentsSection item={base} type={type} editable={ed.editable} />
            </Suspense>
          </LoadBoundary>
        </Box>
      )}
      {dialog === 'meta' && <MetaDialog item={base} onClose={close} />}
      {dialog === 'timeline' && <TimelineDialog item={base} onClose={close} />}
      {dialog === 'notify' && <NotifyPrefDialog itemId={base.$id} onClose={close} />}
      {dialog === 'raw' && (
        <RawEditDialog
          item={base}
          canSubmit={user?.admin === true}
          onClose={close}
          onSaved={ed.acceptSaved}
        />
      )}
    </FormProvider>
  );
}

function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}
