// The English strings of the spatial module's draw part. The shape is the bundle's from its
// root (keys under `spatial.draw.*`, and the shared `spatial.*` words in en.ts).
export const spatialDrawEn = {
  spatial: {
    area: {
      title: 'Area',
      mapLabel: 'Map of the area. {{summary}}',
      places: 'Your community’s places that you may see are drawn under it.',
      loadFailed: 'The area could not be loaded.',
    },
    draw: {
      modes: {
        label: 'Drawing mode',
        point: 'Draw a point',
        linestring: 'Draw a line',
        polygon: 'Draw an area',
        select: 'Select and edit',
      },
      hints: {
        point: 'Click the map to place a point.',
        linestring: 'Click to add points; click the last point again or press Enter to finish.',
        polygon: 'Click to add corners; click the first corner or press Enter to close the area.',
        select: 'Click a shape to select it, then drag its points; Delete removes it.',
      },
      undo: 'Undo the last point',
      deleteSelected: 'Delete the selected shape',
      chooseFile: 'Choose a file',
      clear: 'Clear',
      paste: 'Paste GeoJSON',
      none: 'No shape yet',
      unreadable: 'This shape cannot be shown (it is not valid GeoJSON).',
      noMap: 'The map cannot be shown in this browser; paste GeoJSON or choose a file instead.',
      mapLabel: 'Map: {{label}}. {{summary}}',
      summary: {
        point_one: 'Point',
        point_other: '{{count}} points',
        line_one: 'Line',
        line_other: '{{count}} lines',
        area_one: 'Area',
        area_other: '{{count}} areas',
        points_one: '{{count}} point',
        points_other: '{{count}} points',
      },
      units: {
        m2: '{{value}} m²',
        ha: '{{value}} ha',
        km2: '{{value}} km²',
        m: '{{value}} m',
        km: '{{value}} km',
      },
      problems: {
        notJson: 'This is not valid JSON.',
        notGeoJson: 'This is not GeoJSON: expected a geometry, a Feature or a FeatureCollection.',
        empty: 'There is no shape in it.',
        mixed: 'Points, lines and areas cannot be one value: keep shapes of one kind.',
        tooLarge: 'The file is too large for one shape (at most {{mb}} MB); import it as a layer instead.',
        fileType:
          'Choose a zipped shapefile (.zip), a .kml, .kmz, .gpkg (GeoPackage), .geojson, .json or .gpx file.',
        fileTooMany: 'The file holds more than {{max}} shapes: import it as a layer instead.',
        fileUnread: 'The file could not be read just now. Check the connection and try again.',
        noProjection:
          'The shapes’ coordinates are not longitude and latitude, and the zip has no {{part}} to say which projection they are in. Add the .prj file saved with the shapefile to the zip, and choose it again.',
        notLonLat:
          'The shapes’ coordinates are not longitude and latitude, and the file does not say which projection they are in. Save it again in WGS 84 (EPSG:4326), or as a zipped shapefile with its .prj file.',
      },
      reading: 'Reading {{file}}…',
      fromProjection: 'Read from {{projection}}, and shown here in longitude and latitude (WGS 84).',
      territory: {
        show: 'Show our mapped places ({{count}})',
        legend: 'Your community’s places the map shows, to draw beside. They are not part of this shape.',
      },
      warnings: {
        tooLarge:
          'This area is {{km2}} km², larger than the {{max}} km² a project area usually covers. Check that it was drawn as meant; you can still go on.',
        outsideBounds:
          'This shape lies outside the region this site maps. Check that it was drawn in the right place; you can still go on.',
        outsideTerritory:
          'This shape is far from your community’s mapped places. Check that it was drawn in the right place; you can still go on.',
      },
    },
  },
};
