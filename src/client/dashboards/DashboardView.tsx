import { Alert, Box, Typography } from '@mui/material';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_COLUMNS } from '../../kernel/dashboard';
import type { DashboardConfig } from '../config';
import { useCell } from '../shell/cell-api';
import { useApp, useSession } from '../state/app-context';
import type { ViewProps } from '../views/view-def';
import { DashboardActions, DashboardHelpLink } from './DashboardActions';
import { DashboardCard } from './DashboardCard';
import { homeDashboard, visibleCards } from './gate';

/** The height of one grid unit, in pixels. */
export const GRID_UNIT_PX = 80;

/** From this width of the dashboard (not the window: it may share it with other cells) cards take their widths. */
const WIDE_PX = 720;

const made = new Map<string, ComponentType<ViewProps>>();

/** The view of a dashboard: its title as the page heading, then its cards. */
export function dashboardView(key: string): ComponentType<ViewProps> {
  let view = made.get(key);
  if (!view) {
    view = function DashboardScreen() {
      const { t } = useTranslation();
      const { config } = useApp();
      const { setTitle } = useCell();
      const dashboard = config.dashboards?.find((d) => d.key === key);
      const title = dashboard ? t(dashboard.titleKey) : '';
      useEffect(() => setTitle(title), [setTitle, title]);
      if (!dashboard)
        return (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('dashboard.unknown', { key })}
          </Alert>
        );
      return (
        <Box sx={{ p: { xs: 1, sm: 2 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography component="h1" variant="h5" sx={{ mr: 'auto' }}>
              {title}
            </Typography>
            <DashboardHelpLink help={dashboard.help ?? []} />
            <DashboardActions actions={dashboard.actions ?? []} />
          </Box>
          <DashboardGrid dashboard={dashboard} />
        </Box>
      );
    };
    made.set(key, view);
  }
  return view;
}

/** The home view's dashboard: the home of the user's capability, when one is declared. */
export function HomeDashboard() {
  const { config } = useApp();
  const { user } = useSession();
  const dashboard = homeDashboard(config, user);
  return dashboard ? <DashboardGrid dashboard={dashboard} /> : null;
}

/**
 * The cards this user may see on a 12-column grid: a third is 4 columns, two thirds 8, full 12;
 * heights in units of GRID_UNIT_PX. Narrower than WIDE_PX (phones, a narrow cell) every card is
 * full width.
 */
export function DashboardGrid({ dashboard }: { dashboard: DashboardConfig }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const cards = visibleCards(dashboard.cards, user);
  if (!cards.length) return <Typography color="text.secondary">{t('dashboard.noCards')}</Typography>;
  const wide = `@container (min-width: ${WIDE_PX}px)`;
  return (
    // Not a landmark of its own: the cell around it is one, named like the dashboard.
    <Box sx={{ containerType: 'inline-size' }}>
      <Box
        data-dashboard={dashboard.key}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
          [wide]: { gridAutoRows: `${GRID_UNIT_PX}px` },
        }}
      >
        {cards.map((c) => {
          const px = c.height * GRID_UNIT_PX;
          // Narrow, a card is as tall as its content up to its height; a calendar or a chart
          // has no height of its own, so it keeps its height.
          const fixed = c.kind === 'calendar' || c.kind === 'chart';
          return (
            <Box
              key={c.id}
              sx={{
                gridColumn: 'span 12',
                minWidth: 0,
                ...(fixed ? { height: px } : { maxHeight: px }),
                [wide]: {
                  gridColumn: `span ${CARD_COLUMNS[c.width]}`,
                  gridRow: `span ${c.height}`,
                  height: 'auto',
                  maxHeight: 'none',
                  minHeight: 0,
                },
              }}
            >
              <DashboardCard card={c} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
