import { defineActs } from '../../kernel/act-contract';

// The spatial acts of the map's reads: streamFeatures (spec §7) and what the layer tree needs. One file per part of the module so each
// part's contract reads on its own; contract.ts joins them.
export const mapActs = defineActs({});
