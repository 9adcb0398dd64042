import { z } from 'zod';
import { WebUrl } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { AbpDateTime, IdBody, PagedQuery, crud } from '../core/schemas.ts';
import { PermissionGroups } from '../core/permission.ts';

/** Where an entry shows on the public website: 1 top bar (顶部导航), 2 footer (底部导航). */
export const MenuPosition = abpEnum({ Top: 1, Footer: 2 }, 'Menu position');

/** An entry of the public website's navigation. Delete is soft; Recover brings it back. */
export const NavigationMenuDto = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  name: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
  target: z.enum(['_self', '_blank']),
  position: MenuPosition,
  sort: z.number().int(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  deletionTime: AbpDateTime.nullable(),
  creationTime: AbpDateTime,
});
export type NavigationMenuDto = z.infer<typeof NavigationMenuDto>;

export const CreateNavigationMenuInput = z.object({
  parentId: z.number().int().min(1).nullish(),
  name: z.string().trim().min(1).max(32),
  url: WebUrl,
  icon: z.string().max(64).nullish(),
  target: z.enum(['_self', '_blank']).default('_self'),
  position: MenuPosition.default(1),
  sort: z.number().int().min(0).max(9999).default(0),
  isActive: z.boolean().default(true),
});
export const UpdateNavigationMenuInput = CreateNavigationMenuInput.extend({ id: z.number().int().min(1) });
export const GetAllNavigationMenuInput = PagedQuery.extend({
  /** true: the recycle bin (deleted entries, which Recover restores). */
  IsDeleted: z.boolean().optional(),
  Position: MenuPosition.optional(),
});

/** Inferred: the spec has no route for menus; the console adds /setting/navigationMenu under Pages.Administration. */
export const NavigationMenuService = defineService(
  'NavigationMenu',
  {
    ...crud({ dto: NavigationMenuDto, create: CreateNavigationMenuInput, update: UpdateNavigationMenuInput, query: GetAllNavigationMenuInput }),
    Recover: { input: IdBody, output: NavigationMenuDto },
    /** Live entries for the parent picker. */
    GetMenuDropDownList: {
      input: z.object({}),
      output: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable(), position: MenuPosition })),
    },
  },
  { access: PermissionGroups.Administration.name },
);
