import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Pagination,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { itemType } from '../items/item-label';
import { useCell } from '../shell/cell-api';
import { useApp, useSession } from '../state/app-context';
import type { Item } from '../state/items';
import { RequestError } from '../state/request-error';
import { ActiveFilters } from './ActiveFilters';
import { ColumnChooser } from './ColumnChooser';
import { ExportCsvButton } from './ExportCsvButton';
import { ExportZipButton, zipNameFor } from '../files/ExportZipButton';
import { CreateItemDialog } from './CreateItemDialog';
import { DisplayModeSwitch } from './DisplayModeSwitch';
import { FacetPanel } from './FacetPanel';
import { openAfterUrl, resultParam, segmentAt, storeResults } from './result-nav';
import { ResultCards } from './ResultCards';
import { ResultCarousel } from './ResultCarousel';
import { ResultList } from './ResultList';
import { ResultTable } from './ResultTable';
import { ResultTimeline } from './ResultTimeline';
import { fromSavedSearch, HASH_PARAM, toSavedSearch, viewPath, withParam } from './saved-search';
import { SavedViewBar } from './SavedViewBar';
import { SaveViewDialog } from './SaveViewDialog';
import { ShareViewDialog } from './ShareViewDialog';
import {
  clearFilters,
  effectiveType,
  facetKeys,
  fixedType,
  initialState,
  isDateKey,
  pageCount,
  removeFilter,
  setDisplay,
  setSort,
  shownSort,
  tableColumns,
  toggleColumn,
  toggleFilter,
  type ScreenDef,
  type SearchState,
  buildQuery,
} from './search-model';
import { typeLabel } from './search-labels';
import { SortControls } from './SortControls';
import { useCanCreate } from './useCanCreate';
import { sessionStore } from './useResultNav';
import { useResultItems } from './useResultItems';
import { useSearch } from './useSearch';
import { useTypeEnv } from './useTypeEnv';
import { passesGate } from '../shell/role-gate';

const TYPING_PAUSE_MS = 300;

export interface SearchPanelProps {
  screen: ScreenDef;
  /** The cell parameter (c{n}): the search text. */
  text: string;
  /** A saved view opened from its link, read with the reader's permissions. */
  saved?: Item | null;
  /** A view was saved under this hash; the page's URL now names it. */
  onSaved?(hash: string): void;
}

/**
 * The search component of /search and the per-type lists: text, facets, active filters, sort,
 * display modes, paging and the result count; saving, reopening and sharing views; creating
 * items; a live list (useSearch) whose items open in the next cell with previous/next.
 */
