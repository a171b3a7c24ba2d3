import AddOutlined from '@mui/icons-material/AddOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import FitScreenOutlined from '@mui/icons-material/FitScreenOutlined';
import RemoveOutlined from '@mui/icons-material/RemoveOutlined';
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionFrame, useApp, useCellLink, type ItemSectionProps } from '../../../../client/module-api';
import { TREE_MAX_GENERATIONS } from '../../tree-limits';
import { downloadPng, downloadSvg, fileBase } from './tree-export';
import { neighbour, NODE_W, planTree, type Direction, type PlacedPerson } from './tree-layout';
import { accessibleName } from './tree-text';
import { PRINT_PALETTE, TreeSvg, type TreePalette } from './TreeSvg';

// The family tree on a community member's record (docs/research-tree.md): the member's
// ancestors above and descendants below, as the reader may read them (act resFamilyTree walks
// the links through the read rule). Every person is a link to their record: Tab or the arrow
// keys move between them, Enter opens one. The drawing scrolls both ways in its frame and
// zooms, so it stays usable on a phone; it downloads as SVG or PNG in print colours.

const ZOOMS = [0.4, 0.55, 0.7, 0.85, 1, 1.2, 1.5];
const KEYS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

export default function FamilyTreeSection({ item }: ItemSectionProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { client } = useApp();
  const cellLink = useCellLink();
  const [up, setUp] = useState(3);
  const [down, setDown] = useState(3);
  // A phone starts zoomed out a little: more of the family in its narrow frame.
  const [zoom, setZoom] = useState(() => (window.innerWidth < 600 ? 2 : 4));
  const [fitScale, setFitScale] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const [pngFailed, setPngFailed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const exportSvg = useRef<SVGSVGElement>(null);
  const people = useRef(new Map<number, SVGElement>());

  const { data, error, refetch, isFetching } = useQuery({
    queryKey: ['research', 'tree', item.$id, up, down],
    queryFn: () => client.act('resFamilyTree', { member: item.$id, up, down }),
    placeholderData: (prev) => prev,
  });
  const plan = useMemo(() => (data ? planTree(data) : null), [data]);
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const p of data?.people ?? []) m.set(p.$id, p.hidden ? t('researchTree.hidden') : p.label);
    return m;
  }, [data, t]);
  const nameOf = useCallback((id: string) => names.get(id) ?? t('researchTree.hidden'), [names, t]);
  const rootName = nameOf(item.$id);
  const title = t('researchTree.chart', { name: rootName });
  const scale = fitScale ?? ZOOMS[zoom]!;

  const palette: TreePalette = useMemo(
    () => ({
      background: theme.palette.background.paper,
      box: theme.palette.mode === 'dark' ? '#2b2b2b' : '#ffffff',
      boxHidden: theme.palette.action.hover,
      text: theme.palette.text.primary,
      muted: theme.palette.text.secondary,
      line: theme.palette.mode === 'dark' ? '#b0b0b0' : '#555555',
      accent: theme.palette.primary.main,
      focus: theme.palette.mode === 'dark' ? '#90caf9' : theme.palette.primary.main,
    }),
    [theme],
  );

  // The member in view when the tree first draws: the frame scrolls to their box.
  const rootAt = plan?.people.find((p) => p.role.kind === 'root');
  const drawnFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el || !plan || !rootAt || drawnFor.current === item.$id) return;
    drawnFor.current = item.$id;
    el.scrollLeft = (rootAt.x - plan.box.x + NODE_W / 2) * scale - el.clientWidth / 2;
    el.scrollTop = (rootAt.y - plan.box.y) * scale - el.clientHeight / 3;
  }, [plan, rootAt, scale, item.$id]);

  const onKeyDown = (e: KeyboardEvent, i: number) => {
    if (!plan) return;
    const dir = KEYS[e.key];
    if (!dir) return;
    e.preventDefault();
    const next = neighbour(plan.people, i, dir);
    const el = people.current.get(next);
    el?.focus();
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const fitWidth = () => {
    if (!frame.current || !plan) return;
    setFitScale(Math.max(0.2, Math.min(1.5, (frame.current.clientWidth - 8) / plan.box.width)));
    // The whole width is in the frame now: from its left edge.
    const el = frame.current;
    requestAnimationFrame(() => (el.scrollLeft = 0));
  };
  const zoomBy = (d: number) => {
    const eps = 1e-3;
    const i = d > 0 ? ZOOMS.findIndex((z) => z > scale + eps) : ZOOMS.findLastIndex((z) => z < scale - eps);
    setFitScale(null);
    setZoom(i < 0 ? (d > 0 ? ZOOMS.length - 1 : 0) : i);
  };

  const base = fileBase(t('researchTree.fileName', { name: rootName }));
  const onlyMember = data && data.people.length === 1;

  return (
    <SectionFrame
      title={t('researchTree.title')}
      testId="research-tree"
      action={
        plan &&
        !onlyMember && (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Tooltip title={t('researchTree.zoomOut')}>
              <IconButton aria-label={t('researchTree.zoomOut')} onClick={() => zoomBy(-1)} size="small">
                <RemoveOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('researchTree.zoomIn')}>
              <IconButton aria-label={t('researchTree.zoomIn')} onClick={() => zoomBy(1)} size="small">
                <AddOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('researchTree.zoomFit')}>
              <IconButton aria-label={t('researchTree.zoomFit')} onClick={fitWidth} size="small">
                <FitScreenOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Button
              size="small"
              startIcon={<DownloadOutlined />}
              onClick={() => exportSvg.current && downloadSvg(exportSvg.current, base)}
            >
              {t('researchTree.downloadSvg')}
            </Button>
            <Button
              size="small"
              startIcon={<DownloadOutlined />}
              onClick={() => {
                setPngFailed(false);
                if (exportSvg.current) downloadPng(exportSvg.current, base).catch(() => setPngFailed(true));
              }}
            >
              {t('researchTree.downloadPng')}
            </Button>
          </Stack>
        )
      }
    >
      {error && !data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('researchTree.retry')}
            </Button>
          }
        >
          {t('researchTree.failed')}
        </Alert>
      )}
      {!data && !error && (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('researchTree.loading')}
        </Typography>
      )}
      {pngFailed && (
        <Alert severity="warning" onClose={() => setPngFailed(false)} sx={{ mb: 1 }}>
          {t('researchTree.pngFailed')}
        </Alert>
      )}
      {onlyMember && (
        <Typography variant="body2" color="text.secondary">
          {t('researchTree.alone', { name: rootName })}
        </Typography>
      )}
      {plan && data && !onlyMember && (
        <>
          <Typography variant="body2" color="text.secondary" id={`tree-help-${item.$id}`} sx={{ mb: 1 }}>
            {t('researchTree.help')}
          </Typography>
          {data.moreUp && up < TREE_MAX_GENERATIONS && (
            <Button
              size="small"
              startIcon={<ExpandLessOutlined />}
              disabled={isFetching}
              onClick={() => setUp((u) => Math.min(TREE_MAX_GENERATIONS, u + 2))}
            >
              {t('researchTree.moreUp')}
            </Button>
          )}
          <Box
            ref={frame}
            aria-describedby={`tree-help-${item.$id}`}
            sx={{
              // The page never scrolls sideways (a phone): the frame does.
              maxWidth: '100%',
              minWidth: 0,
              overflow: 'auto',
              maxHeight: '70vh',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              touchAction: 'pan-x pan-y pinch-zoom',
            }}
          >
            <TreeSvg
              plan={plan}
              palette={palette}
              t={t}
              locale={i18n.language}
              title={title}
              scale={scale}
              interactive={{
                linkFor: (id) => cellLink(`i-${id}`),
                nameFor: (p: PlacedPerson) => accessibleName(t, p, nameOf, i18n.language),
                focused,
                onFocusPerson: setFocused,
                onKeyDown,
                refFor: (i) => (el: SVGElement | null) => {
                  if (el) people.current.set(i, el);
                  else people.current.delete(i);
                },
              }}
            />
          </Box>
          {data.moreDown && down < TREE_MAX_GENERATIONS && (
            <Button
              size="small"
              startIcon={<ExpandMoreOutlined />}
              disabled={isFetching}
              onClick={() => setDown((d) => Math.min(TREE_MAX_GENERATIONS, d + 2))}
            >
              {t('researchTree.moreDown')}
            </Button>
          )}
          {data.truncated && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('researchTree.truncated', { count: data.people.length })}
            </Alert>
          )}
          {/* The download's drawing: print colours whatever the screen's mode, no links. */}
          <Box sx={{ display: 'none' }} aria-hidden="true">
            <TreeSvg
              plan={plan}
              palette={PRINT_PALETTE}
              t={t}
              locale={i18n.language}
              title={title}
              svgRef={exportSvg}
            />
          </Box>
        </>
      )}
    </SectionFrame>
  );
}
