import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Pagination,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
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
import { ModuleExports, ModuleListActions } from './ModuleExports';
import { ExportZipButton, zipNameFor } from '../files/ExportZipButton';
import { CreateItemDialog } from './CreateItemDialog';
import { DisplayModeSwitch } from './DisplayModeSwitch';
import { EmptyList } from './EmptyList';
import { FacetDrawer } from './FacetDrawer';
import { FacetPanel } from './FacetPanel';
import { openAfterUrl, presetParam, resultParam, segmentAt, storeResults } from './result-nav';
import { ResultCards } from './ResultCards';
import { ResultCarousel } from './ResultCarousel';
import { ResultList } from './ResultList';
import { ResultTable } from './ResultTable';
import { ResultTimeline } from './ResultTimeline';
import { fromSavedSearch, HASH_PARAM, toSavedSearch, viewPath, withParam } from './saved-search';
import { SavedViewBar } from './SavedViewBar';
import { SaveViewDialog } from './SaveViewDialog';
import { ShareViewDialog } from './ShareViewDialog';
import { COMPACT_MAX_WIDTH, FACETS_WIDTH, facetsBeside } from './row-model';
import {
  activeFilters,
  clearFilters,
  effectiveType,
  facetKeys,
  fixedType,
  initialState,
  isDateKey,
  pageCount,
  removeFilter,
  screenColumns,
  setDisplay,
  setSort,
  shownSort,
  tableColumns,
  toggleColumn,
  toggleFilter,
  togglePreset,
  type DisplayAs,
  type ScreenDef,
  type SearchState,
  buildQuery,
} from './search-model';
import { typeLabel } from './search-labels';
import { SortControls } from './SortControls';
import { PresetBar } from './PresetBar';
import { useCreateDialog } from './useCreateDialog';
import { useCanCreate } from './useCanCreate';
import { sessionStore } from './useResultNav';
import { useResultItems } from './useResultItems';
import { useSearch } from './useSearch';
import { modeOffered, useSearchDisplays } from './useSearchDisplays';
import { useElementWidth } from './useElementWidth';
import { useTypeEnv } from './useTypeEnv';
import { passesGate } from '../shell/role-gate';
import { visuallyHidden } from '@mui/utils';

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
  const { client, alerts, config } = useApp();
  const { user } = useSession();
  const env = useTypeEnv();
  const cell = useCell();
  const navigate = useNavigate();
  const location = useLocation();
  const facetsId = useId();

  const [view, setView] = useState<Item | null>(saved ?? null);
  // A preset named in the URL (a dashboard card's "show all": the card's own filter) is on as
  // the list opens; an unknown name is ignored.
  const withUrlPreset = (s: SearchState): SearchState => {
    const id = new URLSearchParams(location.search).get(presetParam(cell.index));
    const preset = screen.presets?.find((p) => p.id === id);
    return preset ? togglePreset(s, preset, user?.$id ?? null, new Date()) : s;
  };
  const [state, setState] = useState<SearchState>(() => {
    const base = withUrlPreset(initialState(screen, text));
    if (!saved) return base;
    const s = fromSavedSearch(saved, screen, env, base);
    return text ? { ...s, text } : s;
  });
  const [input, setInput] = useState(state.text);
  const [dialog, setDialog] = useState<'save' | 'share' | 'create' | null>(null);
  const [drawer, setDrawer] = useState(false);
  const createRef = useRef<HTMLButtonElement>(null);
  // The empty list's button goes once the first item is made; focus then goes to the tool bar's
  // New button, not the page, so the next click in this cell is not spent bringing it into view.
  const closeCreate = () => {
    setDialog(null);
    setTimeout(() => {
      if (document.activeElement === document.body) createRef.current?.focus();
    });
  };
  // The cell's width (not the window's) decides where the facets go: a list in a narrow column
  // of a wide screen gets the drawer, as a phone does.
  const root = useRef<HTMLDivElement>(null);
  const width = useElementWidth(root);
  const beside = width === null || facetsBeside(width);
  const compact = width !== null && width < COMPACT_MAX_WIDTH;

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
  // A module's display modes (MAP): offered for the results' type(s) only, drawn by the module.
  const displays = useSearchDisplays();
  const offered = (m: DisplayAs) =>
    modeOffered(m, displays, env, typeName ? [typeName] : (screen.types ?? []));
  const ModuleDisplay = offered(state.displayAs) ? (displays.get(state.displayAs) ?? null) : null;
  const type = typeName ? itemType(typeName) : undefined;
  const ids = result?.ids ?? [];
  // Every display shows fields of the items now (the list its default headers, state and visibility).
  const { items } = useResultItems(ids, true);
  // 'admin': the non-dedicated contact list offers creation to admins only (spec core §6).
  const offerCreate = screen.create === true || (screen.create === 'admin' && user?.admin === true);
  // A list of several types offers creation once the person narrows it to one of them.
  const createType = offerCreate ? (screen.createType ?? effectiveType(screen, state)) : null;
  const canCreate = useCanCreate(createType);
  // A module may give its type a create dialog of its own (a guided form); else the generic one.
  const OwnCreate = useCreateDialog(createType);
  const sort = shownSort(screen, state);

  const next = segmentAt(location.pathname, cell.index + 1);
  const openId = next?.startsWith('i-') ? next.slice(2).split('~')[0]! : null;
  // A row's link is the URL a plain click goes to: this list with the item opened beside it.
  const hrefOf = (id: string) =>
    openAfterUrl(location.pathname, location.search, cell.index, `i-${id}`, resultParam(screen.name));
  function open(id: string) {
    storeResults(sessionStore(), screen.name, ids);
    void navigate(hrefOf(id));
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
  const defaultColumns = screenColumns(screen, type, {
    admin: user?.admin === true,
    dedicated: config.keyCaps.length > 0,
  });
  const columns = tableColumns(state, type, defaultColumns);
  const dateKey = isDateKey(sort.key, type?.allProperties[sort.key]) ? sort.key : screen.dateKey;
  const shown = { ids, labels: result?.labels ?? {}, openId, onOpen: open, hrefOf };
  const activeCount = activeFilters(state).length;
  const mayCreate = !!createType && canCreate;
  const createLabel = !createType
    ? ''
    : screen.createLabelKey
      ? t(screen.createLabelKey)
      : t('search.create.button', { type: typeLabel(t, createType) });
  const clearAll = () => {
    setInput('');
    update((s) => ({ ...clearFilters(s), text: '', page: 0 }));
  };

  const facetPanel = (
    <FacetPanel
      id={facetsId}
      keys={facetKeys(screen, state, env)}
      facets={result?.facets ?? {}}
      state={state}
      type={type}
      onToggle={(k, v) => update((s) => toggleFilter(s, k, v))}
    />
  );
  // An empty list with nothing chosen has nothing to filter: its words take the room.
  const nothingAtAll = !search.loading && total === 0 && activeCount === 0 && !state.text.trim();
  const facetsShown = beside && state.showFacets && !nothingAtAll;
  // Sort and display sit on the first line in a wide panel, on the second in a narrow one.
  const sortAndDisplay = (
    <>
      <SortControls
        type={type}
        withText={!!state.text.trim()}
        sort={sort}
        onSort={(key, order) => update((s) => setSort(s, key, order))}
      />
      <DisplayModeSwitch
        value={offered(state.displayAs) ? state.displayAs : 'LIST'}
        offered={offered}
        onChange={(d) => update((s) => setDisplay(screen, s, env, d))}
      />
    </>
  );
  const filtersButton = (
    <Button
      size="small"
      variant={beside ? 'text' : 'outlined'}
      startIcon={<FilterListIcon />}
      {...(beside
        ? {
            'aria-pressed': state.showFacets,
            'aria-controls': facetsShown ? facetsId : undefined,
            onClick: () => update((s) => ({ ...s, showFacets: !s.showFacets })),
          }
        : { 'aria-haspopup': 'dialog' as const, 'aria-expanded': drawer, onClick: () => setDrawer(true) })}
      sx={{ flexShrink: 0 }}
    >
      {t('search.facets')}
      {activeCount > 0 && <ActiveCount count={activeCount} />}
    </Button>
  );
  const createButton = mayCreate && (
    <Button
      ref={createRef}
      size="small"
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setDialog('create')}
      sx={{ flexShrink: 0 }}
    >
      {createLabel}
    </Button>
  );
  const countLine = (
    <>
      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
      >
        {search.loading ? t('search.loading') : t('search.count', { count: total })}
      </Typography>
      {search.fetching && !search.loading && <CircularProgress size={16} aria-hidden />}
    </>
  );
  const saveButton = !beside ? (
    <Tooltip title={t('search.save.button')}>
      <IconButton size="small" aria-label={t('search.save.button')} onClick={() => setDialog('save')}>
        <SaveIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ) : (
    <Button size="small" startIcon={<SaveIcon />} onClick={() => setDialog('save')}>
      {t('search.save.button')}
    </Button>
  );

  // Exports take the text as typed, not as last searched: a click inside the typing pause
  // would otherwise export the list before the search narrowed it.
  const exportQuery = buildQuery(screen, { ...state, text: input }, env, undefined, user?.$id ?? null);

  return (
    <Box ref={root} data-search-panel sx={{ p: compact ? 1.5 : 2 }}>
      {view && (
        <SavedViewBar
          view={view}
          onShare={() => setDialog('share')}
          onSaveChanges={() => void saveChanges()}
        />
      )}
      {/* Wide: search, sort and display on the first line, the rest on the second. Narrow: search
          and Filters first (the facets wait in a drawer), then the rest, actions as icons. */}
      <Stack
        direction="row"
        sx={{ flexWrap: beside ? 'wrap' : 'nowrap', gap: 1, alignItems: 'center', mb: 1 }}
      >
        <TextField
          type="search"
          size="small"
          label={t('search.searchLabel')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          sx={{ flex: '1 1 200px', minWidth: beside ? 160 : 0 }}
        />
        {beside ? sortAndDisplay : filtersButton}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        {beside ? filtersButton : sortAndDisplay}
        {state.displayAs === 'TABLE' && (
          <ColumnChooser
            type={type}
            columns={columns}
            onToggle={(k) => update((s) => toggleColumn(s, type, k, defaultColumns))}
          />
        )}
        {saveButton}
        <ExportCsvButton query={exportQuery} compact={!beside} />
        <ModuleExports type={type} query={exportQuery} compact={!beside} />
        <ModuleListActions type={type} list={screen} compact={!beside} />
        {(screen.zip || typeName === 'Attachment') && (
          <ExportZipButton query={exportQuery} name={screen.zip ?? zipNameFor(screen.name)} />
        )}
        {createButton}
        {countLine}
      </Stack>
      {screen.presets?.length ? (
        <PresetBar
          presets={screen.presets}
          active={state.preset?.id ?? null}
          onToggle={(p) => {
            // The URL follows, so a reload or a shared link keeps the list as it is shown.
            const on = state.preset?.id !== p.id;
            const search = withParam(location.search, presetParam(cell.index), on ? p.id : null);
            if (search !== location.search) void navigate({ search }, { replace: true });
            update((s) => togglePreset(s, p, user?.$id ?? null, new Date()));
          }}
        />
      ) : null}
      <ActiveFilters
        state={state}
        type={type}
        labels={facetLabels}
        onRemove={(k, v) => update((s) => removeFilter(s, k, v))}
        onClear={() => update(clearFilters)}
      />
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        {facetsShown && (
          <Box sx={{ flex: `0 0 ${FACETS_WIDTH}px`, minWidth: 0, position: 'sticky', top: 0 }}>
            {facetPanel}
          </Box>
        )}
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
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
            <EmptyList
              filters={activeCount}
              text={state.text}
              screenName={screen.name}
              typeName={fixedType(screen)}
              create={
                mayCreate && createType
                  ? {
                      label: t('search.empty.createFirst', { type: typeLabel(t, createType).toLowerCase() }),
                      onCreate: () => setDialog('create'),
                    }
                  : null
              }
              onClear={clearAll}
            />
          ) : ModuleDisplay ? (
            <Suspense fallback={<CircularProgress aria-label={t('search.loading')} />}>
              <ModuleDisplay query={search.query as Record<string, unknown>} total={total} onOpen={open} />
            </Suspense>
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
            <ResultList {...shown} items={items} showType={!fixedType(screen)} />
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
                size={compact ? 'small' : 'medium'}
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
      {!beside && (
        <FacetDrawer
          open={drawer}
          active={activeCount}
          total={total}
          onClear={() => update(clearFilters)}
          onClose={() => setDrawer(false)}
        >
          {facetPanel}
        </FacetDrawer>
      )}
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
      {dialog === 'create' && createType && OwnCreate && (
        <Suspense fallback={null}>
          <OwnCreate
            type={itemType(createType)!}
            onCreated={(item) => {
              closeCreate();
              void navigate(
                openAfterUrl(location.pathname, location.search, cell.index, `i-${item.$id}`, null),
              );
            }}
            onClose={closeCreate}
          />
        </Suspense>
      )}
      {dialog === 'create' && createType && OwnCreate === null && itemType(createType) && (
        <CreateItemDialog
          type={itemType(createType)!}
          {...(screen.createDefaults ? { initial: screen.createDefaults } : {})}
          onCreated={(item) => {
            closeCreate();
            void navigate(
              openAfterUrl(location.pathname, location.search, cell.index, `i-${item.$id}`, null),
            );
          }}
          onClose={closeCreate}
        />
      )}
    </Box>
  );
}

/** How many filters are on, as a small pill in the Filters button ("Filters 2 active" when read). */
function ActiveCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <Box
        component="span"
        sx={{
          ml: 0.75,
          px: 0.75,
          minWidth: 20,
          borderRadius: 10,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontSize: '0.75rem',
          lineHeight: '20px',
          textAlign: 'center',
        }}
      >
        {count}
        <Box component="span" sx={visuallyHidden}>
          {' '}
          {t('search.facetsActiveWord')}
        </Box>
      </Box>
    </>
  );
}
