import { Box, List, Typography } from '@mui/material';
import { ResultRow } from './ResultRow';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../items/format';
import type { Item } from '../state/items';
import type { ResultViewProps } from './ResultList';
import { itemDate, keyLabel } from './search-labels';
import { groupByDay, timeOf, type DayGroup } from './timeline';

export interface ResultTimelineProps extends ResultViewProps {
  items: Record<string, Item>;
  /** The date the timeline runs along. */
  dateKey: string;
}

/** TIMELINE: results by day along a line, newest first when sorted that way. */
export function ResultTimeline({ ids, labels, openId, onOpen, hrefOf, items, dateKey }: ResultTimelineProps) {
  const { t } = useTranslation();
  const groups = groupByDay(ids, (id) => (items[id] ? itemDate(items[id], dateKey) : null));
  return (
    <Box aria-label={t('search.timelineOf', { key: keyLabel(t, null, dateKey) })} role="region">
      {groups.map((g, i) => (
        <Day
          key={`${g.day}-${i}`}
          group={g}
          labels={labels}
          openId={openId}
          onOpen={onOpen}
          hrefOf={hrefOf}
          items={items}
          dateKey={dateKey}
        />
      ))}
    </Box>
  );
}

function Day({
  group,
  labels,
  openId,
  onOpen,
  hrefOf,
  items,
  dateKey,
}: {
  group: DayGroup;
  labels: Record<string, string>;
  openId: string | null;
  onOpen(id: string): void;
  hrefOf(id: string): string;
  items: Record<string, Item>;
  dateKey: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 1 }}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ color: 'text.secondary' }}>
        {group.day ? formatDate(group.day) : t('search.undated')}
      </Typography>
      <List dense sx={{ ml: 1.5, borderLeft: 2, borderColor: 'primary.main' }}>
        {group.ids.map((id) => {
          const item = items[id];
          const time = item ? timeOf(itemDate(item, dateKey)) : '';
          return (
            <ResultRow
              key={id}
              id={id}
              label={labels[id] ?? id}
              open={openId === id}
              detail={time}
              item={item}
              showType
              href={hrefOf(id)}
              onOpen={onOpen}
            />
          );
        })}
      </List>
    </Box>
  );
}
