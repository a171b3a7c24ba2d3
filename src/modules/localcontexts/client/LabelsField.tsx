import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import { Autocomplete, Box, ListSubheader, Stack, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldEditorProps } from '../../../client/module-api';
import { ALL_LABELS, itemLabelKeys, labelDef, type LabelDef } from '../labels';
import { BadgeIcon } from './BadgeIcon';
import { useCommunityLabels } from './useCommunityLabels';
import { wordingOf } from './wording';

/**
 * The `$tkLabels` field (property `editor: 'localContextsLabels'`): in the edit form a picker of
 * the labels grouped TK, BC and Notices, each with its badge; read-only, the labels with their
 * text (the owning community's wording when it has one), below the record's fields.
 */
export default function LabelsField(p: FieldEditorProps) {
  return p.editable ? <Picker {...p} /> : <ReadView {...p} />;
}

function Picker({ name, label, error }: FieldEditorProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const { field } = useController({ name });
  const keys = Array.isArray(field.value) ? (field.value as string[]) : [];
  const value = keys.map((k) => labelDef(k)).filter((l): l is LabelDef => !!l);
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={ALL_LABELS as LabelDef[]}
      value={value}
      groupBy={(l) => t(`localcontexts.groups.${l.group}`)}
      getOptionLabel={(l) => wordingOf(t, l.key, undefined).name}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      onChange={(_, v) => field.onChange(v.map((l) => l.key))}
      onBlur={field.onBlur}
      // Each group a `group` of options named by its heading: MUI's own grouping puts a list
      // inside the listbox, which screen readers (and axe) do not accept.
      renderGroup={(g) => (
        <li key={g.key} role="presentation">
          <ListSubheader id={`${groupId}-${g.key}`} component="div" role="presentation">
            {g.group}
          </ListSubheader>
          <Box component="ul" role="group" aria-labelledby={`${groupId}-${g.key}`} sx={{ p: 0, m: 0 }}>
            {g.children}
          </Box>
        </li>
      )}
      renderOption={({ key, ...props }, l, { selected }) => (
        <li key={key} {...props}>
          {/* A picture, not a checkbox: a control inside an option is one too many (the option
              says it is selected itself). */}
          {selected ? (
            <CheckBoxIcon fontSize="small" color="primary" sx={{ mr: 1 }} aria-hidden />
          ) : (
            <CheckBoxOutlineBlankIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
          )}
          <BadgeIcon label={l} height={18} />
          <Box component="span" sx={{ ml: 1 }}>
            {wordingOf(t, l.key, undefined).name}
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={label}
          error={!!error}
          helperText={error ?? t('localcontexts.picker.help')}
        />
      )}
    />
  );
}

function ReadView({ item, label }: FieldEditorProps) {
  const { t } = useTranslation();
  const labels = itemLabelKeys(item.$tkLabels);
  const custom = useCommunityLabels(item.owner, labels.length > 0);
  if (!labels.length) return null;
  return (
    <Box component="section" aria-label={label} data-lc-field>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack component="ul" sx={{ gap: 1, listStyle: 'none', m: 0, p: 0 }}>
        {labels.map((l) => {
          const w = wordingOf(t, l.key, custom.get(l.key));
          return (
            <Stack component="li" key={l.key} direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
              <BadgeIcon label={l} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {w.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {w.text}
                </Typography>
              </Box>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
