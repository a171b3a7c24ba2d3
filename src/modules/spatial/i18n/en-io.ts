// The English strings of the spatial module's io part. The shape is the bundle's from its
// root (keys under `spatial.io.*`, and the shared `spatial.*` words in en.ts).
export const spatialIoEn = {};
