import { ioActs, ioAsyncActs } from './contract-io';
import { mapActs } from './contract-map';
import { overlayActs, overlayAsyncActs } from './contract-overlay';

// The spatial module's act contracts (docs/spatial.md): the map's reads, GIS import and export,
// the impact overlay. A name in two parts is a bug the registry reports as "already registered".
export const spatialActs = { ...mapActs, ...ioActs, ...overlayActs };

/** The spatial async actions (act/{name}/async): GIS import and export, the impact overlay. */
export const spatialAsyncActs = { ...ioAsyncActs, ...overlayAsyncActs };
