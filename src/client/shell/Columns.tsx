import { Box, Breadcrumbs, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { itemLabel } from '../items/item-label';
import { useApp, useSession } from '../state/app-context';
import { itemKey, type Item } from '../state/items';
import { viewDef } from '../views/registry';
import { CellContent } from './CellContent';
import { CellFrame } from './CellFrame';
import type { CellWidth } from './cell-api';
import { cellsToUrl, closeAt, openAfter, parseItemSegment, type Cell } from './cells';
import { cellWidths, COLUMN_GAP_PX, rowPadding, showsSeveral } from './layout';
import { visuallyHidden } from '@mui/utils';

function defaultTitle(cell: Cell, t: (k: string) => string): string {
  if (cell.kind === 'invalid') return t('app.invalid');
  if (cell.kind === 'item') return cell.itemId;
  return t(viewDef(cell.view)?.titleKey ?? 'app.invalid');
}

/** Views say their width; items take half the row, or a third once three or more cells are open. */
function defaultWidth(cell: Cell, count: number): CellWidth {
  if (cell.kind === 'view') return viewDef(cell.view)?.width ?? 'HALF';
  return count >= 3 ? 'THIRD' : 'HALF';
}

/**
 * The row of cells. With multi-column on and a wide screen every cell shows side by side;
 * otherwise only the focused one, with breadcrumbs to the others.
 */
export function Columns({ cells, focusOnMount = false }: { cells: Cell[]; focusOnMount?: boolean }) {
  const { t } = useTranslation();
  const { config } = useApp();
  const { user } = useSession();
  const row = useRef<HTMLDivElement | null>(null);
  const outerWidth = useOuterWidth(row);
  const edge = rowPadding(outerWidth);
  const rowWidth = outerWidth - 2 * edge;
  const multi = showsSeveral(rowWidth, user?.multiColumns ?? true);
  const navigate = useNavigate();
  const location = useLocation();
  const [widths, setWidths] = useState<Record<string, CellWidth>>({});
  const [titles, setTitles] = useState<Record<string, string>>({});
  const keys = cells.map((c) => c.key).join('/');
  // A new set of cells (one opened or closed) focuses the last, as when opening an item from a
  // list; within the same set, the one last clicked, tabbed into or picked in the breadcrumbs.
  const [picked, setPicked] = useState({ keys, index: cells.length - 1 });
  const focused = picked.keys === keys ? Math.min(picked.index, cells.length - 1) : cells.length - 1;
  const setFocus = useCallback((index: number) => setPicked({ keys, index }), [keys]);

  // The keyboard focus follows a move between cells (one opened or closed, a breadcrumb), and
  // the first render after signing in; never a live update, which changes no key.
  const moveFocus = useRef(focusOnMount);
  const lastKeys = useRef(keys);
  useEffect(() => {
    if (keys !== lastKeys.current) moveFocus.current = true;
    lastKeys.current = keys;
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const el = row.current?.querySelector<HTMLElement>(`[data-cell-index="${focused}"]`);
    // A cell whose content already took the focus (a form's first field) keeps it.
    if (!el || el.contains(document.activeElement)) return;
    el.querySelector<HTMLElement>('[data-cell-heading]')?.focus({ preventScroll: true });
  }, [focused, keys]);
  // The focused cell is always in view, also when the row of columns is wider than the screen.
  useEffect(() => {
    const el = row.current?.querySelector<HTMLElement>(`[data-cell-index="${focused}"]`);
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [focused, keys]);
  const focusedCell = cells[focused];
  const focusedTitle = focusedCell
    ? (titles[focusedCell.key] ?? defaultTitle(focusedCell, t))
    : config.siteName;
  useEffect(() => {
    document.title = `${focusedTitle} • ${config.siteName}`;
  }, [focusedTitle, config.siteName]);

  const go = useCallback((next: Cell[]) => void navigate(cellsToUrl(next)), [navigate]);
  const setTitleFor = useCallback(
    (key: string, title: string) => setTitles((x) => (x[key] === title ? x : { ...x, [key]: title })),
    [],
  );

  const visible = useMemo(
    () =>
      multi ? cells.map((c, i) => [c, i] as const) : focusedCell ? [[focusedCell, focused] as const] : [],
    [multi, cells, focusedCell, focused],
  );
  const widthOf = (cell: Cell) => widths[cell.key] ?? defaultWidth(cell, cells.length);
  const px = cellWidths(
    visible.map(([c]) => widthOf(c)),
    rowWidth,
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {/* Views carry their own h1; a row of items gets the focused one's title, for screen readers. */}
      {!cells.some((c) => c.kind === 'view') && (
        <Box component="h1" sx={visuallyHidden}>
          {focusedTitle}
        </Box>
      )}
      {cells.length > 1 && (
        <Breadcrumbs aria-label={t('app.breadcrumbs')} sx={{ px: 2, py: 0.5 }}>
          {cells.map((c, i) =>
            i === focused ? (
              <span key={c.key} aria-current="page">
                <CrumbText cell={c} title={titles[c.key]} />
              </span>
            ) : (
              <Link
                key={c.key}
                component="button"
                type="button"
                onClick={() => {
                  moveFocus.current = true;
                  setFocus(i);
                }}
                underline="hover"
              >
                <CrumbText cell={c} title={titles[c.key]} />
              </Link>
            ),
          )}
        </Breadcrumbs>
      )}
      <Box
        ref={row}
        sx={{
          display: 'flex',
          flex: 1,
          minHeight: 0,
          overflowX: multi ? 'auto' : 'hidden',
          gap: `${COLUMN_GAP_PX}px`,
          p: `${edge}px`,
          // A lone cell narrower than the row (the readable measure) is centred.
          justifyContent: visible.length === 1 ? 'center' : 'flex-start',
        }}
        aria-label={t('app.columns')}
        role="region"
      >
        {visible.map(([cell, i], n) => (
          <CellFrame
            key={`${i}-${cell.key}`}
            index={i}
            focused={i === focused}
            multi={multi}
            canResize={multi && visible.length > 1}
            px={px[n] ?? 0}
            width={widthOf(cell)}
            initialTitle={titles[cell.key] ?? defaultTitle(cell, t)}
            canGoBack={!multi && i > 0}
            onFocus={() => setFocus(i)}
            onClose={() => {
              const next = closeAt(cells, i);
              go(next.length ? next : []);
            }}
            onToggleWidth={() =>
              setWidths((w) => ({
                ...w,
                [cell.key]:
                  (w[cell.key] ?? defaultWidth(cell, cells.length)) === 'FULL'
                    ? defaultWidth(cell, cells.length) === 'FULL'
                      ? 'HALF'
                      : defaultWidth(cell, cells.length)
                    : 'FULL',
              }))
            }
            onTitle={(title) => setTitleFor(cell.key, title)}
            open={(segment, param = null) => {
              const c = segment.startsWith('i-')
                ? parseItemSegment(segment, param)
                : { kind: 'invalid' as const, key: segment, path: segment, param, segment };
              go(openAfter(cells, i, c));
            }}
            setParam={(param) => {
              const next = cells.map((c, j) => (j === i ? { ...c, param } : c));
              void navigate(cellsToUrl(next) + location.hash, { replace: true });
            }}
          >
            <CellContent cell={cell} />
          </CellFrame>
        ))}
      </Box>
    </Box>
  );
}

/** The row's width (with its padding), kept up to date as the window or drawer changes. */
function useOuterWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 0 : window.innerWidth));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A breadcrumb's text: the title its cell set, else, for an item cell that has not been shown
 * yet (one column at a time), the item's label read ahead, so the crumb does not show a bare id.
 */
function CrumbText({ cell, title }: { cell: Cell; title: string | undefined }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const id = cell.kind === 'item' ? cell.itemId : null;
  const q = useQuery({
    queryKey: itemKey(id ?? ''),
    queryFn: () => client.request<Item>(`readAllowed/${id}`),
    enabled: id !== null && title === undefined,
    staleTime: Infinity,
    retry: false,
  });
  if (title !== undefined) return title;
  return q.data ? itemLabel(q.data) : defaultTitle(cell, t);
}
