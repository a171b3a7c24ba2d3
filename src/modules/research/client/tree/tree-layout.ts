import { flextree } from 'd3-flextree';
import type { FamilyTree, TreeParentLink, TreePartnerLink, TreePerson } from '../../contract-tree';
import type { FamilyRelationType } from '../../types';

// The family tree's drawing plan (docs/research-tree.md "Layout"): an hourglass. The member sits
// in the middle; their parents' generations go up as one tidy tree (each person's parents are
// their "children" in the layout), their descendants go down as another, each descendant drawn
// with their partners beside them. d3-flextree places nodes of different widths (a person alone,
// a person with two partners) without overlap. Someone reached twice (cousins' children
// marrying) is drawn once, and the second link goes to where they already are.

export const NODE_W = 188;
export const NODE_H = 60;
/** Between generations: room for the links and their labels. */
export const GEN_GAP = 72;
export const SIB_GAP = 24;
/** Between a person and a partner: room for the partner type's label on the line. */
export const PARTNER_GAP = 88;
const ROW = NODE_H + GEN_GAP;

export type Role =
  | { kind: 'root' }
  | { kind: 'parent'; type: FamilyRelationType; of: string; depth: number }
  | { kind: 'child'; type: FamilyRelationType; of: string; depth: number }
  | { kind: 'partner'; link: TreePartnerLink; of: string };

export interface PlacedPerson {
  person: TreePerson;
  /** The box's top left. */
  x: number;
  y: number;
  role: Role;
}

export interface PlacedLink {
  key: string;
  kind: 'parent' | 'partner';
  /** A parent link's way from the member: up to an ancestor, down to a descendant. */
  dir?: 'up' | 'down';
  /** A parent link's type, or the partner type. */
  type: string;
  /** SVG path. */
  d: string;
  /** Where the label sits (its centre), when it has one. */
  label?: { x: number; y: number };
  /** A partnership that ended apart (divorced, separated, annulled): drawn broken. */
  ended?: boolean;
}

export interface TreePlan {
  people: PlacedPerson[];
  links: PlacedLink[];
  /** The drawing's bounds, with a margin. */
  box: { x: number; y: number; width: number; height: number };
}

const TYPE_ORDER: readonly string[] = ['BIO', 'ADOPT', 'STEP', 'FOSTER', 'GUARDIAN', 'RELATED', 'SEALED'];
const typeRank = (t: string) => {
  const i = TYPE_ORDER.indexOf(t);
  return i < 0 ? TYPE_ORDER.length : i;
};
const ENDED_APART = new Set(['DIVORCED', 'SEPARATED', 'ANNULLED']);

interface AncNode {
  id: string;
  link?: TreeParentLink;
  parents: AncNode[];
}
interface DescNode {
  id: string;
  link?: TreeParentLink;
  partners: TreePartnerLink[];
  children: DescNode[];
}

/** A link's label shows where the type is not plain birth, or where the child has other kinds of parents too. */
function labelled(link: TreeParentLink, all: readonly TreeParentLink[]): boolean {
  return link.type !== 'BIO' || all.some((l) => l.child === link.child && l.type !== 'BIO');
}

const curve = (x1: number, y1: number, x2: number, y2: number) => {
  const my = (y1 + y2) / 2;
  return `M${x1},${y1} C${x1},${my} ${x2},${my} ${x2},${y2}`;
};

function birthKey(p: TreePerson | undefined): string {
  return p && !p.hidden ? (p.birth?.date ?? '9999') : '9999';
}

