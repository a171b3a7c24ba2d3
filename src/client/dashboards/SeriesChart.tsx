import { Box, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChartSeries, SeriesChartSettings } from '../../kernel/dashboard';
import { formatCents } from '../../kernel/money';
import { useLiveRefetch } from '../search/useLiveRefetch';
import { useTypeEnv } from '../search/useTypeEnv';
import { useApp } from '../state/app-context';
import { CardNote, CardSkeleton, type CardBodyProps } from './DashboardCard';

/** A 'YYYY-MM' category as the person's short month and year; anything else as it is. */
function categoryLabel(c: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(c);
  if (!m) return c;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/**
 * A chart of the series a module's act computes (kernel/dashboard.ts SeriesChartSettings): its
 * bar series drawn with MUI X Charts in the theme's colours, its summary figures said in words,
 * and every number in a table for screen readers (the drawing is hidden from them). It fetches
 * again when an item of the card's `watch` types changes, as search cards do.
 */
export function SeriesChart({
  card,
  headingId,
  settings,
}: CardBodyProps & { settings: SeriesChartSettings }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = i18n.language || 'en';
  const { client } = useApp();
  const env = useTypeEnv();
  const q = useQuery({
    queryKey: ['dashboardCard', card.id, settings.act, settings.body ?? {}],
    queryFn: () => client.request<ChartSeries>(`act/${settings.act}`, settings.body ?? {}),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  useLiveRefetch(settings.watch.length ? { _t: [...settings.watch] } : null, env, q.refetch);
  if (q.isPending) return <CardSkeleton />;
  if (q.error || !q.data) return <CardNote error>{t('dashboard.error')}</CardNote>;
  const data = q.data;
  const labels = data.categories.map((c) =>
    data.categoryLabelKeys?.[c] ? t(data.categoryLabelKeys[c]) : categoryLabel(c, locale),
  );
  const bars = data.series.filter((s) => (s.kind ?? 'bar') === 'bar');
  // The brand's secondary is a dark grey in both themes: on a dark card its bars all but vanish,
  // so the dark theme draws that series in a light grey.
  const second = theme.palette.mode === 'dark' ? theme.palette.grey[400] : theme.palette.secondary.main;
  const colours = [theme.palette.primary.main, second, theme.palette.info.main];
  const empty = bars.every((s) => s.values.every((v) => !v));
  const fmt = (v: number | null, money = data.format === 'money') =>
    v === null ? t('dashboard.none') : money ? formatCents(v, locale) : v.toLocaleString(locale);
  // Money bars are drawn in whole currency units (the axis reads "$1,200", not "120000").
  const drawn = (v: number | null) => (data.format === 'money' ? (v ?? 0) / 100 : (v ?? 0));
  return (
    <Box sx={{ height: '100%', minHeight: 200, display: 'flex', flexDirection: 'column' }}>
      {(data.summary ?? []).map((s) => (
        <Typography key={s.key} variant="body2" data-summary={s.key} sx={{ mb: 0.5 }}>
          {t(s.labelKey, { value: fmt(s.value, s.format === 'money'), count: s.value ?? 0 })}
        </Typography>
      ))}
      {empty ? (
        <CardNote>{t(card.emptyKey ?? 'dashboard.empty')}</CardNote>
      ) : (
        <Box aria-hidden sx={{ flex: 1, minHeight: 160 }}>
          <BarChart
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={[
              data.format === 'money'
                ? {
                    width: 56,
                    valueFormatter: (v: number) => formatCents(v * 100, locale).replace(/\.00$/, ''),
                  }
                : { tickMinStep: 1, width: 36 },
            ]}
            series={bars.map((s, i) => ({
              data: s.values.map(drawn),
              ...(data.format === 'money'
                ? { valueFormatter: (v: number | null) => fmt((v ?? 0) * 100) }
                : {}),
              label: t(s.labelKey),
              color: colours[i % colours.length]!,
            }))}
            // Hidden from screen readers (the table says the same), so it must not take focus.
            disableKeyboardNavigation
            margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
          />
        </Box>
      )}
      <Box component="table" aria-labelledby={headingId} sx={visuallyHidden} data-testid="chart-table">
        <thead>
          <tr>
            <th scope="col">{t(data.categoryHeadingKey ?? 'dashboard.chart.period')}</th>
            {data.series.map((s) => (
              <th key={s.key} scope="col">
                {t(s.labelKey)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((l, i) => (
            <tr key={data.categories[i]}>
              <th scope="row">{l}</th>
              {data.series.map((s) => (
                <td key={s.key}>{fmt(s.values[i] ?? null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
