import { Box, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { itemType, PropertyField, type Item } from '../../../../client/module-api';
import type { PropertyDef } from '../../../../kernel/property';
import { AREA_FIELD } from './geojson';

const noop = () => undefined;
const GEOMETRY: PropertyDef = { kind: 'geometry' };

/**
 * The project area: drawn on a map, pasted as GeoJSON, or read from a file, with the field editor
 * registered for the geometry kind (the spatial module's, loaded for any user who opens this
 * step; without it the generic JSON box). Optional; each shape becomes a project area.
 */
export function AreaStep({ consultation }: { consultation: Item }) {
  const { t } = useTranslation();
  const item = useMemo(() => ({ ...consultation, _t: 'ConsultProjectFeature' }) as Item, [consultation]);
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('consult.create.areaIntro')}</Typography>
      {/* The editor's room, kept while its chunk arrives: the dialog's buttons do not jump under a click. */}
      <Box sx={{ minHeight: 470 }}>
        <PropertyField
          name={AREA_FIELD}
          prop={itemType('ConsultProjectFeature')?.properties.geometry ?? GEOMETRY}
          item={item}
          admin={false}
          editable
          shaking={false}
          onOpen={noop}
        />
      </Box>
    </Stack>
  );
}
