import { Alert, Box, List, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemLinkRow, useApp, type ViewProps } from '../../../client/module-api';

/**
 * archive.orgs: the organisations archive entries came from, as the act searchSourceOrgs finds
 * them for the reader (only through entries they may read), each with its count of entries.
 */
export default function SourceOrgsScreen({ param }: ViewProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const [text, setText] = useState(param ?? '');
  const query = useDeferredValue(text.trim());
  const { data, isError, isPending } = useQuery({
    queryKey: ['archive', 'sourceOrgs', query],
    queryFn: () => client.act('searchSourceOrgs', { query }),
  });
  const results = data?.results ?? [];
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('archive.orgs.intro')}
      </Typography>
      <TextField
        label={t('archive.orgs.search')}
        type="search"
        size="small"
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('archive.orgs.failed')}
        </Alert>
      )}
      {!isPending && !isError && results.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }} role="status">
          {query ? t('archive.orgs.noMatch', { query }) : t('archive.orgs.none')}
        </Typography>
      )}
      <List aria-label={t('archive.orgs.list')} sx={{ mt: 1 }}>
        {results.map((o) => (
          <ItemLinkRow
            key={o.$id}
            id={o.$id}
            type="Organization"
            primary={o.label}
            secondary={t('archive.orgs.entries', { count: o.entries })}
          />
        ))}
      </List>
    </Box>
  );
}
