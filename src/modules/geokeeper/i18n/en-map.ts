// The English strings of the GeoKeeper map and exports (keys under `geokeeper.map.*` and
// `geokeeper.export.*`), merged into en.ts.
export const geokeeperMapEn = {
  geokeeper: {
    map: {
      section: 'Field data on the map',
      show: 'Show on map',
      hide: 'Hide the map',
      canvas: 'Map of the program’s field data; the same records are listed below the map.',
      loading: 'Loading field data… {{loaded}} of {{total}}',
      count_one: '{{count}} item on the map',
      count_other: '{{count}} items on the map',
      none: 'No field data with a place yet.',
      legend: 'Legend',
      byWorkItem: 'Records by work item',
      noWorkItem: 'No work item',
      reference: 'Reference',
      workItemPlace: 'Where a work item is',
      listed: 'On the map',
      noWebgl: 'This browser cannot draw the map (WebGL is off). The records are listed below it.',
    },
    export: {
      menu: 'Export field data',
      as: 'Export the field data you may read as',
      formats: {
        CSV: 'CSV with repeat groups (zip)',
        GEOJSON: 'GeoJSON',
        SHAPEFILE: 'Shapefile (zip)',
      },
      started: 'The export has started. Follow it in the Help menu; the file is there when it is done.',
    },
  },
  tasks: {
    actions: {
      exportFieldData: 'Field data export',
    },
  },
};
