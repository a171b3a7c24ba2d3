import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';

// Spatial and GIS (spec capability-modules §3 "Spatial and GIS", §4 "Spatial"; docs/spatial.md).
// Every mapped thing is an item: its geometry is a `geometry` property (kernel/geometry.ts), its
// box is in items.bbox, and who sees it is the policy's, as for any item. A sacred site is a
// SpatialFeature at PRIVATE (or PROTECTED with grants): the map, the exports and the overlay only
// ever see what search returns to the asker.

/** Lists of values per owning organisation (spec §5). */
export const SPATIAL_LOV_LISTS = ['SPL_TYPES', 'ORG_DISPOSITION_TYPES'] as const;

/** A layer's or a feature's state (spec §4 "Spatial": transitions not shown; any move is allowed). */
export const SPATIAL_STATES = ['DRAFT', 'ACTIVE', 'ARCHIVED'] as const;
export type SpatialState = (typeof SPATIAL_STATES)[number];

/** The import formats (Import `kind`, uppercase; spec §5). */
export const SPATIAL_IMPORT_KINDS = ['GEOJSON', 'KML', 'KMZ', 'GPX', 'SHAPEFILE', 'GEOPACKAGE'] as const;

const str = (maxLength = 500): PropertyDef => ({ kind: 'string', maxLength });
const text = (maxLength = 20_000): PropertyDef => ({ kind: 'text', maxLength, textField: true });
const state: PropertyDef = { kind: 'enum', values: SPATIAL_STATES, facet: true, required: true };

/** A layer: traditional-use sites, a trap-line network, a harvesting area. */
export const SpatialCollection = defineItemType({
  name: 'SpatialCollection',
  attachments: true,
  label: '{label}',
  defaultIcon: 'layers',
  properties: {
    label: { ...str(300), textField: true, required: true, notBlank: true },
    spatialType: { kind: 'lov', lov: 'SPL_TYPES', facet: true },
    description: text(5000),
    state,
  },
  defaultHeaders: ['label', 'spatialType', 'state', '_c.ts'],
  keyFacts: ['spatialType'],
  facets: ['spatialType', 'state'],
  stateField: 'state',
  access: { create: ['staff'], defaultLevel: 'PROTECTED' },
});

/**
 * A mapped place of a community's. Its own visibility (spec: "access"): a burial ground may be
 * PRIVATE inside a PROTECTED layer. `collection` is the layer it is drawn in; `attributes` keeps
 * an imported file's own columns; `accuracy` (metres) sizes its marker (spec §9).
 */
export const SpatialFeature = defineItemType({
  name: 'SpatialFeature',
  attachments: true,
  label: '{label}',
  defaultIcon: 'place',
  properties: {
    label: { ...str(300), textField: true, required: true, notBlank: true },
    spatialType: { kind: 'lov', lov: 'SPL_TYPES', facet: true },
    description: text(5000),
    collection: { kind: 'relation', types: ['SpatialCollection'], facet: true },
    geometry: { kind: 'geometry' },
    accuracy: { kind: 'number', numberKind: 'FLOAT' },
    contact: { kind: 'relation', types: ['Contact', 'User'] },
    secondaryContacts: { kind: 'relation', types: ['Contact', 'User'], list: true, maxItems: 50 },
    importedVia: { kind: 'relation', types: ['Import'], write: 'system' },
    attributes: { kind: 'json' },
    state,
  },
  defaultHeaders: ['label', 'spatialType', 'collection', 'state'],
  keyFacts: ['spatialType', 'collection', 'accuracy'],
  facets: ['spatialType', 'collection', 'state'],
  stateField: 'state',
  access: { create: ['staff'], defaultLevel: 'PROTECTED' },
  indexes: [{ name: 'items_spatialfeature_collection', keys: ['collection'] }],
});

/**
 * A stand-in on the map for another item (spec: "Feature: collection, rel"): a research record,
 * an archive entry or a belonging drawn where it belongs. It follows the item it stands for, so
 * it is never seen by someone who may not read that item (a map request's proxyIDs).
 */
