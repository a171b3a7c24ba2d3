import { Box } from '@mui/material';
import { Suspense } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PropertyDef } from '../../kernel/property';
import { useClientModules } from '../modules/loader';
import { LoadBoundary } from '../shell/LoadBoundary';
import type { Item } from '../state/items';
import {
  editorKind,
  fieldEditorsOf,
  mayWriteProp,
  pickFieldEditor,
  useKindEditorLoading,
} from './field-editors';
import type { FormValues } from './form-model';
import { isRequired, propLabel } from './labels';
import { shakeSx } from './shake';

export interface PropertyFieldProps {
  name: string;
  prop: PropertyDef;
  /** The item the form is based on (values of read-only fields, $labels, owner). */
  item: Item;
  admin: boolean;
  editable: boolean;
  shaking: boolean;
  onOpen(id: string): void;
}

const NO_LABELS: Readonly<Record<string, string>> = {};

/** One property: the editor its kind calls for (field-editors.ts), or its value as text. */
export function PropertyField({ name, prop, item, admin, editable, shaking, onOpen }: PropertyFieldProps) {
  const { t } = useTranslation();
  const { formState } = useFormContext<FormValues>();
  const registered = fieldEditorsOf(useClientModules());
  const loading = useKindEditorLoading(editorKind(prop));
  const Editor = pickFieldEditor(prop, { editable, admin, saved: !!item.$id }, registered);
  const key = formState.errors[name]?.message;
  if (loading) return <Box data-field={name} />;
  return (
    <Box data-field={name} data-shake={shaking ? 'true' : undefined} sx={shakeSx}>
      {/* A module's editor may arrive later; one that cannot load leaves the rest of the form. */}
      <LoadBoundary>
        <Suspense fallback={null}>
          <Editor
            name={name}
            prop={prop}
            label={propLabel(t, item._t, name)}
            required={isRequired(prop, admin)}
            owner={item.owner}
            item={item}
            editable={editable && mayWriteProp(prop, admin)}
            labels={item.$labels ?? NO_LABELS}
            onOpen={onOpen}
            error={key ? t(key) : undefined}
          />
        </Suspense>
      </LoadBoundary>
    </Box>
  );
}
