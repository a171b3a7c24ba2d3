import { mergeStrings } from '../../../client/module-api';
import { spatialDrawEn } from './en-draw';
import { spatialIoEn } from './en-io';
import { spatialMapEn } from './en-map';
import { spatialOverlayEn } from './en-overlay';

// The spatial module's English bundle: the words all parts share, and each part's own file,
// merged deeply. A key in two files is refused when the half loads.
const shared = {
  typeNames: {
    SpatialCollection: 'Layer',
    SpatialFeature: 'Place',
    Feature: 'Map marker',
    GISCollection: 'Imported layer',
    Disposition: 'Disposition',
    DispositionFeature: 'Disposition area',
    SpatialImpactReport: 'Impact overlay',
  },
  types: {
    SpatialCollection: {
      label: 'Name',
      spatialType: 'Spatial type',
      description: 'Description',
      state: 'State',
    },
    SpatialFeature: {
      label: 'Name',
      spatialType: 'Spatial type',
      description: 'Description',
      collection: 'Layer',
      geometry: 'Shape on the map',
      accuracy: 'Accuracy (m)',
      contact: 'Contact',
      secondaryContacts: 'Other contacts',
      importedVia: 'Imported from',
      attributes: 'Attributes from the file',
      state: 'State',
    },
    Feature: {
      rel: 'Stands for',
      collection: 'Layer',
      label: 'Name',
      geometry: 'Shape',
      accuracy: 'Accuracy (m)',
    },
    GISCollection: {
      name: 'Layer name',
      source: 'Import',
      kind: 'Format',
      containedAs: 'Put in layer',
      featureCount: 'Places read',
      skipped: 'Left out',
    },
    Disposition: {
      label: 'Name',
      title: 'Title',
      dispositionType: 'Type',
      issued: 'Issued',
      description: 'Description',
    },
    DispositionFeature: { disposition: 'Disposition', label: 'Name', geometry: 'Area' },
    SpatialImpactReport: {
      response: 'Response',
      label: 'Name',
      buffer: 'Buffer (m)',
      computed: 'Computed',
      results: 'Features met',
      summary: 'Summary',
    },
  },
  enums: {
    // Import kinds
    GEOJSON: 'GeoJSON',
    KML: 'KML',
    KMZ: 'KMZ (zipped KML)',
    GPX: 'GPX',
    SHAPEFILE: 'Shapefile (zipped)',
    GEOPACKAGE: 'GeoPackage',
  },
  workflow: { kinds: { RWF_SPATIAL: 'Map the overlap' } },
  // The overlap report's history: its summary posted to a conversation (server/overlay/share.ts).
  item: { events: { SP_SUMMARY_SHARED: 'Overlap summary shared in a conversation' } },
};

export const spatialEn = [spatialMapEn, spatialDrawEn, spatialIoEn, spatialOverlayEn].reduce(
  (a: Record<string, unknown>, b: Record<string, unknown>) => mergeStrings(a, b),
  shared,
);
