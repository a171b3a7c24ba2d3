import { Box, Card, CardContent, Link, List, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { RegisteredCard, SearchCardSettings } from '../../kernel/dashboard';
import { lazyScreen } from '../i18n/screen-strings';
import { loadClientModule } from '../modules/loader';
import { presetParam, segmentAt } from '../search/result-nav';
import { cellText, typeLabel } from '../search/search-labels';
import { useLovLabel } from '../search/useLovLabel';
import { useResultItems } from '../search/useResultItems';
import { itemType } from '../items/item-label';
import { typeOfId } from '../search/suggestions';
import { useCell } from '../shell/cell-api';
import { useSession } from '../state/app-context';
import { viewDef } from '../views/registry';
import { ItemLinkRow } from '../items/ItemLinkRow';
import { CardCountContext, useCardCount } from './card-context';
import { passesViewGate } from './gate';
import { useCardSearch } from './useCardSearch';
import { visuallyHidden } from '@mui/utils';

// The calendar and the chart bring their libraries (FullCalendar, MUI X Charts): each loads only
// when a dashboard shows such a card.
const CalendarCard = lazyScreen(() => import('./CalendarCard').then((m) => ({ default: m.CalendarCard })));
const ChartCard = lazyScreen(() => import('./ChartCard').then((m) => ({ default: m.ChartCard })));

export interface CardBodyProps {
  card: RegisteredCard;
  /** The id of the card's heading, for the labels of what it holds. */
  headingId: string;
}

/** One card: a titled frame with its heading (h2), the "show all" link, and its content by kind. */
export function DashboardCard({ card }: { card: RegisteredCard }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const headingId = useId();
  const listView = 'listView' in card.settings ? card.settings.listView : undefined;
  const list = listView ? viewDef(listView) : undefined;
  const showAll = list && passesViewGate(user, list) ? listView : undefined;
  // The list opens as the card's first cell, with the card's own filter on (its preset).
  const preset = 'listPreset' in card.settings ? card.settings.listPreset : undefined;
  const showAllTo = `/${showAll}${preset ? `?${presetParam(0)}=${encodeURIComponent(preset)}` : ''}`;
  // The number of items the body holds (search cards, and component cards that tell it).
  const [count, setCount] = useState<number | null>(null);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      data-card={card.id}
      sx={{ height: '100%', maxHeight: 'inherit', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography
          id={headingId}
          component="h2"
          variant="subtitle1"
          sx={{ flex: '0 1 auto', minWidth: 0, fontWeight: 600 }}
          noWrap
        >
          {t(card.titleKey)}
        </Typography>
        {count !== null && (
          <Typography
            component="span"
            data-testid="card-count"
            variant="body2"
            sx={{
              px: 1,
              borderRadius: 2,
              bgcolor: 'action.selected',
              color: 'text.primary',
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {count.toLocaleString()}
            <Box component="span" sx={visuallyHidden}>
              {` ${t('dashboard.items', { count })}`}
            </Box>
          </Typography>
        )}
      </Box>
      <CardContent sx={{ flex: 1, minHeight: 0, overflow: 'auto', pt: 0.5, '&:last-child': { pb: 1.5 } }}>
        <CardCountContext.Provider value={setCount}>
          <Suspense fallback={<CardSkeleton />}>
            <CardBody card={card} headingId={headingId} />
          </Suspense>
        </CardCountContext.Provider>
      </CardContent>
      {showAll && (
        <Box sx={{ px: 2, pb: 1.5, pt: 0.5 }}>
          <Link component={RouterLink} to={showAllTo} variant="body2">
            {t('dashboard.showAll')}
            <Box component="span" sx={visuallyHidden}>
              {`: ${t(card.titleKey)}`}
            </Box>
          </Link>
        </Box>
      )}
    </Card>
  );
}

function CardBody({ card, headingId }: CardBodyProps) {
  switch (card.kind) {
    case 'search':
      return <SearchCard card={card} headingId={headingId} />;
    case 'count':
      return <CountCard card={card} headingId={headingId} />;
    case 'calendar':
      return <CalendarCard card={card} headingId={headingId} />;
    case 'chart':
      return <ChartCard card={card} headingId={headingId} />;
    case 'component':
      return <ComponentCard card={card} headingId={headingId} />;
  }
}

export function CardSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('dashboard.loading')}>
      <Skeleton width="80%" />
      <Skeleton width="60%" />
      <Skeleton width="70%" />
    </Box>
  );
}

/** The card's error line, or its empty text. */
export function CardNote({ children, error }: { children: ReactNode; error?: boolean }) {
  return (
    <Typography color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined} variant="body2">
      {children}
    </Typography>
  );
}

