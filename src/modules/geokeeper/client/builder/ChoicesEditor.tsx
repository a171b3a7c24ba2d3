import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Choice, FormDefinition, FormField } from '../../form/definition';
import { newField, pruneLists, slugOf, uniqueName, updateField } from './model';

// A select's choices: listed in the form (each a label and the value kept in the data, made from
// the label), or an organisation's list of values (kept up by its administrators).

export function ChoicesEditor(p: {
  def: FormDefinition;
  path: number[];
  field: FormField;
  lovLists: readonly string[];
  problems: string[];
  onDef(def: FormDefinition): void;
}) {
  const { t } = useTranslation();
  const { def, field } = p;
  const id = `fb-${p.path.join('-')}-choices`;
  const source = field.choices && 'lov' in field.choices ? 'lov' : 'list';
  const listName = field.choices && 'list' in field.choices ? field.choices.list : null;
  const choices: Choice[] = listName ? (def.lists[listName] ?? []) : [];
  const setChoices = (next: Choice[]) =>
    listName && p.onDef({ ...def, lists: { ...def.lists, [listName]: next } });
  const setChoice = (i: number, patch: Partial<Choice>) => {
    const old = choices[i]!;
    const next = { ...old, ...patch };
    // The value follows the label while it was made from it.
    if (patch.label !== undefined && (old.value === slugOf(old.label) || /^option_\d+$/.test(old.value))) {
      const taken = new Set(choices.filter((_, j) => j !== i).map((c) => c.value));
      next.value = uniqueName(slugOf(patch.label), taken);
    }
    setChoices(choices.map((c, j) => (j === i ? next : c)));
  };

  return (
    <FormControl component="fieldset" error={p.problems.length > 0}>
      <FormLabel component="legend">{t('geokeeper.builder.choices')}</FormLabel>
      <RadioGroup
        row
        value={source}
        onChange={(e) => {
          if (e.target.value === 'lov') {
            p.onDef(
              pruneLists(updateField(def, p.path, { choices: { lov: p.lovLists[0] ?? 'CATEGORIES' } })),
            );
          } else {
            const made = newField(def, field.kind, field.label, (n) => t('geokeeper.builder.option', { n }));
            p.onDef(updateField(made.def, p.path, { choices: made.field.choices }));
          }
        }}
      >
        <FormControlLabel value="list" control={<Radio />} label={t('geokeeper.builder.choicesFromForm')} />
        <FormControlLabel value="lov" control={<Radio />} label={t('geokeeper.builder.choicesFromLov')} />
      </RadioGroup>
      {source === 'lov' && field.choices && 'lov' in field.choices && (
        <TextField
          id={`${id}-lov`}
          select
          label={t('geokeeper.builder.lov')}
          value={field.choices.lov}
          onChange={(e) => p.onDef(updateField(def, p.path, { choices: { lov: e.target.value } }))}
          sx={{ mt: 1, maxWidth: 360 }}
        >
          {[...new Set([...p.lovLists, field.choices.lov])].map((k) => (
            <MenuItem key={k} value={k}>
              {t(`lists.${k}`, { defaultValue: k })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {source === 'list' && (
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {choices.map((c, i) => (
            <Stack component="li" key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                id={`${id}-${i}-label`}
                label={t('geokeeper.builder.choiceLabel', { n: i + 1 })}
                value={c.label}
                onChange={(e) => setChoice(i, { label: e.target.value })}
                sx={{ flex: 2 }}
              />
              <TextField
                size="small"
                id={`${id}-${i}-value`}
                label={t('geokeeper.builder.choiceValue', { n: i + 1 })}
                value={c.value}
                onChange={(e) => setChoice(i, { value: e.target.value.trim() })}
                sx={{ flex: 1, display: { xs: 'none', sm: 'flex' } }}
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              />
              <IconButton
                aria-label={t('geokeeper.builder.moveChoiceUp', { n: i + 1 })}
                disabled={i === 0}
                onClick={() => {
                  const next = [...choices];
                  [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
                  setChoices(next);
                }}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={t('geokeeper.builder.removeChoice', { n: i + 1 })}
                disabled={choices.length <= 1}
                onClick={() => setChoices(choices.filter((_, j) => j !== i))}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <li>
            <Button
              startIcon={<AddIcon />}
              onClick={() => {
                const n = choices.length + 1;
                const taken = new Set(choices.map((c) => c.value));
                setChoices([
                  ...choices,
                  { value: uniqueName(`option_${n}`, taken), label: t('geokeeper.builder.option', { n }) },
                ]);
              }}
            >
              {t('geokeeper.builder.addChoice')}
            </Button>
          </li>
        </Stack>
      )}
      {p.problems.length > 0 && <FormHelperText>{p.problems.join(' · ')}</FormHelperText>}
    </FormControl>
  );
}
