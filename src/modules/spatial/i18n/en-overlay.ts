// The English strings of the spatial module's overlay part. The shape is the bundle's from its
// root (keys under `spatial.overlay.*`, and the shared `spatial.*` words in en.ts). The words of
// the summary sent to a proponent are record content, in overlay-summary.ts.
export const spatialOverlayEn = {
  spatial: {
    overlay: {
      title: 'Impact overlay',
      help: 'Measures what of the community’s mapped places lies on or near the project area. Only places everyone who reads this response may read are counted.',
      buffer: 'Buffer around the project area (m)',
      bufferHelp: 'From 0 to 50,000 m',
      run: 'Run the overlay',
      rerun: 'Run again',
      running: 'Measuring the overlap…',
      ran: 'The overlay ran',
      ranAndCompleted: 'The overlay ran and the step is complete',
      noProjectArea:
        'This consultation has no project area yet. Ask the proponent to map it, or draw it on the consultation.',
      failed: 'The overlay could not run.',
      badBuffer: 'Enter a whole number of metres from 0 to 50,000.',
      none: 'No report yet.',
      reports: 'Impact overlays',
      latest: 'Latest overlay',
      computed: 'Computed {{when}} with a {{buffer}} m buffer',
      headline_one: '{{count}} place within {{buffer}} m of the project area, {{intersecting}} on it',
      headline_other: '{{count}} places within {{buffer}} m of the project area, {{intersecting}} on it',
      nothing: 'None of the community’s places you all may read lie within {{buffer}} m.',
      byType: 'By spatial type',
      features: 'Places met',
      cols: {
        place: 'Place',
        type: 'Spatial type',
        measure: 'Overlap or distance',
        onProject: 'On the project',
      },
      units: { m: '{{n}} m', km: '{{n}} km', m2: '{{n}} m²', ha: '{{n}} ha' },
      shapes: { point: 'Point', line: 'Line', polygon: 'Area' },
      away: '{{d}} away',
      notMeasured: 'Not measured',
      hidden: 'A place you may not read',
      untyped: 'Other',
      older: 'Earlier overlays',
      share: 'Share the summary with the proponent',
      shareHelp:
        'Sends only the counts by spatial type and the buffer, never names, places or shapes. Off until you choose.',
      shareConfirm: 'Send this to the proponent?',
      shareSend: 'Send the summary',
      cancel: 'Cancel',
      sent: 'The summary was sent to the proponent',
      shareFailed: 'The summary could not be sent.',
      noProponent: 'This consultation has no proponent to send to.',
    },
  },
};
