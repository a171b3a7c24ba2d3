import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/app-context';
import {
  CellContext,
  runGates,
  type CellAction,
  type CellApi,
  type CellWidth,
  type DirtyState,
  type Gate,
  type MenuEntry,
} from './cell-api';

export interface CellFrameProps {
  index: number;
  focused: boolean;
  multi: boolean;
  /** The widen/narrow toggle shows only when several cells share the row. */
  canResize: boolean;
  /** The width the row gives this cell (layout.ts). */
  px: number;
  width: CellWidth;
  initialTitle: string;
  /** In single-column mode the first cell has no back button. */
  canGoBack: boolean;
  onFocus(): void;
  onClose(): void;
  onToggleWidth(): void;
  onTitle(title: string): void;
  open(segment: string, param?: string | null): void;
  setParam(param: string | null): void;
  children: ReactNode;
}

/** One column: its title bar (spec core §2 "Layout") and the gates of its content (§4 "Cells"). */
export function CellFrame(p: CellFrameProps) {
  const { t } = useTranslation();
  const { alerts } = useApp();
  const [title, setTitleState] = useState(p.initialTitle);
  const [dirty, setDirty] = useState<DirtyState>('NONE');
  const [menu, setMenu] = useState<MenuEntry[]>([]);
  const [action, setAction] = useState<{ label: string; onClick: () => void } | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const gates = useRef(new Set<Gate>());
  // Save now and Discard belong to cells with editable content (those that register gates).
  const [gateCount, setGateCount] = useState(0);
  const { onTitle } = p;

  const setTitle = useCallback(
    (s: string) => {
      setTitleState(s);
      onTitle(s);
    },
    [onTitle],
  );

  const run = useCallback(async (a: CellAction) => runGates([...gates.current], a), []);

  const api: CellApi = useMemo(
    () => ({
      index: p.index,
      focused: p.focused,
      setTitle,
      setDirty,
      registerGate(g) {
        gates.current.add(g);
        setGateCount(gates.current.size);
        return () => {
          gates.current.delete(g);
          setGateCount(gates.current.size);
        };
      },
      setMenu,
      setAction,
      open: p.open,
      close: () => void requestClose(),
      setParam: p.setParam,
    }),
    // requestClose reads the latest state through refs and setters only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [p.index, p.focused, setTitle, p.open, p.setParam],
  );

  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  async function requestClose() {
    if (dirtyRef.current === 'NONE') {
      if (await run('CLOSE')) p.onClose();
      return;
    }
    // Closing validates first; an invalid form keeps the cell open with its errors shown.
    if (!(await run('VALIDATE'))) return;
    setConfirmClose(true);
  }

  async function saveNow() {
    setMenuAnchor(null);
    if (await run('SAVE')) alerts.push({ type: 'success', key: 'app.applied' });
  }

  async function discard() {
    setMenuAnchor(null);
    await run('RESET');
  }

  // The row measures itself and gives each cell its width in px (layout.ts); before the first
  // measure (px 0) the cell simply fills what there is.
  const style =
    p.px > 0 ? { flex: `0 0 ${p.px}px`, width: p.px, minWidth: 0 } : { flex: '1 1 100%', minWidth: 0 };
  const headingId = `cell-title-${p.index}`;
  return (
    <CellContext.Provider value={api}>
      <Paper
        component="section"
        aria-labelledby={headingId}
        data-cell-index={p.index}
        variant="outlined"
        onFocusCapture={p.onFocus}
        onMouseDown={p.onFocus}
        sx={{
          ...style,
          display: 'flex',
          flexDirection: 'column',
          height: '100%',
          overflow: 'hidden',
          // Side by side, the focused column is marked by its border (a calm tint, not a frame).
          borderColor: p.focused && p.canResize ? 'primary.main' : 'divider',
          // On a phone the cell runs edge to edge (layout.ts rowPadding): no side borders, no corners.
          borderRadius: { xs: 0, sm: 1 },
          borderLeftWidth: { xs: 0, sm: 1 },
          borderRightWidth: { xs: 0, sm: 1 },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1,
            py: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
            minHeight: 48,
            pl: 2,
          }}
        >
          {p.canGoBack ? (
            <Tooltip title={t('app.back')}>
              <IconButton aria-label={t('app.back')} onClick={() => void requestClose()} size="small">
                <ArrowBackIcon />
              </IconButton>
            </Tooltip>
          ) : null}
          {/* Focused by the shell when this cell is opened or moved to (Columns), not by Tab. */}
          <Typography
            id={headingId}
            component="h2"
            variant="subtitle1"
            noWrap
            tabIndex={-1}
            data-cell-heading=""
            sx={{ flex: 1, fontWeight: 600, borderRadius: 0.5, px: 0.5, mx: -0.5 }}
          >
            {title}
          </Typography>
          {dirty === 'DIRTY' && <Chip size="small" color="warning" label={t('app.dirty')} />}
          {dirty === 'SAVING' && <CircularProgress size={18} aria-label={t('app.saving')} />}
          {dirty === 'ERROR' && <Chip size="small" color="error" label={t('app.saveError')} />}
          {action && (
            <Button size="small" variant="contained" onClick={action.onClick}>
              {action.label}
            </Button>
          )}
          {p.canResize && (
            <Tooltip title={p.width === 'FULL' ? t('app.shrink') : t('app.expand')}>
              <IconButton
                aria-label={p.width === 'FULL' ? t('app.shrink') : t('app.expand')}
                onClick={p.onToggleWidth}
                size="small"
              >
                {p.width === 'FULL' ? (
                  <CloseFullscreenIcon fontSize="small" />
                ) : (
                  <OpenInFullIcon fontSize="small" />
                )}
              </IconButton>
            </Tooltip>
          )}
          {(gateCount > 0 || menu.length > 0) && (
            <Tooltip title={t('app.cellMenu')}>
              <IconButton
                aria-label={t('app.cellMenu')}
                aria-haspopup="menu"
                onClick={(e) => setMenuAnchor(e.currentTarget)}
                size="small"
              >
                <MoreVertIcon />
              </IconButton>
            </Tooltip>
          )}
          {(p.multi || !p.canGoBack) && p.index > 0 && (
            <Tooltip title={t('app.close')}>
              <IconButton aria-label={t('app.close')} onClick={() => void requestClose()} size="small">
                <CloseIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
          {gateCount > 0 && (
            <MenuItem onClick={() => void saveNow()} disabled={dirty === 'NONE' || dirty === 'SAVING'}>
              {t('app.saveNow')}
            </MenuItem>
          )}
          {gateCount > 0 && (
            <MenuItem onClick={() => void discard()} disabled={dirty === 'NONE' || dirty === 'SAVING'}>
              {t('app.discard')}
            </MenuItem>
          )}
          {menu.map((m) => (
            <MenuItem
              key={m.key}
              disabled={m.disabled}
              onClick={() => {
                setMenuAnchor(null);
                m.onClick();
              }}
            >
              {m.label}
            </MenuItem>
          ))}
        </Menu>
        <Box sx={{ flex: 1, overflow: 'auto', pb: '40vh' }}>{p.children}</Box>
        <Dialog
          open={confirmClose}
          onClose={() => setConfirmClose(false)}
          aria-labelledby={`${headingId}-unsaved`}
        >
          <DialogTitle id={`${headingId}-unsaved`}>{t('app.unsavedTitle')}</DialogTitle>
          <DialogContent>{t('app.unsavedText')}</DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmClose(false)}>{t('app.keepEditing')}</Button>
            <Button
              color="error"
              onClick={async () => {
                setConfirmClose(false);
                if (await run('RESET')) p.onClose();
              }}
            >
              {t('app.discard')}
            </Button>
            <Button
              variant="contained"
              onClick={async () => {
                setConfirmClose(false);
                if (await run('SAVE')) {
                  alerts.push({ type: 'success', key: 'app.applied' });
                  p.onClose();
                }
              }}
            >
              {t('app.save')}
            </Button>
          </DialogActions>
        </Dialog>
      </Paper>
    </CellContext.Provider>
  );
}
