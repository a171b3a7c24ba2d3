// The English strings of the spatial module's map part. The shape is the bundle's from its
// root (keys under `spatial.map.*`, and the shared `spatial.*` words in en.ts).
export const spatialMapEn = {};
