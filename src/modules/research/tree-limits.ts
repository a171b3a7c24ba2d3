// The family tree's bounds (docs/research-tree.md), shared by the act's contract and the screen
// without zod.

/** The most generations asked for each way; a deeper tree is opened from one of its people. */
export const TREE_MAX_GENERATIONS = 8;
/** The most people one answer holds (a large family read as a whole would be no tree to look at). */
export const TREE_MAX_PEOPLE = 400;
