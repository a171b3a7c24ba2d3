import { Box, Button, Stack } from '@mui/material';
import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { useSession } from '../state/app-context';
import type { Item } from '../state/items';
import { useCell } from '../shell/cell-api';
import type { ItemMenuEntry, ItemSection } from '../module-api';
import { LoadBoundary } from '../shell/LoadBoundary';
import { ItemHeader } from './ItemHeader';
import { itemLabel } from './item-label';
import { MetaDialog } from './MetaDialog';
import { NotifyPrefDialog } from '../notifications/NotifyPrefDialog';
import { PropertyField } from './PropertyField';
import { RawEditDialog } from './RawEditDialog';
import { RecordFields } from './RecordFields';
import { editFields, isEditShortcut, isWideValue } from './record-model';
import { StaleNotice } from './StaleNotice';
import { TimelineDialog } from './TimelineDialog';
import { FOCUSABLE, useItemEditor } from './useItemEditor';
import { useItemMenu, type ItemDialog } from './useItemMenu';

export interface ItemFormProps {
  /** The item as the query cache holds it now (pushes update it). */
  item: Item;
  type: ItemType;
  /**
   * The modules' sections that show for the item, above and below the form, and the properties
   * they edit themselves (the profile's display toggles), which the form leaves out.
   */
  sections?: {
    above: readonly ItemSection[];
    /** Between the header and the fields (ItemSection.belowHeader). */
    header?: readonly ItemSection[];
    below: readonly ItemSection[];
    omit: readonly string[];
  };
  /** The modules' item menu entries (each says whether it applies to this item). */
  menu?: readonly ItemMenuEntry[];
}

// The edit form uses the record's widths (RecordFields): two inputs a row from 900 px of record.
const EDIT_GRID_SX = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  columnGap: 2,
  rowGap: 2.5,
  '@container record (min-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
} as const;

const NO_SECTIONS = { above: [], below: [], omit: [] } as const;
const NO_ENTRIES: readonly ItemMenuEntry[] = [];

/**
 * The generic item screen, built from the type declaration alone, for every registered type: a
 * record to read (header, formatted values) that turns into its edit form with Edit or the E
 * key, or edits one field in place (issue 13).
 */
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
  useModeFocus(ed.rootRef, ed.mode, ed.fieldEdit);

  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.defaultPrevented) return;
    const editing = ed.mode === 'edit' || ed.fieldEdit !== null;
    // Escape leaves an edit that changed nothing; changes wait for Save or Discard.
    if (e.key === 'Escape' && editing && ed.isClean()) {
      e.preventDefault();
      ed.toRead();
    } else if (!editing && ed.editable && isEditShortcut({ ...e, target: e.target as HTMLElement })) {
      e.preventDefault();
      ed.editAll();
    }
  }
  const cancelField = () => (ed.isClean() ? ed.toRead() : ed.resetForm());

  return (
    <FormProvider {...ed.form}>
      {sections.above.map((s) => (
        <SectionSlot
          key={s.id}
          section={s}
          item={base}
          type={type}
          editable={ed.editable}
          onSaved={ed.acceptSaved}
        />
      ))}
      <Box
        component="form"
        ref={ed.rootRef}
        noValidate
        onSubmit={ed.submit}
        aria-label={itemLabel(base)}
        onKeyDown={onKeyDown}
        data-record-mode={ed.mode}
        sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 8 }}
      >
        {ed.stale && <StaleNotice onReload={ed.reloadKeep} />}
        <ItemHeader
          item={base}
          type={type}
          admin={ed.admin}
          editing={ed.mode === 'edit'}
          editable={ed.editable}
          shaking={ed.shaking.includes('$access')}
          onOpen={open}
          onEdit={ed.editAll}
        />
        {sections.header?.map((s) => (
          // The record's shortcuts (e: edit, Escape: back to reading) stay out of the section's
          // own buttons, fields and dialogs.
          <Box key={s.id} onKeyDown={(e) => e.stopPropagation()} sx={{ my: 2 }}>
            <SectionSlot
              section={s}
              item={base}
              type={type}
              editable={ed.editable}
              onSaved={ed.acceptSaved}
            />
          </Box>
        ))}
        {ed.mode === 'edit' ? (
          <>
            <Box data-record-fields sx={{ containerType: 'inline-size', containerName: 'record' }}>
              <Box sx={EDIT_GRID_SX}>
                {editFields(type, base, { admin: ed.admin, omit: sections.omit }).map(([name, prop]) => (
                  <Box key={name} sx={isWideValue(prop) ? { gridColumn: '1 / -1' } : undefined}>
                    <PropertyField
                      name={name}
                      prop={prop}
                      item={base}
                      admin={ed.admin}
                      editable={ed.editable}
                      shaking={ed.shaking.includes(name)}
                      onOpen={open}
                    />
                  </Box>
                ))}
              </Box>
            </Box>
            <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
              <Button type="submit" variant="contained" disabled={!ed.isDirty || ed.saving}>
                {t('app.save')}
              </Button>
              {/* With changes it discards them; without, it only goes back to the record. */}
              <Button onClick={ed.isDirty ? ed.resetForm : ed.toRead} disabled={ed.saving}>
                {ed.isDirty ? t('app.discard') : t('item.cancelEdit')}
              </Button>
            </Stack>
          </>
        ) : (
          <RecordFields
            item={base}
            type={type}
            admin={ed.admin}
            editable={ed.editable}
            omit={sections.omit}
            fieldEdit={ed.fieldEdit}
            shaking={ed.shaking}
            saving={ed.saving}
            dirty={ed.isDirty}
            onEditField={ed.editField}
            onCancelField={cancelField}
            onOpen={open}
          />
        )}
      </Box>
      {sections.below.map((s) => (
        <SectionSlot
          key={s.id}
          section={s}
          item={base}
          type={type}
          editable={ed.editable}
          onSaved={ed.acceptSaved}
        />
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
  onSaved,
}: {
  section: ItemSection;
  item: Item;
  type: ItemType;
  editable: boolean;
  onSaved(saved: Item): void;
}) {
  const { user } = useSession();
  const Section = section.component;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <Section item={item} type={type} editable={editable} user={user} onSaved={onSaved} />
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

/**
 * Moves the focus with the mode: into the first field of the edit form, into the field edited
 * in place, and back to what started the edit (the field's value, or Edit) when it ends, so a
 * keyboard user never lands on the page's body.
 */
function useModeFocus(
  rootRef: RefObject<HTMLFormElement | null>,
  mode: 'read' | 'edit',
  fieldEdit: string | null,
) {
  const prev = useRef({ mode, fieldEdit });
  useEffect(() => {
    const before = prev.current;
    prev.current = { mode, fieldEdit };
    const root = rootRef.current;
    if (!root || (before.mode === mode && before.fieldEdit === fieldEdit)) return;
    const field = (name: string) => root.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
    let target: HTMLElement | null | undefined;
    if (mode === 'edit' && before.mode === 'read')
      target = root.querySelector('[data-record-fields]')?.querySelector<HTMLElement>(FOCUSABLE);
    else if (fieldEdit !== null) target = field(fieldEdit)?.querySelector<HTMLElement>(FOCUSABLE);
    else if (before.fieldEdit !== null)
      target = field(before.fieldEdit)?.querySelector<HTMLElement>('[data-edit-trigger]');
    else if (before.mode === 'edit') target = root.querySelector<HTMLElement>('[data-record-edit]');
    target?.focus();
  }, [rootRef, mode, fieldEdit]);
}
