import MapOutlined from '@mui/icons-material/MapOutlined';
import { Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionFrame, type ItemSectionProps } from '../../../../client/module-api';
import { ExportMenu } from '../export/ExportMenu';

// A program's field data section: "Show on map" (the map and MapLibre load only then) and
// "Export field data". Both show only what the reader may read.

const FieldDataMap = lazy(() => import('./FieldDataMap').then((m) => ({ default: m.FieldDataMap })));

export function ProgramDataSection({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <SectionFrame
      title={t('geokeeper.map.section')}
      testId="geokeeper-program-data"
      action={
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant={shown ? 'text' : 'contained'}
            startIcon={<MapOutlined />}
            aria-expanded={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t('geokeeper.map.hide') : t('geokeeper.map.show')}
          </Button>
          <ExportMenu program={item.$id} />
        </Stack>
      }
    >
      {shown && (
        <Suspense fallback={null}>
          <FieldDataMap program={item.$id} />
        </Suspense>
      )}
    </SectionFrame>
  );
}
