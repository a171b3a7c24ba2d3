import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { TREE_MAX_GENERATIONS } from './tree-limits';
import { DATE_QUALIFIERS, FAMILY_RELATION_TYPES, MARITAL_END_TYPES, PARTNER_TYPES } from './types';

// The family tree's act (docs/research-tree.md): a community member's ancestors and descendants
// as the caller may read them. Every person is read through the read rule's SQL form; one the
// caller may not read is named only by the link a readable record holds to them, and shows as
// "someone you may not see": no label, no dates, no further links.

const MemberId = z.string().regex(/^CommunityMember-[1-9][0-9]*$/, 'a CommunityMember id');

const TreeDate = z.strictObject({
  date: z.string().optional(),
  qualifier: z.enum(DATE_QUALIFIERS).optional(),
  /** A range's end (BET … AND, FROM … TO). */
  to: z.string().optional(),
});
export type TreeDate = z.infer<typeof TreeDate>;

export const TreePerson = z.discriminatedUnion('hidden', [
  z.strictObject({
    $id: z.string(),
    hidden: z.literal(false),
    label: z.string(),
    indigenousName: z.string().optional(),
    birth: TreeDate.optional(),
    death: TreeDate.optional(),
    deceased: z.boolean(),
  }),
  /** A person the caller may not read: nothing of theirs but the id the readable link names. */
  z.strictObject({ $id: z.string(), hidden: z.literal(true) }),
]);
export type TreePerson = z.infer<typeof TreePerson>;

export const TreeParentLink = z.strictObject({
  child: z.string(),
  parent: z.string(),
  type: z.enum(FAMILY_RELATION_TYPES),
});
export type TreeParentLink = z.infer<typeof TreeParentLink>;

export const TreePartnerLink = z.strictObject({
  /** The person whose record holds the link (readable). */
  a: z.string(),
  b: z.string(),
  type: z.enum(PARTNER_TYPES),
  endType: z.enum(MARITAL_END_TYPES).optional(),
});
export type TreePartnerLink = z.infer<typeof TreePartnerLink>;

export const FamilyTree = z.strictObject({
  root: z.string(),
  people: z.array(TreePerson),
  parents: z.array(TreeParentLink),
  partners: z.array(TreePartnerLink),
  /** Someone at the top generation shown has parents not shown. */
  moreUp: z.boolean(),
  /** Someone at the bottom generation shown has children the caller may read, not shown. */
  moreDown: z.boolean(),
  /** The answer stopped at TREE_MAX_PEOPLE. */
  truncated: z.boolean(),
});
export type FamilyTree = z.infer<typeof FamilyTree>;

export const treeActs = defineActs({
  /**
   * The family tree around a member the caller may read (else the read's own error): `up`
   * generations of parents, `down` of children, with the partners of the member and of each
   * descendant.
   */
  resFamilyTree: {
    body: z.strictObject({
      member: MemberId,
      up: z.number().int().min(0).max(TREE_MAX_GENERATIONS).default(3),
      down: z.number().int().min(0).max(TREE_MAX_GENERATIONS).default(3),
    }),
    reply: FamilyTree,
  },
});
