import { lazy } from 'react';
import type { ClientModule } from '../../../../client/module-api';

// The spatial client half's part: the geometry field editor (draw, paste, drop a file), and the
// read view of a geometry in a record. Its own chunk, with MapLibre and terra-draw behind it.
export const drawPart: Partial<ClientModule> = {
  fieldEditors: { geometry: lazy(() => import('./GeometryField')) },
};
