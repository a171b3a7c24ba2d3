import {
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enumLabel,
  RequestError,
  useApp,
  useCellLink,
  type Item,
  type ViewProps,
} from '../../../client/module-api';
import {
  BOARD_COLUMNS,
  groupCards,
  movePatch,
  NO_STATUS,
  targetsOf,
  toCard,
  type BoardCard,
  type BoardColumn,
} from './board-model';

/** The most belongings the board reads; the catalogue lists them all. */
const BOARD_MAX = 500;
const DRAG_TYPE = 'application/x-ckk-belonging';
/** Read by screen readers only: the card a "Move to…" button moves. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  left: 0,
  top: 0,
  margin: '-1px',
  padding: 0,
  border: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function useColumnLabel() {
  const { t } = useTranslation();
  return (c: BoardColumn) => (c === NO_STATUS ? t('belongings.board.notStarted') : enumLabel(t, c));
}

/** The belongings the person may read, as cards; kept live by a type watch. */
function useBoard() {
  const { client } = useApp();
  const q = useQuery({
    queryKey: ['belongings.board'],
    queryFn: async () => {
      const r = await client.request<{ ids?: string[]; total?: number }>('search/ids', {
        must: { _t: ['Belonging'] },
        sort: [{ key: 'title', order: 'asc' }],
        max: BOARD_MAX,
      });
      const ids = r.ids ?? [];
      const got = ids.length
        ? await client.request<Record<string, Item & { erred?: boolean }>>('readMany/object', ids)
        : {};
      const items = ids.map((id) => got[id]).filter((x): x is Item => !!x && !x.erred);
      const labels: Record<string, string> = {};
      for (const it of items) Object.assign(labels, it.$labels ?? {});
      return { cards: items.map((it) => toCard(it)), labels, total: r.total ?? ids.length };
    },
    retry: false,
  });
  const { refetch } = q;
  useEffect(() => {
    const handle = client.watchType('Belonging', {});
    const off = client.on('itemUpdated', (b) => {
      if ((b as Item)._t === 'Belonging') void refetch();
    });
    return () => {
      off();
      client.unwatchType(handle);
    };
  }, [client, refetch]);
  return q;
}

/**
 * The repatriation board (docs/belongings.md): a column per repatriation status with the
 * belongings in it. A card moves by drag and drop or, from the keyboard and for screen readers,
 * by its "Move to…" menu; either is an ordinary update of `repatriationStatus`, so the policy
 * decides who may (the owner's editors) and the history records it.
 */
export function RepatriationBoard(_props: ViewProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const q = useBoard();
  const columnLabel = useColumnLabel();
  const [said, setSaid] = useState('');
  const [over, setOver] = useState<BoardColumn | null>(null);
  const grouped = useMemo(() => groupCards(q.data?.cards ?? []), [q.data]);
  const byId = useMemo(() => new Map((q.data?.cards ?? []).map((c) => [c.$id, c])), [q.data]);

  async function move(card: BoardCard, to: BoardColumn) {
    if (card.status === to) return;
    try {
      await client.request('update', movePatch(card, to));
      setSaid(t('belongings.board.moved', { title: card.title, status: columnLabel(to) }));
      await q.refetch();
    } catch (e) {
      const message = e instanceof RequestError ? t(`errors.${e.userMessage}`) : String(e);
      setSaid(t('belongings.board.moveFailed', { title: card.title, message }));
      alerts.error(e);
    }
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, position: 'relative' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('belongings.board.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('belongings.board.hint')}
      </Typography>
      <Typography role="status" aria-live="polite" sx={VISUALLY_HIDDEN}>
        {said}
      </Typography>
      {q.isError && (
        <Typography color="error" role="alert">
          {q.error instanceof Error ? q.error.message : t('errors.generalFailure')}
        </Typography>
      )}
      {/* On a phone the columns stack; wider, they sit side by side and scroll sideways when
          the seven do not fit, as a board does (each stays wide enough for its titles). */}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'none' },
          gridAutoFlow: { xs: 'row', sm: 'column' },
          gridAutoColumns: { sm: 'minmax(190px, 1fr)' },
          overflowX: { sm: 'auto' },
          pb: 1,
          alignItems: 'start',
        }}
      >
        {BOARD_COLUMNS.map((col) => (
          <Column
            key={col}
            column={col}
            label={columnLabel(col)}
            cards={grouped[col]}
            labels={q.data?.labels ?? {}}
            over={over === col}
            onOver={(on) => setOver(on ? col : null)}
            onDrop={(id) => {
              setOver(null);
              const card = byId.get(id);
              if (card) void move(card, col);
            }}
            onMove={move}
            columnLabel={columnLabel}
          />
        ))}
      </Box>
    </Box>
  );
}

