import { defineActs } from '../../kernel/act-contract';

// The spatial acts of GIS import and export (background tasks). One file per part of the module so each
// part's contract reads on its own; contract.ts joins them.
export const ioActs = defineActs({});
