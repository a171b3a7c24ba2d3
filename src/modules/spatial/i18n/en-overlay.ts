// The English strings of the spatial module's overlay part. The shape is the bundle's from its
// root (keys under `spatial.overlay.*`, and the shared `spatial.*` words in en.ts).
export const spatialOverlayEn = {};
