import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, ButtonBase, IconButton, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { useClientModules } from '../modules/loader';
import type { Item } from '../state/items';
import { editorKind, fieldEditorsOf, KIND_EDITORS, mayWriteProp } from './field-editors';
import { fieldEditorModule } from './item-label';
import { propLabel } from './labels';
import { PropertyField } from './PropertyField';
import { ReadOnlyValue } from './ReadOnlyValue';
import { isPlainValue, isWideValue, recordFields } from './record-model';
import { visuallyHidden } from '@mui/utils';

export interface RecordFieldsProps {
  item: Item;
  type: ItemType;
  admin: boolean;
  /** The person may change the item. */
  editable: boolean;
  omit: readonly string[];
  /** The field edited in place, if any. */
  fieldEdit: string | null;
  shaking: readonly string[];
  saving: boolean;
  dirty: boolean;
  onEditField(name: string): void;
  /** Leaves the field's editor: discards its change first when there is one. */
  onCancelField(): void;
  onOpen(id: string): void;
}

// The label/value grid reacts to the width of its cell, not of the window (a container query):
// label above value in a narrow cell or on a phone, label beside value from 480 px, and two
// fields a row from 900 px, where one column would leave half the cell empty.
const GRID_SX = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  columnGap: 4,
  rowGap: 0.5,
  '@container record (min-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
} as const;

const ROW_SX = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  columnGap: 2,
  py: 0.5,
  minWidth: 0,
  borderBottom: 1,
  borderColor: 'divider',
  '@container record (min-width: 480px)': { gridTemplateColumns: 'minmax(110px, 34%) minmax(0, 1fr)' },
} as const;

/** The record's fields in read mode: formatted values, each editable in place where allowed. */
export function RecordFields(p: RecordFieldsProps) {
  const { t } = useTranslation();
  const { item, type, admin, editable, fieldEdit } = p;
  const [showEmpty, setShowEmpty] = useState(false);
  const registered = fieldEditorsOf(useClientModules());
  const fields = recordFields(type, item, { admin, editable, omit: p.omit });
  // A module's editor (a map) or the client's own (a file) shows its value itself, outside the
  // grid; an empty one is filled in the edit form (its editor there is the upload or the map).
  // A kind whose module's half is still loading counts too: PropertyField loads it.
  const own = (prop: PropertyDef) =>
    registered.has(editorKind(prop)) ||
    !!fieldEditorModule(editorKind(prop)) ||
    (Object.hasOwn(KIND_EDITORS, prop.kind) && !!item.$id);
  const { filled } = fields;
  const empty = fields.empty.filter(([, prop]) => !own(prop));
  // A folded field being edited stays in view.
  const shown = [...filled, ...empty.filter(([n]) => showEmpty || n === fieldEdit)];
  const grid = shown.filter(([, prop]) => !own(prop));
  const apart = filled.filter(([, prop]) => own(prop));
  const hiddenCount = showEmpty ? empty.length : empty.filter(([n]) => n !== fieldEdit).length;

  return (
    <Box sx={{ containerType: 'inline-size', containerName: 'record' }} data-record-fields>
      {grid.length > 0 && (
        <Box component="dl" sx={GRID_SX}>
          {grid.map(([name, prop]) =>
            name === fieldEdit ? (
              <FieldEditRow key={name} name={name} prop={prop} {...p} />
            ) : (
              <FieldRow
                key={name}
                name={name}
                prop={prop}
                item={item}
                canEdit={editable && mayWriteProp(prop, admin) && fieldEdit === null}
                onEdit={() => p.onEditField(name)}
                onOpen={p.onOpen}
              />
            ),
          )}
        </Box>
      )}
      {apart.map(([name, prop]) => (
        <Box key={name} sx={{ mt: 2 }}>
          <PropertyField
            name={name}
            prop={prop}
            item={item}
            admin={admin}
            editable={false}
            shaking={p.shaking.includes(name)}
            onOpen={p.onOpen}
          />
        </Box>
      ))}
      {empty.length > 0 && (hiddenCount > 0 || showEmpty) && (
        <Button size="small" sx={{ mt: 1 }} aria-expanded={showEmpty} onClick={() => setShowEmpty((s) => !s)}>
          {showEmpty
            ? t('item.hideEmpty', { count: empty.length })
            : t('item.showEmpty', { count: hiddenCount })}
        </Button>
      )}
    </Box>
  );
}

interface FieldRowProps {
  name: string;
  prop: PropertyDef;
  item: Item;
  canEdit: boolean;
  onEdit(): void;
  onOpen(id: string): void;
}

/** One label and its formatted value; a click on the value (or Enter on it) edits it in place. */
function FieldRow({ name, prop, item, canEdit, onEdit, onOpen }: FieldRowProps) {
  const { t } = useTranslation();
  const valueId = useId();
  const hintId = useId();
  const label = propLabel(t, item._t, name);
  const value = (
    <Box id={valueId} sx={{ minWidth: 0, flex: 1 }}>
      <ReadOnlyValue
        prop={prop}
        value={item[name]}
        labels={item.$labels ?? {}}
        owner={item.owner}
        onOpen={onOpen}
      />
    </Box>
  );
  return (
    <Box sx={{ ...ROW_SX, ...(isWideValue(prop) ? { gridColumn: '1 / -1' } : {}) }} data-field={name}>
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ py: 0.75, overflowWrap: 'anywhere' }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {canEdit && isPlainValue(prop) ? (
          <ButtonBase
            component="div"
            data-edit-trigger
            onClick={onEdit}
            // "Edit Office phone (250) 555-0199": what it does, then the words on screen (WCAG 2.5.3).
            aria-labelledby={`${hintId} ${valueId}`}
            sx={{
              display: 'flex',
              width: '100%',
              justifyContent: 'flex-start',
              textAlign: 'left',
              borderRadius: 1,
              px: 1,
              ml: -1,
              py: 0.5,
              minHeight: 36,
              cursor: 'text',
              '&:hover': { bgcolor: 'action.hover' },
              '&:hover .edit-hint, &.Mui-focusVisible .edit-hint': { opacity: 1 },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
            }}
          >
            <Box component="span" id={hintId} sx={visuallyHidden}>
              {t('item.editField', { label })}
            </Box>
            {value}
            <EditIcon
              className="edit-hint"
              fontSize="small"
              color="action"
              sx={{ opacity: 0, ml: 1 }}
              aria-hidden
            />
          </ButtonBase>
        ) : (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, py: 0.5, minHeight: 36 }}>
            {value}
            {canEdit && (
              <IconButton
                size="small"
                data-edit-trigger
                aria-label={t('item.editField', { label })}
                onClick={onEdit}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        )}
      </Box>
    </Box>
  );
}

/** A field edited in place: its editor, with Save and Cancel (or Discard) beside it. */
function FieldEditRow({
  name,
  prop,
  item,
  admin,
  shaking,
  saving,
  dirty,
  onCancelField,
  onOpen,
}: RecordFieldsProps & { name: string; prop: PropertyDef }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ gridColumn: '1 / -1', py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" sx={visuallyHidden}>
        {propLabel(t, item._t, name)}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        <PropertyField
          name={name}
          prop={prop}
          item={item}
          admin={admin}
          editable
          shaking={shaking.includes(name)}
          onOpen={onOpen}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button type="submit" size="small" variant="contained" disabled={saving}>
            {t('app.save')}
          </Button>
          <Button size="small" onClick={onCancelField} disabled={saving}>
            {dirty ? t('app.discard') : t('item.cancelEdit')}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
