import type { LocalText } from './review-flows.ts';

/**
 * The permission mechanism, zod-free and knowing no service: the tree's node,
 * its groups (`Pages` and the menu groups below it, in the tree's order), the
 * declaration a service makes of its own permissions (`declarePermissions`,
 * attached with `withPermissions`), and the tree built from those
 * declarations. permissions.ts collects the declarations of the platform and
 * of every entity service into the tree and the `Permissions` constants.
 *
 * Display names are given in zh-Hans and en; the server localizes 403
 * messages and the role tree from them. `hostOnly` marks permissions only host
 * users can hold (ABP's `MultiTenancySides.Host`).
 */
export interface PermissionNode {
  readonly name: string;
  readonly displayName: LocalText;
  readonly hostOnly?: boolean;
  /** Not named by the spec; added where a service needed a permission of its own. */
  readonly inferred?: boolean;
  /** Decides a step of some review flow: its holders may open the review inbox (`reviewInboxAccess`). */
  readonly reviews?: boolean;
  readonly children?: readonly PermissionNode[];
}

type NodeMarks = Pick<PermissionNode, 'hostOnly' | 'inferred' | 'reviews'>;

/** A group of the tree: a node whose children are the permissions declared under it. */
export interface PermissionGroup<N extends string = string> {
  readonly name: N;
  readonly displayName: LocalText;
}

function group<const N extends string>(name: N, zh: string, en: string): PermissionGroup<N> {
  return Object.freeze({ name, displayName: { 'zh-Hans': zh, en } });
}

/**
 * The groups, in the tree's order (spec sections 2 and 6): `Pages` is the
 * root, the others its children. Keyed by their constant's name.
 */
export const PermissionGroups = {
  Pages: group('Pages', '页面', 'Pages'),
  Administration: group('Pages.Administration', '系统设置', 'System settings'),
  Members: group('Pages.Members', '会员管理', 'Members'),
  Articles: group('Pages.Articles', '文章管理', 'Articles'),
  Resources: group('Pages.Resources', '资源管理', 'Resources'),
  Questions: group('Pages.Questions', '题库管理', 'Question bank'),
  TestPapers: group('Pages.TestPapers', '试卷管理', 'Test papers'),
  Homeworks: group('Pages.Homeworks', '作业管理', 'Homework'),
  Others: group('Pages.Others', '其他管理', 'Others'),
} as const;
type Groups = typeof PermissionGroups;
export type PermissionGroupKey = keyof Groups;

/** One permission as its service declares it: its display names, marks and place among its group's permissions. */
export interface PermissionSpec extends NodeMarks {
  readonly displayName: LocalText;
  /**
   * Its place among the permissions of its group (the spec's order). Those
   * without one follow, in the order they are declared (services in the order
   * of the registry), so a new permission needs none.
   */
  readonly order?: number;
}

/** A permission's declaration: `permission('文章', 'Articles', { reviews: true })`. */
export function permission(zh: string, en: string, extra: NodeMarks & { readonly order?: number } = {}): PermissionSpec {
  return { displayName: { 'zh-Hans': zh, en }, ...extra };
}

/** A service's permissions: leaf names by group (`{ Articles: { Article: permission(...) } }`). */
export type PermissionDeclaration = { readonly [G in PermissionGroupKey]?: Readonly<Record<string, PermissionSpec>> };

/** A dotted name's parts joined (`Users.Impersonation` -> `UsersImpersonation`). */
type Undotted<S extends string> = S extends `${infer A}.${infer B}` ? `${A}${Undotted<B>}` : S;

/**
 * The constant's key of a permission name: `Pages.` dropped, the group and the
 * leaf joined (`Pages.Articles.Article` -> `ArticlesArticle`), except under
 * `Pages.Administration`, whose leaves are named alone (`Manages`).
 */
export type ConstantKey<N extends string> = N extends `Pages.Administration.${infer L}`
  ? Undotted<L>
  : N extends `Pages.${infer G}.${infer L}`
    ? `${G}${L}`
    : N extends `Pages.${infer G}`
      ? G
      : N;

