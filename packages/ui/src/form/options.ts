/** One choice of a select; values may be strings or numbers (ABP enums are numbers). */
export interface SelectOption<V extends string | number = string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** A node of a tree select or cascader. */
export interface TreeOption<V extends string | number = string | number> {
  value: V;
  label: string;
  disabled?: boolean;
  children?: readonly TreeOption<V>[];
}

export interface FlatTreeOption<V extends string | number = string | number> extends SelectOption<V> {
  depth: number;
  /** Values from the root to this node, inclusive (a cascader's value). */
  path: V[];
  isLeaf: boolean;
}

/** Depth-first list of a tree's nodes with their depth and path. */
export function flattenTree<V extends string | number>(nodes: readonly TreeOption<V>[], depth = 0, parentPath: V[] = []): FlatTreeOption<V>[] {
  return nodes.flatMap((n) => {
    const path = [...parentPath, n.value];
    const isLeaf = !n.children || n.children.length === 0;
    return [{ value: n.value, label: n.label, disabled: n.disabled, depth, path, isLeaf }, ...flattenTree(n.children ?? [], depth + 1, path)];
  });
}

/** The path (root to node) of a value in a tree, or `[]` if absent. */
export function pathOf<V extends string | number>(nodes: readonly TreeOption<V>[], value: V | null | undefined): V[] {
  if (value === null || value === undefined) return [];
  return flattenTree(nodes).find((n) => String(n.value) === String(value))?.path ?? [];
}

/** Finds the option whose value equals `key` as a string, so a select keeps numbers numeric. */
export function optionByKey<V extends string | number>(options: readonly SelectOption<V>[], key: string) {
  return options.find((o) => String(o.value) === key);
}

/** The nodes from the root to a value (inclusive), or `[]` if absent. */
export function nodePathOf<V extends string | number>(nodes: readonly TreeOption<V>[], value: V | null | undefined): TreeOption<V>[] {
  if (value === null || value === undefined || value === '') return [];
  const key = String(value);
  const walk = (list: readonly TreeOption<V>[], chain: TreeOption<V>[]): TreeOption<V>[] | null => {
    for (const n of list) {
      const here = [...chain, n];
      if (String(n.value) === key) return here;
      const deeper = walk(n.children ?? [], here);
      if (deeper) return deeper;
    }
    return null;
  };
  return walk(nodes, []) ?? [];
}

/** `小学 / 数学 / 一年级上册`: the labels from the root to a value, or `''`. */
export function pathLabel<V extends string | number>(nodes: readonly TreeOption<V>[], value: V | null | undefined, separator = ' / '): string {
  return nodePathOf(nodes, value)
    .map((n) => n.label)
    .join(separator);
}

export interface TreeSearchHit<V extends string | number = string | number> extends FlatTreeOption<V> {
  /** Labels from the root, joined with ` / `. */
  pathLabel: string;
}

/**
 * Nodes whose path label contains every space-separated word of `text`
 * (case-insensitive), depth first, at most `limit`. Blank text gives `[]`.
 * `searchTree(tree, '初中 数学')` finds 初中 / 数学 and everything under it.
 */
export function searchTree<V extends string | number>(nodes: readonly TreeOption<V>[], text: string, limit = 50): TreeSearchHit<V>[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const labels = new Map<string, string>();
  const hits: TreeSearchHit<V>[] = [];
  for (const n of flattenTree(nodes)) {
    const parent = n.path.length > 1 ? labels.get(n.path.slice(0, -1).join('\u0000')) : undefined;
    const label = parent ? `${parent} / ${n.label}` : n.label;
    labels.set(n.path.join('\u0000'), label);
    const lower = label.toLowerCase();
    if (hits.length < limit && words.every((w) => lower.includes(w))) hits.push({ ...n, pathLabel: label });
  }
  return hits;
}
