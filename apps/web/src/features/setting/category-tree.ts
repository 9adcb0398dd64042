import type { TreeOption } from '@edu/ui';

/**
 * The tree without a node and its subtree: where a category may move (never
 * under itself or a descendant). Unknown ids leave the tree as it is.
 */
export function withoutSubtree<T extends TreeOption>(nodes: readonly T[], id: number | string | null | undefined): T[] {
  if (id === null || id === undefined) return [...nodes];
  const key = String(id);
  return nodes
    .filter((n) => String(n.value) !== key)
    .map((n) => (n.children ? { ...n, children: withoutSubtree(n.children as readonly T[], id) } : n));
}

/** Where the category list stands: a class type and a parent (0 = the roots), from the URL (`?type=2&parent=12`). */
export interface TreeLevel {
  classTypeId: number;
  parentId: number;
}

export function readLevel(params: URLSearchParams, fallbackType: number): TreeLevel {
  const type = Number(params.get('type'));
  const parent = Number(params.get('parent'));
  return {
    classTypeId: Number.isInteger(type) && type > 0 ? type : fallbackType,
    parentId: Number.isInteger(parent) && parent > 0 ? parent : 0,
  };
}

/** The search string of a level (`?type=2` for roots, `?type=2&parent=12` below). */
export function levelSearch(level: TreeLevel): string {
  return level.parentId ? `?type=${level.classTypeId}&parent=${level.parentId}` : `?type=${level.classTypeId}`;
}
