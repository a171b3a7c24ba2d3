// The English strings of the spatial module's draw part. The shape is the bundle's from its
// root (keys under `spatial.draw.*`, and the shared `spatial.*` words in en.ts).
export const spatialDrawEn = {};
