import { Box, Breadcrumbs, Link, useMediaQuery, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { itemLabel } from '../items/item-label';
import { useApp, useSession } from '../state/app-context';
import { itemKey, type Item } from '../state/items';
import { viewDef } from '../views/registry';
import { CellContent } from './CellContent';
import { CellFrame, COLUMN_GAP_PX } from './CellFrame';
import type { CellWidth } from './cell-api';
import { cellsToUrl, closeAt, openAfter, parseItemSegment, type Cell } from './cells';

// In sx a width of 1 would mean 100%: the sizes are given in px.
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

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
export function Columns({ cells }: { cells: Cell[] }) {
  const { t } = useTranslation();
  const { config } = useApp();
  const { user } = useSession();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const multi = wide && (user?.multiColumns ?? true);
  const navigate = useNavigate();
  const location = useLocation();
  const [focus, setFocus] = useState(cells.length - 1);
  const [widths, setWidths] = useState<Record<string, CellWidth>>({});
  const [titles, setTitles] = useState<Record<string, string>>({});
  const keys = cells.map((c) => c.key).join('/');

  // A new cell takes the focus, as when opening an item from a list.
  useEffect(() => setFocus(cells.length - 1), [keys, cells.length]);

  const focused = Math.min(focus, cells.length - 1);
  const row = useRef<HTMLDivElement | null>(null);
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

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {/* Views carry their own h1; a row of items gets the focused one's title, for screen readers. */}
      {!cells.some((c) => c.kind === 'view') && (
        <Box component="h1" sx={VISUALLY_HIDDEN}>
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
                onClick={() => setFocus(i)}
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
          gap: multi ? `${COLUMN_GAP_PX}px` : 0,
        }}
        aria-label={t('app.columns')}
        role="region"
      >
        {visible.map(([cell, i]) => (
          <CellFrame
            key={`${i}-${cell.key}`}
            index={i}
            focused={i === focused}
            multi={multi}
            width={widths[cell.key] ?? defaultWidth(cell, cells.length)}
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
