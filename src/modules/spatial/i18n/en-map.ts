// The English strings of the spatial module's map part. The shape is the bundle's from its
// root (keys under `spatial.map.*`, and the shared `spatial.*` words in en.ts).
export const spatialMapEn = {
  spatial: {
    map: {
      layers: 'Layers',
      legend: 'Legend',
      canvas: 'Map of the places; the same places are listed under “Places in view”.',
      showMore: 'Show more',
      showLayer: 'Show {{layer}} on the map',
      emptyLayer: 'No places',
      noLayers: 'No layers yet.',
      noType: 'No type',
      loading: 'Loading',
      progress: 'Loading places',
      loadingCount: 'Loading places… {{loaded}} of {{total}}',
      loaded_one: '{{count}} place on the map',
      loaded_other: '{{count}} places on the map',
      placesInView_one: '{{count}} place in view',
      placesInView_other: '{{count}} places in view',
      morePlaces: 'and {{count}} more; zoom in to list them',
      noWebgl: 'This browser cannot draw the map (WebGL is off). The places are listed beside it.',
    },
  },
};
