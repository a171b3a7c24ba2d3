// The part of d3-flextree (no types of its own) the tree layout uses: a tidy tree whose nodes
// each have their own size, x the node's centre, y its top.
declare module 'd3-flextree' {
  export interface FlexNode<T> {
    data: T;
    x: number;
    y: number;
    depth: number;
    children: FlexNode<T>[] | null;
    each(fn: (n: FlexNode<T>) => void): void;
  }
  export interface FlexLayout<T> {
    (root: FlexNode<T>): FlexNode<T>;
    hierarchy(data: T, children?: (d: T) => T[] | null | undefined): FlexNode<T>;
  }
  export function flextree<T>(opts: {
    nodeSize: (n: FlexNode<T>) => [number, number];
    spacing?: number | ((a: FlexNode<T>, b: FlexNode<T>) => number);
    children?: (d: T) => T[] | null | undefined;
  }): FlexLayout<T>;
}
