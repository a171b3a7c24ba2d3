import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { Box, getContrastRatio, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/app-context';
import { useResultItems } from '../search/useResultItems';
import { typeOfId } from '../search/suggestions';
import { CardNote, useOpenItem, type CardBodyProps } from './DashboardCard';
import { useCalendarSearches } from './useCardSearch';

/** A time of day as a Meeting keeps it. */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** White or black, whichever reads better on the event's colour (the dark theme's primary is pale). */
const eventText = (bg: string) =>
  getContrastRatio(bg, '#fff') >= getContrastRatio(bg, '#000') ? '#fff' : '#000';

/**
 * A month of the items whose date key falls in it (FullCalendar: a month grid, or a list on
 * phones and on demand). The shown range is searched (`from..to` on the date key), so the policy
 * decides which items appear; an event is a link to its item and opens it in the next cell.
 */
export function CalendarCard({ card, headingId }: CardBodyProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { config } = useApp();
  const [range, setRange] = useState<{ from: string; to: string } | undefined>(undefined);
  const { sources, results, error } = useCalendarSearches(card, range);
  const ids = useMemo(() => [...new Set(results.flatMap((r) => r?.ids ?? []))], [results]);
  const { items } = useResultItems(ids, true);
  const { open } = useOpenItem();

  // Each source (kind of event: a requested date, a response due, a step due, a meeting) in a
  // colour of its own, with the text colour that reads on it; the title says the kind in words.
  const kindColours = useMemo(() => {
    const p = theme.palette;
    const light = p.mode === 'light';
    return [
      p.primary.main,
      light ? p.secondary.main : p.secondary.light,
      light ? p.success.dark : p.success.light,
      light ? p.warning.dark : p.warning.light,
      light ? p.info.dark : p.info.light,
    ];
  }, [theme.palette]);

  // One event per source an item is found by (a response is due, and a step of it is due).
  const events = useMemo(
    () =>
      sources.flatMap((src, i) =>
        (results[i]?.ids ?? []).flatMap((id) => {
          const item = items[id];
          const key = src.dateKey;
          const raw = key === '_c.ts' || key === '_m.ts' ? item?.[key.slice(0, 2)] : item?.[key];
          const at = typeof raw === 'string' ? raw : (raw as { ts?: unknown } | undefined)?.ts;
          if (typeof at !== 'string') return [];
          const kind = config.types[typeOfId(id)]?.allProperties[key]?.kind;
          const title = results[i]?.labels[id] ?? id;
          // A date with a start time (a meeting at 09:00) is a timed event at its hours.
          const time = (k: string | undefined) => {
            const v = k ? item?.[k] : undefined;
            return typeof v === 'string' && HHMM.test(v) && kind === 'date' ? `${at}T${v}:00Z` : undefined;
          };
          const start = time(src.timeKeys?.start);
          const end = start ? time(src.timeKeys?.end) : undefined;
          return [
            {
              id: `${id}|${i}`,
              title: src.eventKey ? t(src.eventKey, { title }) : title,
              start: start ?? at,
              ...(end && end > start! ? { end } : {}),
              allDay: kind !== 'dateTime' && !start,
              color: kindColours[i % kindColours.length],
              contrastColor: eventText(kindColours[i % kindColours.length]!),
              url: `/i-${id}`,
              extendedProps: { itemId: id },
            },
          ];
        }),
      ),
    [sources, results, items, config.types, t, kindColours],
  );

  const datesSet = useCallback((info: { start: Date; end: Date }) => {
    const from = info.start.toISOString();
    const to = info.end.toISOString();
    setRange((r) => (r?.from === from && r.to === to ? r : { from, to }));
  }, []);

  return (
    <Box
      aria-labelledby={headingId}
      role="group"
      data-color-scheme={theme.palette.mode}
      sx={{
        height: '100%',
        // Twice the class: above the palette's own [data-color-scheme=dark] block.
        '&&': {
          '--fc-classic-primary': theme.palette.primary.main,
          '--fc-classic-primary-foreground': theme.palette.primary.contrastText,
          '--fc-classic-background': theme.palette.background.paper,
          '--fc-classic-foreground': theme.palette.text.primary,
          '--fc-classic-border': theme.palette.divider,
          // The library's greys for other months' day numbers fail contrast (2.5:1 on white): the
          // theme's secondary text holds 4.5:1 in both modes. A month that starts mid-week shows them.
          '--fc-classic-muted-foreground': theme.palette.text.secondary,
          '--fc-classic-faint-foreground': theme.palette.text.secondary,
          '--fc-classic-button':
            theme.palette.mode === 'dark' ? theme.palette.grey[700] : theme.palette.grey[800],
          '--fc-classic-button-border': 'transparent',
        },
        fontSize: '0.875rem',
        // An event's title wraps within its day rather than being cut at the cell's edge ("Response
        // reque"): the library's atomic classes carry no stable names, so by what an event is, a
        // link to its item.
        // Only the title wraps, between words; a timed event's time stays on one line, and the
        // title goes under it when the day is too narrow for both.
        '& a[href^="/i-"] > div': { flexWrap: 'wrap' },
        '& a[href^="/i-"] div:not(:has(div)):last-child': {
          whiteSpace: 'normal',
          overflowWrap: 'break-word',
          textOverflow: 'clip',
          minWidth: 0,
          flex: '1 1 auto',
        },
        '& a[href^="/i-"] div:not(:has(div)):first-child:not(:last-child)': { flexShrink: 0 },
        '& a:focus-visible, & button:focus-visible': {
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: 1,
        },
      }}
    >
      {error && <CardNote error>{t('dashboard.error')}</CardNote>}
      <FullCalendar
        plugins={[dayGridPlugin, listPlugin, classicTheme]}
        initialView={phone ? 'listMonth' : 'dayGridMonth'}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: 'dayGridMonth,dayGridWeek,listMonth',
        }}
        buttons={{
          // Its hint is its name: FullCalendar's own ("This Month") would not contain the visible word.
          today: { text: t('dashboard.calendar.today'), hint: t('dashboard.calendar.today') },
          prev: { hint: t('dashboard.calendar.prev') },
          next: { hint: t('dashboard.calendar.next') },
          dayGridMonth: { text: t('dashboard.calendar.month') },
          dayGridWeek: { text: t('dashboard.calendar.week') },
          listMonth: { text: t('dashboard.calendar.list') },
        }}
        noEventsText={t('dashboard.calendar.none')}
        // Rows as tall as their wrapped titles (the card scrolls); past three a day says "+n more".
        height="auto"
        fixedWeekCount={false}
        dayMaxEvents={3}
        events={events}
        // The theme's primary colour with its own text colour: FullCalendar's default blue under
        // white text is below the 4.5:1 contrast small text needs.
        eventColor={theme.palette.primary.main}
        eventContrastColor={eventText(theme.palette.primary.main)}
        datesSet={datesSet}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          open(String(info.event.extendedProps.itemId ?? info.event.id));
        }}
      />
    </Box>
  );
}
