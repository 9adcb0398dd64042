import { CategoryPermisionService, type CategoryPermissionNode } from '@edu/sdk';
import { buildForest, categoryNodeSelect } from '../kit/categories.ts';
import { getOr404 } from '../kit/crud.ts';
import { isStaticAdmin } from '../kit/permission-checker.ts';
import { implement } from '../kit/register-service.ts';

export const categoryPermision = implement(CategoryPermisionService, {
  /**
   * The tenant's category forest (every live node, inactive ones included:
   * a grant may be prepared before a category goes live), roots ordered by
   * class type, then sort and id; `checked` where the role holds a grant.
   * The static Admin role manages everything, so all of it is checked.
   * `grantedCategoryIds` is the role's whole set, whatever `classTypeId`
   * shows, so saving it back through Role/Update never drops other types.
   */
  BehindMultiLevel: async (input, ctx) => {
    const all = await ctx.db.multiLevelCategory.findMany({ select: categoryNodeSelect });
    const live = new Set(all.map((n) => n.id));
    let granted = new Set<number>();
    if (input.roleId) {
      const role = await getOr404({ entityName: 'Role', model: (c) => c.db.role }, input.roleId, ctx);
      if (isStaticAdmin(role)) granted = live;
      else {
        const grants = await ctx.db.roleCategoryGrant.findMany({ where: { roleId: role.id }, select: { categoryId: true } });
        granted = new Set(grants.map((g) => g.categoryId).filter((id) => live.has(id)));
      }
    }
    const nodes = input.classTypeId ? all.filter((n) => n.classTypeId === input.classTypeId) : all;
    const byType = [...nodes].sort((a, b) => a.classTypeId - b.classTypeId);
    const types = [...new Set(byType.map((n) => n.classTypeId))];
    const items = types.flatMap((t) =>
      buildForest(
        byType.filter((n) => n.classTypeId === t),
        (n, children: CategoryPermissionNode[]): CategoryPermissionNode => ({
          id: n.id,
          name: n.name,
          classTypeId: n.classTypeId,
          checked: granted.has(n.id),
          children,
        }),
      ),
    );
    return { items, grantedCategoryIds: [...granted].sort((a, b) => a - b) };
  },
});
