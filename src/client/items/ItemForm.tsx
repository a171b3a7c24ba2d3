import { Alert, Box, Button, Stack } from '@mui/material';
import { Suspense, useCallback, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { useSession } from '../state/app-context';
import type { Item } from '../state/items';
import { useCell } from '../shell/cell-api';
import type { ItemMenuEntry, ItemSection } from '../module-api';
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

export interface ItemFormProps {
  /** The item as the query cache holds it now (pushes update it). */
  item: Item;
  type: ItemType;
  /**
   * The modules' sections that show for the item, above and below the form, and the properties
   * they edit themselves (the profile's display toggles), which the form leaves out.
   */
  sections?: { above: readonly ItemSection[]; below: readonly ItemSection[]; omit: readonly string[] };
  /** The modules' item menu entries (each says whether it applies to this item). */
  menu?: readonly ItemMenuEntry[];
}

const NO_SECTIONS = { above: [], below: [], omit: [] } as const;
const NO_ENTRIES: readonly ItemMenuEntry[] = [];

/** The generic item form: built from the type declaration alone, for every registered type. */
export function ItemForm({ item, type, sections = NO_SECTIONS, menu = NO_ENTRIES }: ItemFormProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const cell = useCell();
  const ed = useItemEditor(item, type);
  const [dialog, setDialog] = useState<ItemDialog | null>(null);
  const openDialog = useCallback((d: ItemDialog) => setDialog(d), []);
  const base = ed.base;
  useItemMenu(base, type, user, menu, openDialog);
  const open = (id: string) => cell.open(`i-${id}`);
  const close = () => setDialog(null);

  return (
    <FormProvider {...ed.form}>
      {sections.above.map((s) => (
        <SectionSlot key={s.id} section={s} item={base} type={type} editable={ed.editable} />
      ))}
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
            .filter(([name]) => !sections.omit.includes(name))
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
      {sections.below.map((s) => (
        <SectionSlot key={s.id} section={s} item={base} type={type} editable={ed.editable} />
      ))}
      {dialog === 'meta' && <MetaDialog item={base} onClose={close} />}
      {dialog === 'timeline' && <TimelineDialog item={base} onClose={close} />}
      {dialog === 'notify' && <NotifyPrefDialog itemId={base.$id} onClose={close} />}
      {typeof dialog === 'object' && dialog && (
        <EntryDialog key={dialog.entry.id} entry={dialog.entry} item={base} onClose={close} />
      )}
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

/** One module's section: its code may arrive later, and a part that cannot load stays alone. */
function SectionSlot({
  section,
  item,
  type,
  editable,
}: {
  section: ItemSection;
  item: Item;
  type: ItemType;
  editable: boolean;
}) {
  const { user } = useSession();
  const Section = section.component;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <Section item={item} type={type} editable={editable} user={user} />
      </Suspense>
    </LoadBoundary>
  );
}

/** A module's menu entry's dialog, loaded when first opened. */
function EntryDialog({ entry, item, onClose }: { entry: ItemMenuEntry; item: Item; onClose(): void }) {
  const Dialog = entry.dialog;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <Dialog item={item} open onClose={onClose} />
      </Suspense>
    </LoadBoundary>
  );
}

function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}
