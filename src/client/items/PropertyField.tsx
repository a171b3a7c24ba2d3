import { Box } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PropertyDef } from '../../kernel/property';
import type { Item } from '../state/items';
import { FileField } from '../files/FileField';
import { BooleanField } from './BooleanField';
import { fieldShape, type FormValues } from './form-model';
import { JsonField } from './JsonField';
import { isReadOnlyProp, isRequired, propLabel } from './labels';
import { ListField } from './ListField';
import { ReadOnlyField } from './ReadOnlyField';
import { RelationField } from './RelationField';
import { ScalarField } from './ScalarField';
import { TranslationsField } from './TranslationsField';
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

/** One property: the editor its kind calls for, or its value as text when it cannot be changed. */
export function PropertyField({ name, prop, item, admin, editable, shaking, onOpen }: PropertyFieldProps) {
  const { t } = useTranslation();
  const { formState } = useFormContext<FormValues>();
  const label = propLabel(t, item._t, name);
  const labels = item.$labels ?? {};
  let body;
  if (prop.kind === 'file' && item.$id) {
    body = (
      <FileField
        itemId={item.$id}
        name={name}
        label={label}
        value={item[name]}
        editable={editable && prop.write === undefined}
      />
    );
  } else if (!editable || isReadOnlyProp(prop, admin)) {
    const key = formState.errors[name]?.message;
    body = (
      <ReadOnlyField
        label={label}
        prop={prop}
        value={item[name]}
        labels={labels}
        owner={item.owner}
        onOpen={onOpen}
        error={key ? t(key) : undefined}
      />
    );
  } else {
    const fp = { name, prop, label, required: isRequired(prop, admin), owner: item.owner };
    switch (fieldShape(prop)) {
      case 'boolean':
        body = <BooleanField {...fp} />;
        break;
      case 'json':
        body = prop.translations ? <TranslationsField {...fp} /> : <JsonField {...fp} />;
        break;
      case 'list':
        body = <ListField {...fp} />;
        break;
      case 'relation':
      case 'relationList':
        body = <RelationField {...fp} labels={labels} onOpen={onOpen} />;
        break;
      default:
        body = <ScalarField {...fp} />;
    }
  }
  return (
    <Box data-field={name} data-shake={shaking ? 'true' : undefined} sx={shakeSx}>
      {body}
    </Box>
  );
}