function Column({
  column,
  label,
  cards,
  labels,
  over,
  onOver,
  onDrop,
  onMove,
  columnLabel,
}: {
  column: BoardColumn;
  label: string;
  cards: BoardCard[];
  labels: Record<string, string>;
  over: boolean;
  onOver(on: boolean): void;
  onDrop(id: string): void;
  onMove(card: BoardCard, to: BoardColumn): Promise<void>;
  columnLabel(c: BoardColumn): string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-column={column}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        onOver(true);
      }}
      onDragLeave={() => onOver(false)}
      onDrop={(e) => {
        const id = e.dataTransfer.getData(DRAG_TYPE);
        if (!id) return;
        e.preventDefault();
        onDrop(id);
      }}
      sx={{
        p: 1,
        minHeight: 120,
        bgcolor: over ? 'action.selected' : 'background.default',
        borderColor: over ? 'primary.main' : undefined,
      }}
    >
      <Typography id={headingId} variant="subtitle2" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
        {t('belongings.board.column', { status: label, count: cards.length })}
      </Typography>
      {cards.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('belongings.board.empty')}
        </Typography>
      ) : (
        <Stack
          component="ul"
          aria-label={t('belongings.board.cards', { status: label })}
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {cards.map((c) => (
            <BoardCardView key={c.$id} card={c} labels={labels} onMove={onMove} columnLabel={columnLabel} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function BoardCardView({
  card,
  labels,
  onMove,
  columnLabel,
}: {
  card: BoardCard;
  labels: Record<string, string>;
  onMove(card: BoardCard, to: BoardColumn): Promise<void>;
  columnLabel(c: BoardColumn): string;
}) {
  const { t } = useTranslation();
  const link = useCellLink()(`i-${card.$id}`);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <li data-card={card.$id}>
      <Card
        variant="outlined"
        draggable
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, card.$id);
          e.dataTransfer.effectAllowed = 'move';
        }}
        sx={{ cursor: 'grab' }}
      >
        <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 0.5 }}>
            <DragIndicatorIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary', mt: 0.25 }} />
            <Link href={link.href} onClick={link.onClick} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {card.title}
            </Link>
          </Stack>
          {card.institution && (
            <Typography variant="body2" color="text.secondary">
              {t('belongings.board.heldBy', { name: labels[card.institution] ?? card.institution })}
            </Typography>
          )}
          {card.step && (
            <Typography variant="body2" color="text.secondary">
              {t('belongings.board.step', { step: card.step })}
            </Typography>
          )}
          <Button
            size="small"
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={{ mt: 0.5 }}
          >
            {t('belongings.board.moveTo')}
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {' '}
              {card.title}
            </Box>
          </Button>
          <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
            {targetsOf(card).map((to) => (
              <MenuItem
                key={to}
                onClick={() => {
                  setAnchor(null);
                  void onMove(card, to);
                }}
              >
                {columnLabel(to)}
              </MenuItem>
            ))}
          </Menu>
        </CardContent>
      </Card>
    </li>
  );
}
