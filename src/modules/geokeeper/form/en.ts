import type { DefinitionIssueKey, FieldKind } from './definition';
import type { ExprErrorKey } from './expr';
import type { FieldErrorKey } from './evaluate';

// The form engine's English strings (docs/geokeeper-forms.md), to be joined into the geokeeper
// module's bundle (i18n/en.ts) with mergeStrings. Typed by the keys the code reports, so a new
// key without its text does not compile.

const kinds: Record<FieldKind, string> = {
  text: 'Text',
  integer: 'Whole number',
  decimal: 'Decimal number',
  date: 'Date',
  time: 'Time',
  datetime: 'Date and time',
  select_one: 'Select one',
  select_multiple: 'Select many',
  geopoint: 'GPS point',
  geotrace: 'GPS line',
  geoshape: 'GPS area',
  photo: 'Photo',
  video: 'Video',
  audio: 'Audio',
  note: 'Note',
  group: 'Group',
  repeat: 'Repeat group',
};

const def: Record<DefinitionIssueKey, string> = {
  badDefault: 'The default is not a valid answer for this field',
  badExpression: 'The rule is not an expression the forms understand ({{reason}} at character {{pos}})',
  choicesMissing: 'A select needs a list of choices',
  choicesOnlyOnSelects: 'Only select fields have choices',
  duplicateChoice: 'The list {{list}} has the choice {{value}} twice',
  duplicateName: 'Another field is already named {{name}}',
  emptyContainer: 'A group or repeat needs at least one field',
  fieldsOnlyInContainers: 'Only groups and repeats hold fields',
  labelMissing: 'The field needs a label',
  messageWithoutConstraint: 'A constraint message needs a constraint',
  noFields: 'The form has no fields',
  referenceIntoRepeat: '{{name}} is inside a repeat this field is not in',
  referenceToContainer: '{{name}} is a group, repeat or note: it holds no answer',
  ruleNeedsAnswer:
    'Notes, groups and repeats take no answer, so no required, constraint, default or read-only',
  tooDeep: 'Groups and repeats are nested too deeply',
  tooManyChoices: 'The list {{list}} has too many choices',
  tooManyFields: 'The form has more than {{max}} fields',
  tooManyLists: 'The form has more than {{max}} lists',
  unknownList: 'There is no list named {{list}}',
  unknownReference: 'There is no field named {{name}}',
};

const expr: Record<ExprErrorKey, string> = {
  arity: 'The function has the wrong number of arguments',
  badReference: 'A field is written ${name}',
  empty: 'The expression is empty',
  expected: 'Something is missing here',
  regexInvalid: 'The pattern is not a valid regular expression',
  regexNotLiteral: 'The pattern must be written in quotes',
  regexTooLong: 'The pattern is too long',
  regexUnsafe: 'The pattern repeats a repetition, which can take too long to check',
  tooDeep: 'The expression is nested too deeply',
  tooLong: 'The expression is too long',
  unexpectedCharacter: 'This character is not understood',
  unexpectedEnd: 'The expression ends too early',
  unexpectedToken: 'This is not expected here',
  unknownFunction: 'This function is not one the forms understand',
  unterminatedString: 'The text in quotes is not closed',
};

const error: Record<FieldErrorKey, string> = {
  required: 'This answer is required',
  constraint: 'This answer is not accepted',
  type: 'This answer is not the right kind',
};

const xlsform = {
  ...def,
  notXlsx: 'This file is not an Excel (.xlsx) spreadsheet',
  tooLarge: 'The file is too large (at most {{max}} bytes)',
  noSurveySheet: 'The spreadsheet has no sheet named survey',
  missingColumn: 'The sheet has no {{column}} column',
  invalidDefinition: 'The form could not be built: {{reason}}',
  unknownColumn: 'This column is not known and was ignored',
  unsupportedColumn: 'This column is not supported and was ignored for this row',
  tooLong: 'The text was too long and was cut',
  missingType: 'The row has no type and was skipped',
  unsupportedType: 'The type {{type}} is not supported; the row was skipped',
  missingName: 'The row has no name and was skipped',
  badName: 'The name {{name}} is not valid (a letter or _, then letters, digits, _, - or .)',
  missingLabel: 'No label: the name {{name}} is used instead',
  missingList: 'The select names no list ({{type}})',
  orOtherUnsupported: 'or_other is not supported: the select has only the choices of {{list}}',
  requiredExpression: 'Only yes or no is supported for required; the field is not required',
  readOnlyExpression: 'Only yes or no is supported for read_only; the field is not read-only',
  unbalancedEnd: 'This end has no begin and was ignored',
  mismatchedEnd: 'This end does not close the group or repeat begun at row {{open}}',
  unclosed: '{{name}} is not closed: it runs to the end of the sheet',
  badListName: 'The list name {{list}} is not valid',
} satisfies Record<string, string>;

// The schema's own messages on a name or a choice value (zod issues carry these keys).
const shape = {
  badName: 'A name starts with a letter or _, then letters, digits, _, - or . (at most 64)',
  badChoiceValue: 'A choice value is letters, digits, _, - or . (no spaces, at most 64)',
};

export const geokeeperFormEn = {
  geokeeper: { form: { kind: kinds, def: { ...def, ...shape }, expr, error, xlsform } },
};
