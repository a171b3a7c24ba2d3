import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  HASH_PARAM,
  SEARCH_SCREEN,
  SearchPanel,
  useSavedView,
  type ViewProps,
} from '../../../../client/module-api';

/**
 * /search (spec core §2): c0 holds the text; h names a saved view, which opens exactly as it was
 * saved. The view stays open when h leaves the URL (columns opened or closed beside it).
 */
export function SearchView({ param }: ViewProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const h = new URLSearchParams(location.search).get(HASH_PARAM);
  const [opened, setOpened] = useState<string | null>(h);
  const savedHere = useRef(new Set<string>());
  useEffect(() => {
    if (h && h !== opened && !savedHere.current.has(h)) setOpened(h);
  }, [h, opened]);
  const q = useSavedView(opened);
  if (opened && q.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('search.view.loading')} />
      </Box>
    );
  const missing = !!opened && (q.isError || q.data === null);
  return (
    <>
      {missing && (
        <Alert severity="warning" sx={{ m: 2, mb: 0 }}>
          {t('search.view.notFound')}
        </Alert>
      )}
      <SearchPanel
        key={opened ?? ''}
        screen={SEARCH_SCREEN}
        text={param ?? ''}
        saved={q.data ?? null}
        onSaved={(hash) => savedHere.current.add(hash)}
      />
    </>
  );
}