export const Feature = defineItemType({
  name: 'Feature',
  label: '{label}',
  defaultIcon: 'push_pin',
  properties: {
    rel: { kind: 'relation', types: ['*'], required: true },
    collection: { kind: 'relation', types: ['SpatialCollection'], facet: true },
    label: { ...str(300), textField: true },
    geometry: { kind: 'geometry', required: true },
    accuracy: { kind: 'number', numberKind: 'FLOAT' },
  },
  defaultHeaders: ['label', 'rel', 'collection'],
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'rel' },
});

/**
 * One layer of an imported GIS file (spec: "GISCollection: name, source, kind, containedAs,
 * feature count"): what was read, from which file, into which collection. Made by an import.
 */
export const GISCollection = defineItemType({
  name: 'GISCollection',
  label: '{name}',
  defaultIcon: 'dataset',
  properties: {
    name: { ...str(300), textField: true, required: true },
    source: { kind: 'relation', types: ['Import'], required: true },
    kind: { kind: 'enum', values: SPATIAL_IMPORT_KINDS, facet: true },
    /** The collection its features were put in. */
    containedAs: { kind: 'relation', types: ['SpatialCollection'] },
    featureCount: { kind: 'number', numberKind: 'NATURAL' },
    /** Per feature left out: its index in the file and why (a catalogue key). */
    skipped: { kind: 'json', write: 'system' },
  },
  defaultHeaders: ['name', 'kind', 'featureCount', '_c.ts'],
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'source' },
});

/** A government's land disposition (a lease, a licence, a permit) a community tracks. */
export const Disposition = defineItemType({
  name: 'Disposition',
  attachments: true,
  label: '{label}',
  defaultIcon: 'gavel',
  properties: {
    label: { ...str(300), textField: true, required: true, notBlank: true },
    title: { ...str(300), textField: true },
    dispositionType: { kind: 'lov', lov: 'ORG_DISPOSITION_TYPES', facet: true },
    issued: { kind: 'date', facet: true },
    description: text(5000),
  },
  defaultHeaders: ['label', 'dispositionType', 'issued'],
  facets: ['dispositionType', 'issued'],
  access: { create: ['staff'], defaultLevel: 'PROTECTED' },
});

/** The land a disposition covers (spec: "DispositionFeature: fields not shown"). */
export const DispositionFeature = defineItemType({
  name: 'DispositionFeature',
  label: '{label}',
  defaultIcon: 'crop_square',
  properties: {
    disposition: { kind: 'relation', types: ['Disposition'], required: true },
    label: { ...str(300), textField: true },
    geometry: { kind: 'geometry', required: true },
  },
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'disposition' },
});

/**
 * The impact overlay of a response (issue 15 "The impact overlay"): the consultation's project
 * area with a buffer, against the community's layers. It follows the response, so only those who
 * may read the response (the community's own people) see it; what a proponent may be shown is
 * the redacted summary the community chooses to send (docs/spatial.md "Who sees what").
 */
export const SpatialImpactReport = defineItemType({
  name: 'SpatialImpactReport',
  label: '{label}',
  defaultIcon: 'travel_explore',
  properties: {
    response: { kind: 'relation', types: ['ConsultResponse'], required: true },
    label: { ...str(300), textField: true },
    /** Metres around the project area (0: the project area itself). */
    buffer: { kind: 'number', numberKind: 'INTEGER', required: true, write: 'system' },
    computed: { kind: 'dateTime', write: 'system' },
    /**
     * One entry per place met, nearest first (server/overlay/run.ts `OverlayResult`): id,
     * spatialType, shape, intersects, overlapM2 or overlapM, distanceM. Never a name or a shape:
     * only places every reader of the response may read are here (docs/spatial-overlay.md).
     */
    results: { kind: 'json', write: 'system' },
    /** Counts by spatial type (overlay-summary.ts `OverlaySummary`): what a redacted summary may say. */
    summary: { kind: 'json', write: 'system' },
  },
  defaultHeaders: ['label', 'buffer', 'computed'],
  access: { create: ['staff'], defaultLevel: 'PROTECTED', follows: 'response' },
});

export const spatialTypes = [
  SpatialCollection,
  SpatialFeature,
  Feature,
  GISCollection,
  Disposition,
  DispositionFeature,
  SpatialImpactReport,
];
