import { Alert, Button, List, ListSubheader, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemLinkRow, type ItemSectionProps, typeLabel, useApp } from '../../../../client/module-api';
import { groupRelated, RELATED_PAGE, relatedQuery } from './related-model';
import { SectionFrame } from '../../../../client/module-api';

interface Reply {
  ids: string[];
  labels?: Record<string, string>;
  facets?: Record<string, { value: unknown; count: number }[]>;
  total: number;
}

/**
 * Related: the items that point at this one (search `$linked`, so only those the user may read),
 * grouped by type with their counts, newest change first; "Show more" asks for the next page.
 */
export function RelatedSection({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const [max, setMax] = useState(RELATED_PAGE);
  const q = useQuery({
    queryKey: ['related', item.$id, item._u, max],
    queryFn: () => client.request<Reply>('search/ids', relatedQuery(item.$id, max)),
    placeholderData: (prev) => prev,
  });
  const total = q.data?.total ?? 0;
  // Nothing points here: the section says nothing rather than an empty box on every record.
  if (q.isSuccess && total === 0) return null;
  if (q.isPending) return null;
  const groups = q.data ? groupRelated(q.data.ids, q.data.facets?._t ?? []) : [];
  const labels = q.data?.labels ?? {};
  return (
    <SectionFrame title={t('record.related')} count={total} testId="section-related">
      {q.isError && <Alert severity="error">{t('record.loadFailed')}</Alert>}
      {groups.map((g) => (
        <List
          key={g.type}
          dense
          aria-label={t('record.relatedGroup', { type: typeLabel(t, g.type), count: g.count })}
          subheader={
            <ListSubheader disableSticky sx={{ px: 0, lineHeight: 2.5, bgcolor: 'transparent' }}>
              {typeLabel(t, g.type)}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {g.count}
              </Typography>
            </ListSubheader>
          }
        >
          {g.ids.map((id) => (
            <ItemLinkRow key={id} id={id} type={g.type} primary={labels[id] ?? id} />
          ))}
        </List>
      ))}
      {total > (q.data?.ids.length ?? 0) && (
        <Button size="small" onClick={() => setMax((m) => m + RELATED_PAGE * 2)} disabled={q.isFetching}>
          {t('record.showMore', { count: total - (q.data?.ids.length ?? 0) })}
        </Button>
      )}
    </SectionFrame>
  );
}