export function SearchPanel({ screen, text, saved, onSaved }: SearchPanelProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const env = useTypeEnv();
  const cell = useCell();
  const navigate = useNavigate();
  const location = useLocation();
  const facetsId = useId();

  const [view, setView] = useState<Item | null>(saved ?? null);
  const [state, setState] = useState<SearchState>(() => {
    const base = initialState(screen, text);
    if (!saved) return base;
    const s = fromSavedSearch(saved, screen, env, base);
    return text ? { ...s, text } : s;
  });
  const [input, setInput] = useState(state.text);
  const [dialog, setDialog] = useState<'save' | 'share' | 'create' | null>(null);

  // The URL's text changed elsewhere (the global search bar): search for it.
  const urlText = useRef(text);
  useEffect(() => {
    if (text === urlText.current) return;
    urlText.current = text;
    setInput(text);
    setState((s) => ({ ...s, text, page: 0 }));
  }, [text]);

  // Typing: after a pause the text is searched for and written to the cell parameter.
  const where = useRef(location);
  useEffect(() => {
    where.current = location;
  }, [location]);
  useEffect(() => {
    if (input === state.text) return;
    const timer = setTimeout(() => {
      urlText.current = input.trim() ? input : '';
      setState((s) => ({ ...s, text: input, page: 0 }));
      const loc = where.current;
      void navigate(loc.pathname + withParam(loc.search, `c${cell.index}`, input.trim() ? input : null), {
        replace: true,
      });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input, state.text, navigate, cell.index]);

  const { setTitle } = cell;
  const viewName = typeof view?.name === 'string' ? view.name : null;
  useEffect(() => {
    setTitle(viewName ?? t(screen.titleKey));
  }, [viewName, setTitle, t, screen.titleKey]);

  const search = useSearch(screen, state, env);
  const result = search.result;
  const typeName = effectiveType(screen, state);
  const type = typeName ? itemType(typeName) : undefined;
  const ids = result?.ids ?? [];
  const { items } = useResultItems(ids, state.displayAs !== 'LIST');
  // 'admin': the non-dedicated contact list offers creation to admins only (spec core §6).
  const offerCreate = screen.create === true || (screen.create === 'admin' && user?.admin === true);
  const createType = offerCreate ? fixedType(screen) : null;
  const canCreate = useCanCreate(createType);
  const sort = shownSort(screen, state);

  const next = segmentAt(location.pathname, cell.index + 1);
  const openId = next?.startsWith('i-') ? next.slice(2).split('~')[0]! : null;
  function open(id: string) {
    storeResults(sessionStore(), screen.name, ids);
    void navigate(
      openAfterUrl(location.pathname, location.search, cell.index, `i-${id}`, resultParam(screen.name)),
    );
  }

  const facetLabels: Record<string, string> = {};
  for (const buckets of Object.values(result?.facets ?? {}))
    for (const b of buckets) if (b.label && typeof b.value === 'string') facetLabels[b.value] = b.label;

  const update = (f: (s: SearchState) => SearchState) => setState((s) => f(s));
  const link = view
    ? window.location.origin + viewPath(String(view.searchString ?? ''), String(view.hash))
    : '';

  async function adoptSaved(item: Item, hash: string) {
    try {
      setView(await client.request<Item>(`readAllowed/${item.$id}`));
    } catch {
      setView(item);
    }
    onSaved?.(hash);
    if (screen.name === 'search') {
      const loc = where.current;
      void navigate(loc.pathname + withParam(loc.search, HASH_PARAM, hash), { replace: true });
    }
  }

  async function saveChanges() {
    if (!view) return;
    try {
      const data = toSavedSearch(screen, state, env, String(view.name ?? ''), String(view.hash));
      await client.request('update', { $id: view.$id, $version: view.$version, ...data });
      setView(await client.request<Item>(`readAllowed/${view.$id}`));
      alerts.push({ type: 'success', key: 'search.save.updated' });
    } catch (e) {
      alerts.error(e);
    }
  }

  if (!passesGate(user, screen))
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {t('errors.notAllowed')}
      </Alert>
    );

  const failure = search.error
    ? search.error instanceof RequestError
      ? search.error.userMessage
      : 'generalFailure'
    : null;
  const total = result?.total ?? 0;
  const pages = pageCount(total);
  const columns = tableColumns(state, type);
  const dateKey = isDateKey(sort.key, type?.allProperties[sort.key]) ? sort.key : screen.dateKey;
  const shown = { ids, labels: result?.labels ?? {}, openId, onOpen: open };

  return (
    <Box sx={{ p: 2 }}>
      {view && (
        <SavedViewBar
          view={view}
          onShare={() => setDialog('share')}
          onSaveChanges={() => void saveChanges()}
        />
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField
          type="search"
          size="small"
          label={t('search.searchLabel')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          sx={{ flex: '1 1 200px', minWidth: 160 }}
        />
        <SortControls
          type={type}
          withText={!!state.text.trim()}
          sort={sort}
          onSort={(key, order) => update((s) => setSort(s, key, order))}
        />
        <DisplayModeSwitch
          value={state.displayAs}
          onChange={(d) => update((s) => setDisplay(screen, s, env, d))}
        />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Button
          size="small"
          startIcon={<FilterListIcon />}
          aria-pressed={state.showFacets}
          aria-controls={state.showFacets ? facetsId : undefined}
          onClick={() => update((s) => ({ ...s, showFacets: !s.showFacets }))}
        >
          {t('search.facets')}
        </Button>
        {state.displayAs === 'TABLE' && (
          <ColumnChooser
            type={type}
            columns={columns}
            onToggle={(k) => update((s) => toggleColumn(s, type, k))}
          />
        )}
        <Button size="small" startIcon={<SaveIcon />} onClick={() => setDialog('save')}>
          {t('search.save.button')}
        </Button>
        <ExportCsvButton query={buildQuery(screen, state, env)} />
        {typeName === 'Attachment' && (
          <ExportZipButton query={buildQuery(screen, state, env)} name={zipNameFor(screen.name)} />
        )}
        {createType && canCreate && (
          <Button
            size="small"
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog('create')}
          >
            {t('search.create.button', { type: typeLabel(t, createType) })}
          </Button>
        )}
        <Typography role="status" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
          {search.loading ? t('search.loading') : t('search.count', { count: total })}
        </Typography>
        {search.fetching && !search.loading && <CircularProgress size={16} aria-hidden />}
      </Stack>
      <ActiveFilters
        state={state}
        type={type}
        labels={facetLabels}
        onRemove={(k, v) => update((s) => removeFilter(s, k, v))}
        onClear={() => update(clearFilters)}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {state.showFacets && (
          <FacetPanel
            id={facetsId}
            keys={facetKeys(screen, state, env)}
            facets={result?.facets ?? {}}
            state={state}
            type={type}
            onToggle={(k, v) => update((s) => toggleFilter(s, k, v))}
          />
        )}
        <Box sx={{ flex: '1 1 360px', minWidth: 0 }}>
          {failure && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {t(`errors.${failure}`)}
            </Alert>
          )}
          {search.loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress aria-label={t('search.loading')} />
            </Box>
          ) : ids.length === 0 && !failure ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t('search.noResults')}
            </Typography>
          ) : state.displayAs === 'TABLE' ? (
            <ResultTable
              {...shown}
              items={items}
              type={type}
              columns={columns}
              sort={sort}
              onSort={(key, order) => update((s) => setSort(s, key, order))}
            />
          ) : state.displayAs === 'CARDS' ? (
            <ResultCards {...shown} items={items} />
          ) : state.displayAs === 'TIMELINE' ? (
            <ResultTimeline {...shown} items={items} dateKey={dateKey} />
          ) : state.displayAs === 'CAROUSEL' ? (
            <ResultCarousel {...shown} items={items} />
          ) : (
            <ResultList {...shown} />
          )}
          {pages > 1 && (
            <Box
              component="nav"
              aria-label={t('search.pages')}
              sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}
            >
              <Pagination
                count={pages}
                page={state.page + 1}
                onChange={(_e, p) => update((s) => ({ ...s, page: p - 1 }))}
                getItemAriaLabel={(kind, page, selected) =>
                  kind === 'page'
                    ? t(selected ? 'search.page.current' : 'search.page.goTo', { page })
                    : t(`search.page.${kind}`)
                }
              />
            </Box>
          )}
        </Box>
      </Box>
      {dialog === 'save' && (
        <SaveViewDialog
          build={(name, hash) => toSavedSearch(screen, state, env, name, hash)}
          onSaved={(item, hash) => void adoptSaved(item, hash)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'share' && view && (
        <ShareViewDialog item={view} link={link} onChanged={setView} onClose={() => setDialog(null)} />
      )}
      {dialog === 'create' && createType && itemType(createType) && (
        <CreateItemDialog
          type={itemType(createType)!}
          onCreated={(item) => {
            setDialog(null);
            void navigate(
              openAfterUrl(location.pathname, location.search, cell.index, `i-${item.$id}`, null),
            );
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
