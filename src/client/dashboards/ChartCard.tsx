import { Box, List, ListItem, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../search/search-labels';
import { visuallyHidden } from '@mui/utils';
import { CardNote, CardSkeleton, type CardBodyProps } from './DashboardCard';
import { useCardSearch } from './useCardSearch';

/**
 * A bar chart of the facet counts of one key (MUI X Charts), from a search with that facet, so it
 * counts only what the user may read. Screen readers get the same counts as a list.
 */
export function ChartCard({ card, headingId }: CardBodyProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { result, error, loading } = useCardSearch(card);
  if (card.kind !== 'chart') return null;
  if (loading) return <CardSkeleton />;
  if (error) return <CardNote error>{t('dashboard.error')}</CardNote>;
  const facet = card.settings.facet;
  const buckets = (result?.facets[facet] ?? []).filter((b) => b.count > 0);
  if (!buckets.length) return <CardNote>{t('dashboard.empty')}</CardNote>;
  const label = (v: unknown, l?: string) =>
    facet === '_t' && typeof v === 'string'
      ? typeLabel(t, v)
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
