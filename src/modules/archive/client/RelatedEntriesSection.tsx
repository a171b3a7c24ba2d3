import { List } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ItemLinkRow, SectionFrame, useApp, type ItemSectionProps } from '../../../client/module-api';
import { relatedEntriesQuery } from './related-query';

/**
 * "In the archive": the archive entries whose `rel` names this record, as the reader may see
 * them. Shown only when there is at least one, so records nothing relates to stay as they were.
 */
export default function RelatedEntriesSection({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const { data } = useQuery({
    queryKey: ['archive', 'related', item.$id],
    queryFn: () =>
      client.request<{ ids: string[]; labels: Record<string, string>; total: number }>(
        'search/ids',
        relatedEntriesQuery(item.$id),
      ),
  });
  if (!data?.total) return null;
  return (
    <SectionFrame title={t('archive.related.title')} count={data.total} testId="archive-related">
      <List dense disablePadding>
        {data.ids.map((id) => (
          <ItemLinkRow key={id} id={id} type="ArchiveEntry" primary={data.labels[id] ?? id} />
        ))}
      </List>
    </SectionFrame>
  );
}
