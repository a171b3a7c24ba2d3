import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaceIcon from '@mui/icons-material/Place';
import { Box, Button, Checkbox, CircularProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../../../client/module-api';
import { appendPage, type TreeNode } from './map-model';
import { treeLoaders } from './tree-loaders';

// The layer tree (issue 15): layers, then their places, 25 per branch with "Show more", each
// branch loaded when first opened; a checkbox shows or hides a layer on the map. Keyboard as the
// WAI-ARIA tree pattern: arrows move, Right opens, Left closes or goes to the parent, Enter acts.

interface Branch {
  nodes: TreeNode[];
  more: boolean;
  loading: boolean;
}

const ROOT: TreeNode = { id: 'root', type: 'root', label: '', branch: true };

export interface LayerTreeProps {
  hidden: ReadonlySet<string>;
  onToggle(collection: string, visible: boolean): void;
  onOpen(id: string): void;
}

export function LayerTree({ hidden, onToggle, onOpen }: LayerTreeProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const loaders = useMemo(() => treeLoaders(client), [client]);
  const [branches, setBranches] = useState<Record<string, Branch>>({});
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState<string | null>(null);
  const tree = useRef<HTMLUListElement>(null);

  const load = useCallback(
    async (node: TreeNode) => {
      const shown = branches[node.id]?.nodes ?? [];
      setBranches((b) => ({ ...b, [node.id]: { nodes: shown, more: false, loading: true } }));
      try {
        // The registry throws for a node type it has no loader for (spec §8): the error handler shows it.
        const page = await loaders.load(node, shown.length);
        setBranches((b) => ({
          ...b,
          [node.id]: { ...appendPage(b[node.id]?.nodes ?? [], page), loading: false },
        }));
      } catch (e) {
        alerts.error(e);
        setBranches((b) => ({ ...b, [node.id]: { nodes: shown, more: false, loading: false } }));
      }
    },
    [branches, loaders, alerts],
  );

  useEffect(() => {
    void load(ROOT);
    // The root once; later pages come from "Show more".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaders]);

  const toggleOpen = (node: TreeNode, want?: boolean) => {
    const isOpen = open.has(node.id);
    const next = want ?? !isOpen;
    if (next === isOpen) return;
    setOpen((o) => {
      const s = new Set(o);
      if (next) s.add(node.id);
      else s.delete(node.id);
      return s;
    });
    if (next && !branches[node.id]) void load(node);
  };

  const onKey = (e: KeyboardEvent<HTMLElement>, node: TreeNode, parent: TreeNode | null) => {
    const items = [...(tree.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [])];
    const here = items.indexOf(e.currentTarget);
    const focus = (el: HTMLElement | undefined) => {
      if (!el) return;
      setActive(el.dataset.node ?? null);
      el.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        focus(items[here + 1]);
        break;
      case 'ArrowUp':
        focus(items[here - 1]);
        break;
      case 'Home':
        focus(items[0]);
        break;
      case 'End':
        focus(items.at(-1));
        break;
      case 'ArrowRight':
        if (node.branch && !open.has(node.id)) toggleOpen(node, true);
        else if (node.branch) focus(items[here + 1]);
        break;
      case 'ArrowLeft':
        if (node.branch && open.has(node.id)) toggleOpen(node, false);
        else if (parent && parent !== ROOT) focus(items.find((el) => el.dataset.node === parent.id));
        break;
      case 'Enter':
        if (node.branch) toggleOpen(node);
        else onOpen(node.id);
        break;
      case ' ':
        if (node.type === 'SpatialCollection') onToggle(node.id, hidden.has(node.id));
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  const more = (node: TreeNode, level: number) => {
    const b = branches[node.id];
    if (b?.loading)
      return (
        <CircularProgress size={18} sx={{ ml: 2 + level * 2, my: 1 }} aria-label={t('spatial.map.loading')} />
      );
    if (!b?.more) return null;
    return (
      <li role="none">
        <Button size="small" sx={{ ml: 1 + level * 2.5 }} onClick={() => void load(node)}>
          {t('spatial.map.showMore')}
        </Button>
      </li>
    );
  };

  const rootNodes = branches.root?.nodes ?? [];
  const firstId = rootNodes[0]?.id ?? null;

  const item = (node: TreeNode, parent: TreeNode, level: number) => {
    const isOpen = open.has(node.id);
    const visible = !hidden.has(node.id);
    const tabbable = (active ?? firstId) === node.id;
    return (
      <li
        key={node.id}
        role="treeitem"
        aria-level={level}
        aria-expanded={node.branch ? isOpen : undefined}
        aria-label={node.label}
        tabIndex={tabbable ? 0 : -1}
        data-node={node.id}
        onKeyDown={(e) => onKey(e, node, parent)}
        onFocus={(e) => e.target === e.currentTarget && setActive(node.id)}
        style={{ listStyle: 'none' }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            minHeight: 36,
            pl: (level - 1) * 2.5,
            borderRadius: 1,
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          {node.branch ? (
            <Box
              component="span"
              aria-hidden
              onClick={() => toggleOpen(node)}
              sx={{ display: 'inline-flex', cursor: 'pointer', p: 0.5 }}
            >
              {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </Box>
          ) : (
            <PlaceIcon fontSize="small" sx={{ mx: 0.5, color: 'text.secondary' }} aria-hidden />
          )}
          {node.type === 'SpatialCollection' && (
            <Checkbox
              size="small"
              checked={visible}
              tabIndex={-1}
              onChange={(e) => onToggle(node.id, e.target.checked)}
              slotProps={{ input: { 'aria-label': t('spatial.map.showLayer', { layer: node.label }) } }}
              sx={{ p: 0.5 }}
            />
          )}
          <Typography
            variant="body2"
            onClick={() => (node.branch ? toggleOpen(node) : onOpen(node.id))}
            sx={{ cursor: 'pointer', flex: 1, py: 0.5, overflowWrap: 'anywhere' }}
          >
            {node.label}
          </Typography>
        </Box>
        {node.branch && isOpen && (
          <ul role="group" style={{ margin: 0, padding: 0 }}>
            {(branches[node.id]?.nodes ?? []).map((c) => item(c, node, level + 1))}
            {branches[node.id] && !branches[node.id]!.loading && branches[node.id]!.nodes.length === 0 && (
              <li role="none">
                <Typography variant="body2" color="text.secondary" sx={{ pl: level * 2.5 + 1, py: 0.5 }}>
                  {t('spatial.map.emptyLayer')}
                </Typography>
              </li>
            )}
            {more(node, level)}
          </ul>
        )}
      </li>
    );
  };

  return (
    <Box>
      <Typography variant="subtitle2" component="h2" id="spatial-layers-title" sx={{ px: 1, pt: 1 }}>
        {t('spatial.map.layers')}
      </Typography>
      <ul
        ref={tree}
        role="tree"
        aria-labelledby="spatial-layers-title"
        data-testid="spatial-layer-tree"
        style={{ margin: 0, padding: '4px 0' }}
      >
        {rootNodes.map((n) => item(n, ROOT, 1))}
        {more(ROOT, 0)}
      </ul>
      {branches.root && !branches.root.loading && rootNodes.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {t('spatial.map.noLayers')}
        </Typography>
      )}
    </Box>
  );
}
