import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { PlatformPermissions } from '../platform-permissions.ts';

/** A category with whether the role may manage it. */
export interface CategoryPermissionNode {
  id: number;
  name: string;
  classTypeId: number;
  checked: boolean;
  children: CategoryPermissionNode[];
}
export const CategoryPermissionNode: z.ZodType<CategoryPermissionNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    classTypeId: z.number().int(),
    checked: z.boolean(),
    children: z.array(CategoryPermissionNode),
  }),
);

/**
 * CUSTOM (the spec's spelling `CategoryPermision` is the path): the
 * multi-level category permission tree of a role, i.e. which categories the
 * role may manage. Grants are saved with the role (`grantedCategoryIds` of
 * Role/Create and Role/Update); a grant covers the category's subtree.
 */
export const CategoryPermisionService = defineService(
  'CategoryPermision',
  {
    BehindMultiLevel: {
      input: z.object({
        /** 0 or absent: a new role (nothing checked). */
        roleId: z.number().int().min(0).nullish(),
        /** Only this classification type's tree; absent = all types. */
        classTypeId: z.number().int().min(1).nullish(),
      }),
      output: z.object({ items: z.array(CategoryPermissionNode), grantedCategoryIds: z.array(z.number().int()) }),
      inferred: true,
    },
  },
  { access: PlatformPermissions.Manages },
);
