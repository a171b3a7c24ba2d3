import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { ScalarInput } from './ScalarInput';
import { usePropField } from './usePropField';

/** A list of scalar values: one input per entry, with add and remove. */
export function ListField({ name, prop, label, required, owner }: FieldProps) {
  const { t } = useTranslation();
  const { field, error, onChange } = usePropField(name);
  const errorId = useId();
  const values = Array.isArray(field.value) ? field.value : [];
  const one = { ...prop, list: false };
  return (
    <Box
      component="fieldset"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      sx={{
        m: 0,
        p: 1.5,
        pt: 0.5,
        border: 1,
        borderRadius: 1,
        borderColor: error ? 'error.main' : 'divider',
      }}
    >
      <Typography
        component="legend"
        variant="body2"
        sx={{ px: 0.5, color: error ? 'error.main' : 'text.secondary' }}
      >
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        {values.map((v, i) => {
          const entry = t('item.entry', { label, n: i + 1 });
          const remove = t('item.removeEntry', { label, n: i + 1 });
          return (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <ScalarInput
                prop={one}
                value={v}
                onChange={(nv) => onChange(values.map((x, j) => (j === i ? nv : x)))}
                onBlur={field.onBlur}
                inputRef={i === 0 ? field.ref : undefined}
                label={entry}
                invalid={!!error}
                owner={owner}
              />
              <Tooltip title={remove}>
                <IconButton aria-label={remove} onClick={() => onChange(values.filter((_x, j) => j !== i))}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...values, ''])}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('item.addEntry', { label })}
        </Button>
      </Stack>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
