import CropSquareOutlined from '@mui/icons-material/CropSquareOutlined';
import DatasetOutlined from '@mui/icons-material/DatasetOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { defineClientModule } from '../../../client/module-api';
import { fallBackOnError, resolveBasemap } from './common/basemap';
import { drawPart } from './draw';
import { ioPart } from './io';
import { mapPart } from './map';
import { overlayPart } from './overlay';

/**
 * The spatial module's client half (docs/spatial.md): the map, the geometry editor, GIS import
 * and export, and the impact overlay. Four parts, each its own folder; here they are joined.
 */
const parts = [mapPart, drawPart, ioPart, overlayPart];

export const client = defineClientModule({
  id: 'spatial',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: {
    crop_square: CropSquareOutlined,
    dataset: DatasetOutlined,
    gavel: GavelOutlined,
    layers: LayersOutlined,
    place: PlaceOutlined,
    push_pin: PushPinOutlined,
    travel_explore: TravelExploreOutlined,
  },
  strings: () => import('../i18n/en').then((m) => m.spatialEn),
  // The one basemap of every map, GeoKeeper's too (client/common/basemap.ts).
  basemap: { style: resolveBasemap, keepDrawing: fallBackOnError },
  screens: Object.assign({}, ...parts.map((p) => p.screens ?? {})),
  fieldEditors: Object.assign({}, ...parts.map((p) => p.fieldEditors ?? {})),
  stepPanels: Object.assign({}, ...parts.map((p) => p.stepPanels ?? {})),
  createDialogs: Object.assign({}, ...parts.map((p) => p.createDialogs ?? {})),
  itemSections: parts.flatMap((p) => p.itemSections ?? []),
  itemMenu: parts.flatMap((p) => p.itemMenu ?? []),
  mapLayers: parts.flatMap((p) => p.mapLayers ?? []),
  searchExports: parts.flatMap((p) => p.searchExports ?? []),
  searchDisplays: Object.assign({}, ...parts.map((p) => p.searchDisplays ?? {})),
});
