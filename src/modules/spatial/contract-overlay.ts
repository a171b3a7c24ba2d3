import { defineActs } from '../../kernel/act-contract';

// The spatial acts of the impact overlay of a response (RWF_SPATIAL). One file per part of the module so each
// part's contract reads on its own; contract.ts joins them.
export const overlayActs = defineActs({});
