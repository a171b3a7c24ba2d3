import { Alert, Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The centred card the sign-in and account pages share. */
export function AccountCard({
  title,
  children,
  error,
}: {
  title: string;
  children: ReactNode;
  error?: string | null;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        {children}
      </Paper>
    </Box>
  );
}
