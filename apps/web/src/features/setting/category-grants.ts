/** A node of the role editor's category tree (the SDK's `CategoryPermissionNode` fits). */
export interface GrantNode {
  id: number;
  children: readonly GrantNode[];
}

export type GrantState = boolean | 'indeterminate';

function subtreeIds(node: GrantNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/** The nodes from the root to the node with this id (inclusive), or `[]`. */
function chainTo(roots: readonly GrantNode[], id: number): GrantNode[] {
  for (const n of roots) {
    if (n.id === id) return [n];
    const below = chainTo(n.children, id);
    if (below.length) return [n, ...below];
  }
  return [];
}

/**
 * What a category's box shows. A grant covers the category's whole subtree
 * (the server's rule), so: checked when the category, or an ancestor, is
 * granted; indeterminate when only some descendants are; else unchecked.
 */
export function grantState(node: GrantNode, granted: ReadonlySet<number>, coveredByAncestor = false): GrantState {
  if (coveredByAncestor || granted.has(node.id)) return true;
  return subtreeIds(node).some((id) => granted.has(id)) ? 'indeterminate' : false;
}

/**
 * The granted set after a click on a category:
 * - checking grants it (its descendants' own grants become redundant and are dropped);
 * - unchecking a covered category revokes it and its ancestors' grants, and
 *   re-grants the siblings along the way, so everything else stays covered.
 */
export function toggleGrant(roots: readonly GrantNode[], granted: ReadonlySet<number>, id: number): Set<number> {
  const chain = chainTo(roots, id);
  const node = chain[chain.length - 1];
  if (!node) return new Set(granted);
  const next = new Set(granted);
  const coveringIndex = chain.findIndex((n) => next.has(n.id));
  if (coveringIndex === -1) {
    // Not covered: grant it, drop now-redundant grants below.
    for (const d of subtreeIds(node)) next.delete(d);
    next.add(node.id);
    return next;
  }
  // Covered by itself or an ancestor: revoke down the chain from the covering node, keeping siblings covered.
  for (let i = coveringIndex; i < chain.length; i += 1) {
    const here = chain[i]!;
    next.delete(here.id);
    const onPath = chain[i + 1];
    if (onPath) for (const sibling of here.children) if (sibling.id !== onPath.id) next.add(sibling.id);
  }
  for (const d of subtreeIds(node)) next.delete(d);
  return next;
}

/** How many categories a set covers in a forest (a grant counts its whole subtree). */
export function coveredCount(roots: readonly GrantNode[], granted: ReadonlySet<number>): number {
  const walk = (nodes: readonly GrantNode[], covered: boolean): number =>
    nodes.reduce((sum, n) => {
      const c = covered || granted.has(n.id);
      return sum + (c ? 1 : 0) + walk(n.children, c);
    }, 0);
  return walk(roots, false);
}
