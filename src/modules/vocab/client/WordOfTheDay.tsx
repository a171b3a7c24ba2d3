import { Box, Link, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readMany, useApp, useCellLink, type Item } from '../../../client/module-api';
import PlayButton from './PlayButton';

/** Today's word, the same for everyone all day: the day's number picks one of the recorded words the person may read. */
export function dayIndex(now: Date, total: number): number {
  if (total <= 0) return 0;
  const day = Math.floor(now.getTime() / 86_400_000);
  return ((day * 2654435761) >>> 0) % total;
}

export default function WordOfTheDay() {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const link = useCellLink();
  const { data, isPending } = useQuery({
    queryKey: ['vocab', 'wordOfDay', new Date().toISOString().slice(0, 10)],
    queryFn: async (): Promise<Item | null> => {
      const body = { must: { _t: ['Lexeme'], hasMedia: [true] }, sort: [{ key: '_c.ts', order: 'asc' }] };
      const first = await client.request<{ total: number }>('search/ids', { ...body, max: 0 });
      if (!first.total) return null;
      const r = await client.request<{ ids: string[] }>('search/ids', {
        ...body,
        max: 1,
        offset: dayIndex(new Date(), Math.min(first.total, 10_000)),
      });
      const id = r.ids[0];
      if (!id) return null;
      return (await readMany(client, qc, [id]))[id] ?? null;
    },
  });
  if (isPending) return null;
  if (!data) return <Typography color="text.secondary">{t('vocab.desk.noWordOfDay')}</Typography>;
  const label = typeof data.label === 'string' ? data.label : data.$id;
  return (
    <Box data-result={data.$id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link {...link(data.$id)} variant="h5" component="a" sx={{ fontWeight: 600 }}>
          {label}
        </Link>
        {typeof data.translation === 'string' && (
          <Typography color="text.secondary">{data.translation}</Typography>
        )}
      </Box>
      <PlayButton item={data} label={label} />
    </Box>
  );
}
