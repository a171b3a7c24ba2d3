import { Box, FormHelperText, Typography } from '@mui/material';
import { useId } from 'react';
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
