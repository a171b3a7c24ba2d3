import type { PropertyDef } from '../../kernel/property';

/** What every editable field component gets. */
export interface FieldProps {
  /** The form field name (the property name). */
  name: string;
  prop: PropertyDef;
  label: string;
  required: boolean;
  /** The item's owner organisation (lists of values prefer its entries). */
  owner: string | null;
}
