/** A node of a permission tree (the SDK's `PermissionTreeNode` fits). */
export interface PermissionNodeLike {
  name: string;
  displayName: string;
  children?: readonly PermissionNodeLike[];
}

export type CheckState = boolean | 'indeterminate';

function descendants(node: PermissionNodeLike): string[] {
  return (node.children ?? []).flatMap((c) => [c.name, ...descendants(c)]);
}

/** Names of a node and everything under it. */
export function subtreeNames(node: PermissionNodeLike): string[] {
  return [node.name, ...descendants(node)];
}

/** Maps each name to the names of its ancestors, nearest first. */
export function ancestorsByName(nodes: readonly PermissionNodeLike[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (list: readonly PermissionNodeLike[], chain: string[]) => {
    for (const n of list) {
      out.set(n.name, chain);
      walk(n.children ?? [], [n.name, ...chain]);
    }
  };
  walk(nodes, []);
  return out;
}

/**
 * What a node's checkbox shows. Each permission is a grant of its own (a parent
 * such as `Pages.Administration` may be granted without any child), so:
 * - a leaf is checked when granted;
 * - a parent is checked when it and its whole subtree are granted,
 *   indeterminate when some of them are, unchecked when none is.
 */
export function checkState(node: PermissionNodeLike, granted: ReadonlySet<string>): CheckState {
  const names = subtreeNames(node);
  const hits = names.filter((n) => granted.has(n)).length;
  if (hits === 0) return false;
  return hits === names.length ? true : 'indeterminate';
}

/**
 * The granted set after a click on `node`:
 * - checking grants the node, its whole subtree, and its ancestors (a child
 *   permission is useless without its parent: route and menu guards check both);
 * - unchecking a fully checked node revokes the node and its subtree and keeps the ancestors;
 * - clicking a partly checked (indeterminate) node checks it fully, as "check all".
 */
export function toggleNode(roots: readonly PermissionNodeLike[], granted: ReadonlySet<string>, node: PermissionNodeLike): Set<string> {
  const next = new Set(granted);
  const subtree = subtreeNames(node);
  if (checkState(node, granted) === true) {
    for (const n of subtree) next.delete(n);
  } else {
    for (const n of subtree) next.add(n);
    for (const a of ancestorsByName(roots).get(node.name) ?? []) next.add(a);
  }
  return next;
}

/** Every name of a forest. */
export function allNames(nodes: readonly PermissionNodeLike[]): string[] {
  return nodes.flatMap(subtreeNames);
}

/** Keeps the order of the tree for a stable value (the server stores a list). */
export function orderedNames(nodes: readonly PermissionNodeLike[], granted: ReadonlySet<string>): string[] {
  return allNames(nodes).filter((n) => granted.has(n));
}
