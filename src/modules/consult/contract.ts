import { defineActs } from '../../kernel/act-contract';

// The consultation acts (filled by the consult server's work).
export const consultActs = defineActs({});
export type ConsultActs = typeof consultActs;
