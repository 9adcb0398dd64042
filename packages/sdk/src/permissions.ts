import {
  buildPermissionTree,
  constantKey,
  type PermissionConstants,
  type PermissionGroups,
  type PermissionNode,
  type PermissionSet,
} from './core/permission.ts';
import { entityServices, type EntityServices } from './entities.ts';
import { PlatformPermissions } from './platform-permissions.ts';

export { PermissionGroups, type PermissionNode } from './core/permission.ts';
export { PlatformPermissions } from './platform-permissions.ts';

/**
 * The permission tree of spec sections 2 and 6, collected: the platform's
 * permissions (platform-permissions.ts) and those each entity service
 * declares in its own file (`declarePermissions`, attached with
 * `withPermissions`), under the groups of `core/permission.ts`. Route guards,
 * menus, the server's checks, `GetAll`'s `allPermissions`, the role editor's
 * tree and the authorization test matrix all derive from it.
 */

/** The names a permission set declares. */
type NamesOf<P> = P extends PermissionSet ? Extract<P[Extract<keyof P, string>], string> : never;
type EntityPermissionNames = {
  [K in keyof EntityServices]: EntityServices[K] extends { readonly permissions: infer P } ? NamesOf<P> : never;
}[keyof EntityServices];

/** Every permission name of the tree: the groups, the platform's and the entities' permissions. */
export type PermissionName =
  (typeof PermissionGroups)[keyof typeof PermissionGroups]['name'] | NamesOf<typeof PlatformPermissions> | EntityPermissionNames;

function collect(): PermissionSet[] {
  const sets: PermissionSet[] = [PlatformPermissions];
  for (const service of Object.values<object>(entityServices)) if ('permissions' in service) sets.push(service.permissions as PermissionSet);
  return sets;
}

export const permissionTree: readonly PermissionNode[] = buildPermissionTree(collect());

/** Every node of the tree, depth first, with its parent's name. */
export function flattenPermissions(
  nodes: readonly PermissionNode[] = permissionTree,
  parent: string | null = null,
): Array<PermissionNode & { parent: string | null }> {
  return nodes.flatMap((n) => [{ ...n, parent }, ...flattenPermissions(n.children ?? [], n.name)]);
}

export const allPermissionNames: readonly string[] = flattenPermissions().map((n) => n.name);

/** The permissions that exist on a side: the host (null) has all; a tenant all but the host-only ones. */
export function permissionsOfSide(tenantId: number | null): string[] {
  return flattenPermissions()
    .filter((n) => tenantId === null || !n.hostOnly)
    .map((n) => n.name);
}

/**
 * The permission names, as constants derived from the tree (each name is
 * written once, in its declaration): `Permissions.ArticlesArticle === 'Pages.Articles.Article'`.
 */
export const Permissions = Object.freeze(
  Object.fromEntries(allPermissionNames.map((n) => [constantKey(n), n])),
) as PermissionConstants<PermissionName>;

/**
 * Every permission that decides a step of some review flow (nodes marked
 * `reviews`): who may open the review inbox (any one of them). A test checks
 * it is exactly the permissions of the registry's flows.
 */
export const reviewInboxAccess: readonly string[] = flattenPermissions()
  .filter((n) => n.reviews)
  .map((n) => n.name);
