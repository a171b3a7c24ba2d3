import { Box, Paper, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/**
 * One section of a record below its fields: a titled, outlined block (a landmark named by its
 * heading) with an optional count and an action at the right of the heading.
 */
export function SectionFrame(p: {
  title: string;
  count?: number;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby={headingId}
        data-testid={p.testId}
        sx={{ p: 2 }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" id={headingId} sx={{ fontWeight: 600, flexGrow: 1 }}>
            {p.title}
            {p.count !== undefined && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {p.count}
              </Typography>
            )}
          </Typography>
          {p.action}
        </Stack>
        {p.children}
      </Paper>
    </Box>
  );
}
