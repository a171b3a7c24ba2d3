import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldEditorProps, FormValues } from '../../../../client/module-api';
import type { Geometry } from '../../../../kernel/geometry';
import { GeometryEditor } from './GeometryEditor';
import { fromFormText } from './geometry-model';
import { GeometryView } from './GeometryView';

/**
 * The `geometry` kind's field editor (registered by the draw part): the map editor in a form,
 * the small map and its summary where the value is only shown. The form holds the value as
 * JSON text (the generic form's `json` shape), so the wire and the server's check are unchanged.
 */
export default function GeometryField(p: FieldEditorProps) {
  if (!p.editable) return <GeometryView label={p.label} value={p.item[p.name]} error={p.error} />;
  return <GeometryFormField {...p} />;
}

function GeometryFormField({ name, label, required, error }: FieldEditorProps) {
  const { t } = useTranslation();
  const { control, setValue, clearErrors, formState } = useFormContext<FormValues>();
  const text = useWatch({ control, name });
  const own = formState.errors[name]?.message;
  return (
    <GeometryEditor
      id={`field-${name}`}
      label={label}
      required={required}
      value={fromFormText(text)}
      error={error ?? (own ? t(own) : undefined)}
      onChange={(g: Geometry | null) => {
        setValue(name, g ? JSON.stringify(g) : '', { shouldDirty: true });
        clearErrors(name);
      }}
      onInvalid={(text) => setValue(name, text, { shouldDirty: true })}
    />
  );
}
