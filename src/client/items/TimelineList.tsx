import { Box, List, ListItem, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tryParseId } from '../../protocol/ids';
import { cellText } from '../search/search-labels';
import { useLovLabel } from '../search/useLovLabel';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';
import { formatDate } from './format';
import { QueryState } from './InfoDialog';
import { itemType } from './item-label';
import { eventLabel, propLabel } from './labels';
import { changeRows } from './meta-model';

/** The item's history (act/timeline), newest first; one query shared by the dialog and the record. */
export function useTimeline(item: Item) {
  const { client } = useApp();
  const q = useQuery({
    queryKey: ['timeline', item.$id, item._u],
    queryFn: () => client.act('timeline', { _t: item._t, _i: item._i }),
    retry: false,
  });
  const events = Array.isArray(q.data?.events) ? q.data.events : [];
  const labels: Record<string, string> = { ...(item.$labels ?? {}), ...(q.data?.$labels ?? {}) };
  return { q, events, labels };
}

/**
 * The history's events, each with who, when and the fields it touched. `limit`: only the newest
 * that many (the record's inline timeline; the History dialog shows them all).
 */
export function TimelineList({ item, limit }: { item: Item; limit?: number }) {
  const { t } = useTranslation();
  const { q, events, labels } = useTimeline(item);
  const type = itemType(item._t);
  const lov = useLovLabel([type]);
  // A changed value as the record's own field shows it: "Regalia", not REGALIA. A person or an
  // item the reader may not read has no label: "someone", never its bare id (User-3).
  const hidden = (id: string) => (tryParseId(id)?.type === 'User' ? t('item.someone') : t('item.notShown'));
  const text = (field: string, value: unknown) => {
    const prop = type?.allProperties[field];
    const ids = prop?.kind === 'relation' ? (Array.isArray(value) ? value : [value]) : [];
    const named = { ...labels };
    for (const id of ids) if (typeof id === 'string' && !named[id]) named[id] = hidden(id);
    return cellText(t, type, { ...item, $labels: named, [field]: value }, field, lov);
  };
  // What a system-written JSON field holds (a workflow's inner state) is the server's, not the
  // reader's: its changes are not listed.
  const listed = (field: string) => {
    const prop = type?.allProperties[field];
    return !(prop?.kind === 'json' && prop.write === 'system');
  };
  const shown = limit === undefined ? events : events.slice(0, limit);
  const empty = t('item.empty');
  return (
    <QueryState q={q} empty={events.length === 0} emptyText={t('item.noEvents')}>
      <List aria-label={t('item.timelineTitle')} dense={limit !== undefined}>
        {shown.map((e) => {
          const changes = changeRows(e.data, text, t('item.valueHidden')).filter((c) => listed(c.field));
          const who = e.actor ? (labels[e.actor] ?? t('item.someone')) : t('item.system');
          return (
            <ListItem key={e.id} divider disableGutters sx={{ display: 'block' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {t('item.eventLine', { kind: eventLabel(t, e.kind), who })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {typeof e.at === 'string' ? formatDate(e.at) : ''}
              </Typography>
              {changes.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {changes.map((c) => (
                    <Typography component="li" variant="body2" key={c.field} sx={{ wordBreak: 'break-word' }}>
                      {t('item.changeLine', {
                        field: propLabel(t, item._t, c.field),
                        from: c.from || empty,
                        to: c.to || empty,
                      })}
                    </Typography>
                  ))}
                </Box>
              )}
            </ListItem>
          );
        })}
      </List>
    </QueryState>
  );
}