export function planTree(tree: FamilyTree): TreePlan {
  const byId = new Map(tree.people.map((p) => [p.$id, p]));
  const people: PlacedPerson[] = [];
  const at = new Map<string, { x: number; y: number }>();
  const links: PlacedLink[] = [];
  const place = (person: TreePerson, x: number, y: number, role: Role) => {
    people.push({ person, x, y, role });
    at.set(person.$id, { x, y });
  };

  // ---- up: parents as the layout's children ----
  const seenUp = new Set<string>([tree.root]);
  const up = (id: string, link?: TreeParentLink): AncNode => {
    const mine = tree.parents
      .filter((l) => l.child === id && byId.has(l.parent))
      .sort((a, b) => typeRank(a.type) - typeRank(b.type));
    const parents: AncNode[] = [];
    for (const l of mine) {
      // Reached before: drawn once, this link goes to where they are.
      if (seenUp.has(l.parent)) continue;
      seenUp.add(l.parent);
      parents.push(up(l.parent, l));
    }
    return { id, ...(link ? { link } : {}), parents };
  };
  const ancRoot = up(tree.root);
  const ancLayout = flextree<AncNode>({
    nodeSize: () => [NODE_W + SIB_GAP, ROW],
    children: (d) => d.parents,
  });
  const anc = ancLayout(ancLayout.hierarchy(ancRoot, (d) => d.parents));

  // ---- down: each descendant with their partners ----
  const seenDown = new Set<string>([tree.root]);
  const partnersOf = (id: string) =>
    tree.partners.filter(
      (l) =>
        (l.a === id || l.b === id) && byId.has(l.a === id ? l.b : l.a) && !seenUp.has(l.a === id ? l.b : l.a),
    );
  const down = (id: string, link?: TreeParentLink): DescNode => {
    const partners = partnersOf(id).filter((l) => {
      const other = l.a === id ? l.b : l.a;
      if (seenDown.has(other)) return false;
      seenDown.add(other);
      return true;
    });
    const kids = tree.parents
      .filter((l) => l.parent === id && byId.has(l.child) && !seenUp.has(l.child))
      .sort((a, b) => birthKey(byId.get(a.child)).localeCompare(birthKey(byId.get(b.child))));
    const children: DescNode[] = [];
    for (const l of kids) {
      if (seenDown.has(l.child)) continue;
      seenDown.add(l.child);
      children.push(down(l.child, l));
    }
    return { id, ...(link ? { link } : {}), partners, children };
  };
  const descRoot = down(tree.root);
  const unitW = (d: DescNode) => NODE_W + d.partners.length * (NODE_W + PARTNER_GAP);
  const descLayout = flextree<DescNode>({
    nodeSize: (n) => [unitW(n.data) + SIB_GAP, ROW],
    children: (d) => d.children,
  });
  const desc = descLayout(descLayout.hierarchy(descRoot, (d) => d.children));

  // The root's box is at x -NODE_W/2 in both halves.
  anc.each((n) => {
    const person = byId.get(n.data.id);
    if (!person || n.depth === 0) return;
    const l = n.data.link!;
    place(person, n.x - NODE_W / 2, -n.depth * ROW, {
      kind: 'parent',
      type: l.type,
      of: l.child,
      depth: n.depth,
    });
  });
  const shift = unitW(descRoot) / 2 - NODE_W / 2;
  const unitOrigin = new Map<string, { x: number; y: number }>();
  desc.each((n) => {
    const person = byId.get(n.data.id);
    if (!person) return;
    const x = n.x - unitW(n.data) / 2 + shift;
    const y = n.depth * ROW;
    const l = n.data.link;
    place(
      person,
      x,
      y,
      n.depth === 0 || !l ? { kind: 'root' } : { kind: 'child', type: l.type, of: l.parent, depth: n.depth },
    );
    n.data.partners.forEach((pl, i) => {
      const other = pl.a === n.data.id ? pl.b : pl.a;
      const px = x + (i + 1) * (NODE_W + PARTNER_GAP);
      place(byId.get(other)!, px, y, { kind: 'partner', link: pl, of: n.data.id });
      const lx = px - PARTNER_GAP;
      links.push({
        key: `partner ${pl.a} ${pl.b}`,
        kind: 'partner',
        type: pl.type,
        d: `M${lx},${y + NODE_H / 2} H${px}`,
        label: { x: lx + PARTNER_GAP / 2, y: y + NODE_H / 2 - 8 },
        ...(pl.endType && ENDED_APART.has(pl.endType) ? { ended: true } : {}),
      });
      const mid = { x: lx + PARTNER_GAP / 2, y: y + NODE_H / 2 };
      unitOrigin.set(`${n.data.id} ${other}`, mid);
      unitOrigin.set(`${other} ${n.data.id}`, mid);
    });
  });

  // ---- parent links: every one whose two ends are drawn ----
  for (const l of tree.parents) {
    const c = at.get(l.child);
    const p = at.get(l.parent);
    if (!c || !p) continue;
    // Up (the child is the member or an ancestor): from the child's top to the parent's bottom,
    // the label just under the parent. A parent drawn already on another branch, at the child's
    // level or below (cousins' children marrying), gets an arc over to their box's top.
    if (c.y > 0) continue;
    const x1 = c.x + NODE_W / 2;
    const x2 = p.x + NODE_W / 2;
    const above = p.y < c.y;
    const lift = Math.min(c.y, p.y) - GEN_GAP / 2;
    links.push({
      key: `parent ${l.child} ${l.parent} ${l.type}`,
      kind: 'parent',
      dir: 'up',
      type: l.type,
      d: above ? curve(x1, c.y, x2, p.y + NODE_H) : `M${x1},${c.y} C${x1},${lift} ${x2},${lift} ${x2},${p.y}`,
      ...(labelled(l, tree.parents)
        ? { label: above ? { x: x2, y: p.y + NODE_H + 14 } : { x: (x1 + x2) / 2, y: lift + 6 } }
        : {}),
    });
  }
  // Down: from the couple's line when the child is both partners', else from the parent's bottom.
  const drawnDown = new Set<string>();
  for (const l of tree.parents) {
    const c = at.get(l.child);
    const p = at.get(l.parent);
    if (!c || !p || c.y <= 0 || c.y <= p.y || drawnDown.has(`${l.child} ${l.type}`)) continue;
    const other = tree.parents.find(
      (o) => o.child === l.child && o.parent !== l.parent && unitOrigin.has(`${l.parent} ${o.parent}`),
    );
    const origin = other
      ? unitOrigin.get(`${l.parent} ${other.parent}`)!
      : { x: p.x + NODE_W / 2, y: p.y + NODE_H };
    // A child of both partners in one way is one line from the couple.
    if (other && other.type === l.type) drawnDown.add(`${l.child} ${l.type}`);
    const x2 = c.x + NODE_W / 2;
    links.push({
      key: `parent ${l.child} ${l.parent} ${l.type}`,
      kind: 'parent',
      dir: 'down',
      type: l.type,
      d: curve(origin.x, origin.y, x2, c.y),
      ...(labelled(l, tree.parents) ? { label: { x: x2, y: c.y - 12 } } : {}),
    });
  }

  // The member first: Tab starts from them, then their parents, then the generations beyond.
  const rootIndex = people.findIndex((p) => p.role.kind === 'root');
  if (rootIndex > 0) people.unshift(...people.splice(rootIndex, 1));

  const M = 24;
  const xs = people.map((p) => p.x);
  const ys = people.map((p) => p.y);
  const minX = Math.min(...xs) - M;
  const minY = Math.min(...ys) - M;
  const maxX = Math.max(...xs) + NODE_W + M;
  const maxY = Math.max(...ys) + NODE_H + M;
  return { people, links, box: { x: minX, y: minY, width: maxX - minX, height: maxY - minY } };
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * The person an arrow key moves to: up and down to the nearest generation that way, the nearest
 * across; left and right along the same generation. None: stay.
 */
export function neighbour(people: readonly PlacedPerson[], from: number, dir: Direction): number {
  const f = people[from];
  if (!f) return from;
  let best = from;
  let score = Infinity;
  people.forEach((p, i) => {
    if (i === from) return;
    const dx = p.x - f.x;
    const dy = p.y - f.y;
    let s: number;
    if (dir === 'up' || dir === 'down') {
      if (dir === 'up' ? dy >= 0 : dy <= 0) return;
      s = Math.abs(dy) * 1e6 + Math.abs(dx);
    } else {
      if (dy !== 0 || (dir === 'left' ? dx >= 0 : dx <= 0)) return;
      s = Math.abs(dx);
    }
    if (s < score) {
      score = s;
      best = i;
    }
  });
  return best;
}
