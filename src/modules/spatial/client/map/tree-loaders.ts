import type { SocketClient } from '../../../../client/module-api';
import { branchQuery, LoaderRegistry, type TreeNode } from './map-model';

// The layer tree's child loaders (spec §8): the root's children are the ACTIVE layers, a layer's
// are its places. Every page is a search, so the tree lists only what the reader may read.

interface SearchReply {
  ids: string[];
  labels: Record<string, string>;
  total: number;
}

export function treeLoaders(client: SocketClient): LoaderRegistry {
  const page = async (node: TreeNode, offset: number, branch: boolean) => {
    const r = await client.request<SearchReply>('search/ids', branchQuery(node, offset));
    const typeOf = (id: string) => id.slice(0, id.lastIndexOf('-'));
    return {
      nodes: r.ids.map((id) => ({ id, type: typeOf(id), label: r.labels[id] ?? id, branch })),
      total: r.total,
    };
  };
  return new LoaderRegistry()
    .register('root', (node, offset) => page(node, offset, true))
    .register('SpatialCollection', (node, offset) => page(node, offset, false));
}
