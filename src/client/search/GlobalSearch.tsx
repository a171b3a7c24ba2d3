import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchResult } from '../../protocol/query';
import { useApp } from '../state/app-context';
import { RequestError } from '../state/request-error';
import { typeLabel } from './search-labels';
import {
  enterPath,
  entryPath,
  suggestionBody,
  suggestionEntries,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_MIN_CHARS,
  typedId,
  type Entry,
  type SuggestState,
} from './suggestions';
import { TypeIcon } from './TypeIcon';

type EscapeEvent = KeyboardEvent & { defaultMuiPrevented?: boolean };

const entryKey = (o: Entry | string) => (typeof o === 'string' ? o : o.kind === 'item' ? o.id : `$${o.kind}`);

/**
 * The global search bar (spec core §2): a combobox whose list shows up to 5 suggestions from 3
 * characters on, or the item a complete id names; 'keep typing', 'no results' and failures as
 * messages; and the 'search results' entry. Enter goes to /search?c0={text} (or opens the item
 * a typed id shows); Escape closes the bar.
 */
export function GlobalSearch({ onClose }: { onClose(how: 'escape' | 'navigate'): void }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  // The list shows while the bar has the focus and there is text; typing shows it again.
  const [listOpen, setListOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setSearched(text), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const words = searched.trim();
  const id = typedId(words);
  const byText = useQuery({
    queryKey: ['suggest', words],
    queryFn: () => client.request<SearchResult>('search/ids', suggestionBody(words)),
    enabled: !id && words.length >= SUGGEST_MIN_CHARS,
    retry: false,
    staleTime: 10_000,
  });
  const byId = useQuery({
    queryKey: ['suggestId', id],
    queryFn: () => client.request<{ $id: string; label: string }>(`label/${id}`),
    enabled: !!id,
    retry: false,
    staleTime: 10_000,
  });
  const q = id ? byId : byText;
  const state: SuggestState =
    !id && words.length < SUGGEST_MIN_CHARS
      ? 'NO_SEARCH'
      : q.isFetching || q.isPending
        ? 'FETCHING'
        : q.isError
          ? 'FAILURE'
          : 'SUCCESS';
  const entries = suggestionEntries({
    text,
    searched,
    state,
    ids: id ? (byId.data ? [id] : []) : (byText.data?.ids ?? []),
    labels: id ? (byId.data ? { [id]: byId.data.label } : {}) : (byText.data?.labels ?? {}),
    error: q.error instanceof RequestError ? q.error.userMessage : 'generalFailure',
  });

  function go(path: string | null) {
    if (!path) return;
    onClose('navigate');
    void navigate(path);
  }

  return (
    <Autocomplete<Entry, false, false, true>
      freeSolo
      open={listOpen && text.trim() !== ''}
      onOpen={() => setListOpen(true)}
      onClose={() => setListOpen(false)}
      options={entries}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.kind === 'item' ? o.label : text)}
      getOptionKey={entryKey}
      getOptionDisabled={(o) => o.kind === 'message'}
      inputValue={text}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'input' && reason !== 'clear') return;
        setText(v);
        setListOpen(true);
      }}
      value={null}
      onChange={(_e, v) =>
        go(v === null ? null : typeof v === 'string' ? enterPath(v, entries) : entryPath(v))
      }
      onKeyDown={(e: EscapeEvent) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        e.defaultMuiPrevented = true;
        onClose('escape');
      }}
      renderOption={(props, o) => {
        const { key, ...li } = props;
        if (o.kind === 'item')
          return (
            <Box component="li" key={key} {...li} sx={{ gap: 1.5 }}>
              <TypeIcon type={o.type} color="action" />
              <Box sx={{ minWidth: 0 }}>
                <Typography noWrap>{o.label}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {typeLabel(t, o.type)}
                </Typography>
              </Box>
            </Box>
          );
        if (o.kind === 'all')
          return (
            <Box component="li" key={key} {...li} sx={{ gap: 1.5 }}>
              <SearchIcon color="action" aria-hidden />
              <Typography>{t('globalSearch.allResults', { text: o.text })}</Typography>
            </Box>
          );
        return (
          <Box component="li" key={key} {...li}>
            <Typography variant="body2" color="text.secondary">
              {t(o.key, o.params ?? {})}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          size="small"
          placeholder={t('globalSearch.placeholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': t('globalSearch.label'),
              enterKeyHint: 'search',
            },
          }}
        />
      )}
      sx={{
        flex: '1 1 auto',
        maxWidth: 560,
        minWidth: 0,
        '& .MuiInputBase-root': { bgcolor: 'background.paper', color: 'text.primary' },
      }}
    />
  );
}
