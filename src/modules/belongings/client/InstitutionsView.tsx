import {
  Box,
  InputAdornment,
  Link,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel, useApp, useCellLink, type ViewProps } from '../../../client/module-api';

interface Org {
  $id: string;
  label: string;
  type: string | null;
  belongings: number;
}

/** Waits this long after the last key before asking again. */
const DEBOUNCE_MS = 250;

/**
 * Museums and holders (spec §2 belongings.institutions): the organisations that hold belongings
 * the person may read, through searchBelongingOrgs (docs/belongings.md), with how many each
 * holds. A name opens the organisation's record, whose Related section lists its belongings.
 */
export function InstitutionsView(_props: ViewProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const inputId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const q = useQuery({
    queryKey: ['searchBelongingOrgs', query],
    queryFn: () => client.act('searchBelongingOrgs', { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const results: Org[] = q.data?.results ?? [];
  const openLink = useCellLink();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('belongings.institutions.title')}
      </Typography>
      <TextField
        id={inputId}
        type="search"
        fullWidth
        size="small"
        label={t('belongings.institutions.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      {q.isError && (
        <Typography color="error" role="alert" sx={{ mt: 2 }}>
          {q.error instanceof Error ? q.error.message : t('errors.generalFailure')}
        </Typography>
      )}
      {q.isSuccess && results.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }} role="status">
          {query ? t('belongings.institutions.noMatch', { query }) : t('belongings.institutions.none')}
        </Typography>
      )}
      {results.length > 0 && (
        <List aria-label={t('belongings.institutions.results')}>
          {results.map((o) => {
            const link = openLink(`i-${o.$id}`);
            return (
              <ListItem key={o.$id} divider disableGutters data-org={o.$id}>
                <ListItemText
                  primary={
                    <Link href={link.href} onClick={link.onClick} sx={{ fontWeight: 600 }}>
                      {o.label}
                    </Link>
                  }
                  secondary={[
                    o.type ? enumLabel(t, o.type) : null,
                    t('belongings.institutions.count', { count: o.belongings }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