export function constantKey(name: string): string {
  const parts = name.split('.');
  if (parts.length === 1) return name;
  if (parts[1] === 'Administration' && parts.length > 2) return parts.slice(2).join('');
  return parts.slice(1).join('');
}

/** The full names a declaration makes (`Pages.Articles.Article`, ...). */
type DeclaredNames<D> = {
  [G in keyof D & PermissionGroupKey]: `${Groups[G]['name']}.${keyof D[G] & string}`;
}[keyof D & PermissionGroupKey];

/** Constants of names, keyed by `ConstantKey`. */
export type PermissionConstants<N extends string> = { readonly [K in N as ConstantKey<K>]: K };

/** A declared permission, ready for the tree. */
export interface DeclaredPermission {
  readonly group: string;
  readonly node: PermissionNode;
  readonly order: number | undefined;
}

const declaredKey: unique symbol = Symbol('declared permissions');

/** A service's permission constants (`P.ArticlesArticle`), carrying the declarations the tree is built from. */
export type PermissionSet<N extends string = string> = PermissionConstants<N> & {
  readonly [declaredKey]: readonly DeclaredPermission[];
};

/**
 * Declares a service's own permissions, under their groups; answers their
 * constants (`declarePermissions({ Articles: { Article: permission('文章', 'Articles') } }).ArticlesArticle`
 * is `'Pages.Articles.Article'`). Attach the result to the service with
 * `withPermissions`, so the tree collects it.
 */
export function declarePermissions<const D extends PermissionDeclaration>(declaration: D): PermissionSet<DeclaredNames<D>> {
  const declared: DeclaredPermission[] = [];
  const constants: Record<string, string> = {};
  for (const [groupKey, leaves] of Object.entries(declaration) as [PermissionGroupKey, Record<string, PermissionSpec>][]) {
    const groupName = PermissionGroups[groupKey].name;
    for (const [leaf, { order, ...node }] of Object.entries(leaves)) {
      const name = `${groupName}.${leaf}`;
      constants[constantKey(name)] = name;
      declared.push({ group: groupName, order, node: { name, ...node } });
    }
  }
  return Object.freeze(Object.defineProperty(constants, declaredKey, { value: Object.freeze(declared) })) as PermissionSet<DeclaredNames<D>>;
}

/** The declarations a set carries. */
export function declaredPermissions(set: PermissionSet): readonly DeclaredPermission[] {
  return set[declaredKey];
}

/** A service carrying its permissions (`service.permissions`), for the tree to collect. */
export function withPermissions<S extends object, P extends PermissionSet>(service: S, permissions: P): S & { readonly permissions: P } {
  return Object.freeze({ ...service, permissions });
}

/**
 * The tree of the declared permissions: `Pages`, its groups (those with
 * permissions, in `PermissionGroups` order), each group's permissions by
 * their `order`, then in declaration order. A name declared twice throws.
 */
export function buildPermissionTree(sets: readonly PermissionSet[]): PermissionNode[] {
  const declared = sets.flatMap(declaredPermissions);
  const seen = new Set<string>();
  for (const d of declared) {
    if (seen.has(d.node.name)) throw new Error(`Permission ${d.node.name} is declared twice`);
    seen.add(d.node.name);
  }
  const leavesOf = (groupName: string): PermissionNode[] =>
    declared
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => d.group === groupName)
      .sort((a, b) => (a.d.order ?? Infinity) - (b.d.order ?? Infinity) || a.i - b.i)
      .map(({ d }) => d.node);
  const { Pages, ...groups } = PermissionGroups;
  const groupNodes = Object.values(groups)
    .map((g) => ({ ...g, children: leavesOf(g.name) }))
    .filter((g) => g.children.length > 0);
  return [{ ...Pages, children: [...leavesOf(Pages.name), ...groupNodes] }];
}