/** An empty card: what belongs there (the card's emptyKey), and its primary action when the user may take it. */
export function CardEmpty({ card }: { card: RegisteredCard }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const action = card.emptyAction;
  const target = action ? viewDef(action.view) : undefined;
  return (
    <Box>
      <CardNote>{t(card.emptyKey ?? 'dashboard.empty')}</CardNote>
      {action && target && passesViewGate(user, target) && (
        <Link
          component={RouterLink}
          to={`/${action.view}`}
          variant="body2"
          sx={{ display: 'inline-block', mt: 1 }}
        >
          {t(action.labelKey)}
        </Link>
      )}
    </Box>
  );
}

/** Opens an item in the next cell, as lists do; `openId` is the item open there now. */
export function useOpenItem() {
  const cell = useCell();
  const location = useLocation();
  const next = segmentAt(location.pathname, cell.index + 1);
  const openId = next?.startsWith('i-') ? next.slice(2).split('~')[0]! : null;
  return { openId, open: (id: string) => cell.open(`i-${id}`) };
}

/** A short list of items, each a link: it opens in the next cell, or in a new tab. */
function SearchCard({ card, headingId }: CardBodyProps) {
  const { t } = useTranslation();
  const { result, error, loading } = useCardSearch(card);
  const { openId } = useOpenItem();
  const settings = card.settings as SearchCardSettings;
  const fielded = !!(settings.rowFields?.length || settings.dueKey);
  const { items } = useResultItems(result?.ids ?? [], fielded);
  const type = fielded ? itemType(settings.query.types?.[0] ?? '') : undefined;
  const lov = useLovLabel(type ? [type] : []);
  useCardCount(result?.total);
  if (loading) return <CardSkeleton />;
  if (error) return <CardNote error>{t('dashboard.error')}</CardNote>;
  if (!result?.ids.length) return <CardEmpty card={card} />;
  const today = new Date().toISOString().slice(0, 10);
  const secondary = (id: string): ReactNode => {
    const item = items[id];
    if (!fielded || !item) return typeLabel(t, typeOfId(id));
    const due = settings.dueKey ? item[settings.dueKey] : undefined;
    // A date, or a date-time: its day decides; today is not yet overdue.
    const overdue = typeof due === 'string' && due.slice(0, 10) < today;
    const parts = (settings.rowFields ?? []).map((f) => cellText(t, type, item, f, lov)).filter(Boolean);
    return (
      <Box component="span" sx={overdue ? { color: 'error.main', fontWeight: 600 } : undefined}>
        {[...(overdue ? [t('dashboard.overdue')] : []), ...parts].join(' · ')}
      </Box>
    );
  };
  return (
    <List dense aria-labelledby={headingId} disablePadding>
      {result.ids.map((id) => (
        <ItemLinkRow
          key={id}
          id={id}
          type={typeOfId(id)}
          primary={result.labels[id] ?? id}
          secondary={secondary(id)}
          open={openId === id}
        />
      ))}
    </List>
  );
}

/** A number with its label. */
function CountCard({ card }: CardBodyProps) {
  const { t } = useTranslation();
  const { result, error, loading } = useCardSearch(card);
  if (loading) return <Skeleton variant="text" width={80} sx={{ fontSize: '3rem' }} />;
  if (error) return <CardNote error>{t('dashboard.error')}</CardNote>;
  const total = result?.total ?? 0;
  return (
    <Typography component="p" variant="h3" sx={{ fontWeight: 500 }}>
      {total.toLocaleString()}
    </Typography>
  );
}

/** A component of the card's module's client half (ClientModule.dashboardCards). */
function ComponentCard({ card }: CardBodyProps) {
  const { t } = useTranslation();
  const half = useQuery({
    queryKey: ['clientModule', card.module],
    queryFn: () => loadClientModule(card.module),
    staleTime: Infinity,
    retry: false,
  });
  if (card.kind !== 'component') return null;
  if (half.isPending) return <CardSkeleton />;
  const Component = half.data?.dashboardCards?.[card.settings.component];
  if (!Component) return <CardNote error>{t('dashboard.error')}</CardNote>;
  return <Component settings={card.settings.props ?? {}} />;
}
