import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime, crud, listResult, PagedQuery } from '../core/schemas.ts';
import { PlatformPermissions } from '../platform-permissions.ts';

export const RoleDto = z.object({
  id: z.number().int(),
  name: z.string(),
  /** In the request's culture for the built-in roles (Admin, Teacher, Editor, Auditor, Member) while their display name is the seeded one; as typed otherwise. */
  displayName: z.string(),
  normalizedName: z.string(),
  description: z.string().nullable(),
  /** Static roles (Admin) cannot be renamed or deleted. */
  isStatic: z.boolean(),
  /** New users get default roles. */
  isDefault: z.boolean(),
  grantedPermissions: z.array(z.string()),
  /** Categories the role may manage (CategoryPermision); a grant covers the subtree. */
  grantedCategoryIds: z.array(z.number().int()),
  creationTime: AbpDateTime,
});
export type RoleDto = z.infer<typeof RoleDto>;

export const CreateRoleInput = z.object({
  name: z
    .string()
    .trim()
    .min(2)
    .max(32)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'Start with a letter; letters, digits, _ and - only'),
  displayName: z.string().trim().min(1).max(64),
  description: z.string().max(5000).nullish(),
  isDefault: z.boolean().default(false),
  grantedPermissions: z.array(z.string().max(128)).max(500).default([]),
  /** Absent: unchanged (on create: none). */
  grantedCategoryIds: z.array(z.number().int().min(1)).max(5000).optional(),
});
export const UpdateRoleInput = CreateRoleInput.extend({ id: z.number().int().min(1) });

export const PermissionDto = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  /** Inferred: the parent permission, so a flat list can be shown as a tree. */
  parentName: z.string().nullable(),
});

/** CUSTOM: one node of the role editor's permission tree. */
export interface PermissionTreeNode {
  name: string;
  displayName: string;
  /** Granted to the role. */
  checked: boolean;
  children: PermissionTreeNode[];
}
export const PermissionTreeNode: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({ name: z.string(), displayName: z.string(), checked: z.boolean(), children: z.array(PermissionTreeNode) }),
);

/** Id 0 or absent: a new role, nothing checked. */
export const GetAllTreePermissionsInput = z.object({ Id: z.number().int().min(0).optional() });
export const PermissionTreeDto = z.object({
  items: z.array(PermissionTreeNode),
  grantedPermissionNames: z.array(z.string()),
});

export const RoleService = defineService(
  'Role',
  {
    ...crud({ dto: RoleDto, create: CreateRoleInput, update: UpdateRoleInput, query: PagedQuery }),
    /** CUSTOM: the whole permission tree, checked where the role has the permission. */
    getAllTreePermissions: { input: GetAllTreePermissionsInput, output: PermissionTreeDto, inferred: true },
    /** Every permission the caller's side may grant, ordered by display name (`id` is always 0). */
    getAllPermissions: { input: z.object({}), output: listResult(PermissionDto) },
  },
  { access: PlatformPermissions.Manages },
);
