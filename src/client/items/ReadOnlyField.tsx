import { Box, FormHelperText, Typography } from '@mui/material';
import { useId } from 'react';
import type { FieldEditorProps } from '../module-api';
import { ReadOnlyValue, type ReadOnlyValueProps } from './ReadOnlyValue';

/** A labelled value that cannot be edited here (a definition list of one term). */
export function ReadOnlyField({
  label,
  error,
  ...value
}: ReadOnlyValueProps & { label: string; error?: string | undefined }) {
  const errorId = useId();
  return (
    <Box>
      <Box component="dl" sx={{ m: 0 }} aria-describedby={error ? errorId : undefined}>
        <Typography component="dt" variant="caption" sx={{ color: error ? 'error.main' : 'text.secondary' }}>
          {label}
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          <ReadOnlyValue {...value} />
        </Box>
      </Box>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** A property that cannot be changed here, as the form's editor table calls it. */
export function ReadOnlyEditor({ name, prop, label, item, labels, owner, onOpen, error }: FieldEditorProps) {
  return (
    <ReadOnlyField
      label={label}
      prop={prop}
      value={item[name]}
      labels={{ ...labels }}
      owner={owner}
      onOpen={onOpen}
      error={error}
    />
  );
}
