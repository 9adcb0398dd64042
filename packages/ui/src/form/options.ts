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
export function flattenTree<V extends string | number>(
  nodes: readonly TreeOption<V>[],
  depth = 0,
  parentPath: V[] = [],
): FlatTreeOption<V>[] {
  return nodes.flatMap((n) => {
    const path = [...parentPath, n.value];
    const isLeaf = !n.children || n.children.length === 0;
    return [
      { value: n.value, label: n.label, disabled: n.disabled, depth, path, isLeaf },
      ...flattenTree(n.children ?? [], depth + 1, path),
    ];
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
