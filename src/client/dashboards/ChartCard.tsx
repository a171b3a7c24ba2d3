import { Box, List, ListItem, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../search/search-labels';
import { itemType } from '../items/item-label';
import { enumLabel } from '../items/labels';
import { useLovLabel } from '../search/useLovLabel';
import { visuallyHidden } from '@mui/utils';
import { CardNote, CardSkeleton, type CardBodyProps } from './DashboardCard';
import { isSeriesChart } from '../../kernel/dashboard';
import { SeriesChart } from './SeriesChart';
import { useCardSearch } from './useCardSearch';

/** A chart card: a facet's counts (FacetChart) or a module act's series (SeriesChart). */
export function ChartCard({ card, headingId }: CardBodyProps) {
  if (card.kind === 'chart' && isSeriesChart(card.settings))
    return <SeriesChart card={card} headingId={headingId} settings={card.settings} />;
  return <FacetChart card={card} headingId={headingId} />;
}

/**
 * A bar chart of the facet counts of one key (MUI X Charts), from a search with that facet, so it
 * counts only what the user may read. Screen readers get the same counts as a list.
 */
function FacetChart({ card, headingId }: CardBodyProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { result, error, loading } = useCardSearch(card);
  // A list-of-values or enum facet is shown by its words, as the search's facet panel shows it.
  const settings = card.kind === 'chart' && !isSeriesChart(card.settings) ? card.settings : null;
  const types = settings ? (settings.query.types ?? []).map((n) => itemType(n)) : [];
  const lov = useLovLabel(types);
  if (!settings) return null;
  const prop = types.map((ty) => ty?.allProperties[settings.facet]).find((p) => p);
  if (loading) return <CardSkeleton />;
  if (error) return <CardNote error>{t('dashboard.error')}</CardNote>;
  const facet = settings.facet;
  // An enumeration's bars in its declared order (a lifecycle reads Draft, Submitted, Review, …),
  // not by count or name.
  const order = prop?.kind === 'enum' ? (prop.values ?? []) : [];
  const rank = (v: unknown) => (order.includes(v as string) ? order.indexOf(v as string) : order.length);
  const buckets = (result?.facets[facet] ?? [])
    .filter((b) => b.count > 0)
    .sort((a, b) => rank(a.value) - rank(b.value));
  if (!buckets.length) return <CardNote>{t('dashboard.empty')}</CardNote>;
  const label = (v: unknown, l?: string) =>
    facet === '_t' && typeof v === 'string'
      ? typeLabel(t, v)
      : prop?.kind === 'lov' && prop.lov && typeof v === 'string'
        ? (lov(prop.lov, v, null) ?? l ?? v)
        : prop?.kind === 'enum' && typeof v === 'string'
          ? enumLabel(t, v)
          : (l ?? (v === null ? t('dashboard.none') : String(v)));
  const data = buckets.map((b) => ({ name: label(b.value, b.label), count: b.count }));
  return (
    <Box sx={{ height: '100%', minHeight: 160 }}>
      <Box aria-hidden sx={{ height: '100%' }}>
        <BarChart
          dataset={data}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', dataKey: 'name', width: 110 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[{ dataKey: 'count', label: t(card.titleKey), color: theme.palette.primary.main }]}
          hideLegend
          // The chart is hidden from screen readers (the list below says the same), so it must
          // not take focus either: a focusable element inside aria-hidden is an axe violation.
          disableKeyboardNavigation
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        />
      </Box>
      <List aria-labelledby={headingId} sx={visuallyHidden}>
        {data.map((d) => (
          <ListItem key={d.name}>{t('dashboard.chart.bar', { name: d.name, count: d.count })}</ListItem>
        ))}
      </List>
    </Box>
  );
}
