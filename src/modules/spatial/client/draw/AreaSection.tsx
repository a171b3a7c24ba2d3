import { Alert, Box, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  itemType,
  readMany,
  readSearchReply,
  SectionFrame,
  useApp,
  type ItemSectionProps,
} from '../../../../client/module-api';
import { checkGeometry, type Geometry } from '../../../../kernel/geometry';
import { areaOfParts } from './area-parts';
import { summaryText } from './geometry-model';
import { useTerritory } from './territory';

const GeometryMap = lazy(() => import('./GeometryMap'));

/** More parts than any item's area has (a referral's project features). */
const PARTS_MAX = 200;
const MAP_HEIGHT = 280;

/**
 * The area of an item whose type declares `areaParts` (a consultation's project features), on a
 * small map over the basemap with the reader's own places under it (territory.ts: read through the
 * checked stream, so only places the reader may see are drawn). The parts are searched as the
 * reader: one they may not read is not drawn. No parts the reader may read: no section.
 */
export function AreaSection({ item, type }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const parts = type.areaParts!;
  const partType = itemType(parts.type);
  const territory = useTerritory();
  const q = useQuery({
    queryKey: ['areaParts', item.$id, item._u],
    queryFn: async () => {
      const found = readSearchReply(
        await client.request('search/ids', {
          must: { _t: [parts.type], [parts.link]: [item.$id] },
          max: PARTS_MAX,
        }),
      );
      const read = await readMany(client, qc, found.ids);
      return found.ids.map((id) => read[id]).filter((x) => !!x);
    },
    retry: false,
  });
  const field =
    partType?.map?.geometry ??
    Object.entries(partType?.properties ?? {}).find(([, p]) => p.kind === 'geometry')?.[0] ??
    'geometry';
  const shapes = (q.data ?? [])
    .map((p) => p[field])
    .filter((g): g is Geometry => !!g && checkGeometry(g) === null);
  const area = areaOfParts(shapes);
  if (q.isError) return <Alert severity="error">{t('spatial.area.loadFailed')}</Alert>;
  if (!area) return null;
  const summary = summaryText(t, area);
  const places = territory?.features.size ?? 0;
  return (
    <SectionFrame title={t('spatial.area.title')} testId="section-spatial-area">
      <Box data-area-map>
        <Suspense fallback={<Box sx={{ height: MAP_HEIGHT }} />}>
          <GeometryMap
            value={area}
            editable={false}
            mode="select"
            height={MAP_HEIGHT}
            territory={territory}
            showTerritory
            label={t('spatial.area.mapLabel', { summary })}
          />
        </Suspense>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }} data-area-summary>
        {summary}
      </Typography>
      {places > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('spatial.area.places')}
        </Typography>
      )}
    </SectionFrame>
  );
}
