import { ClassificationTypeDto, ClassificationTypeService } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { crudHandlers, getDto, getOr404, type ModelCrud, type RowOf } from '../kit/crud.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { dtoMapper } from '../kit/dto.ts';
import { implement } from '../kit/register-service.ts';
import { visibleTypes } from '../kit/categories.ts';

type TypeRow = RowOf<'ClassificationType'>;

const dto = dtoMapper(ClassificationTypeDto);
const toDto = (r: TypeRow): ClassificationTypeDto => dto(r);

const types: ModelCrud<
  'ClassificationType',
  ClassificationTypeDto,
  { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string }
> = {
  entityName: 'ClassificationType',
  model: (ctx) => ctx.db.classificationType,
  scope: visibleTypes,
  toDto,
  keywordColumns: ['name', 'code', 'description'],
  sortable: { id: 'id', name: 'name', code: 'code', sort: 'sort', isActive: 'isActive', isStatic: 'isStatic', creationTime: 'creationTime' },
};

/** A session may change only its own side's non-static rows: tenants their own types, the host the shared ones it added. */
function assertEditable(ctx: RequestContext, row: TypeRow) {
  if (row.isStatic || row.tenantId !== ctx.session.tenantId) throw new UserFriendlyError(ctx.t('CanNotChangeBuiltInClassificationType', row.name));
}

/** Name and code are unique among the types the session sees (case-insensitive for the code). */
async function assertUnique(ctx: RequestContext, input: { name: string; code: string }, exceptId?: number) {
  const others = await ctx.db.classificationType.findMany({
    where: { AND: [visibleTypes(ctx), ...(exceptId ? [{ NOT: { id: exceptId } }] : [])] },
    select: { name: true, code: true },
  });
  if (others.some((o) => o.name === input.name)) invalid('name', ctx.t('DuplicateClassificationTypeName', input.name));
  if (others.some((o) => o.code.toLowerCase() === input.code.toLowerCase())) invalid('code', ctx.t('DuplicateClassificationTypeCode', input.code));
}

const generic = crudHandlers(types, {
  beforeDelete: async (row, ctx) => {
    assertEditable(ctx, row);
    const used = await ctx.prisma.multiLevelCategory.count({ where: { classTypeId: row.id, isDeleted: false } });
    if (used > 0) throw new UserFriendlyError(ctx.t('ClassificationTypeInUse', row.name, used));
  },
});

export const classificationType = implement(ClassificationTypeService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  Create: async (input, ctx) => {
    await assertUnique(ctx, input);
    // Not tenant-filtered, so the tenant is set here (null on the host: a type shared by every tenant).
    const created = await ctx.db.classificationType.create({
      data: {
        tenantId: ctx.session.tenantId,
        name: input.name,
        code: input.code,
        sort: input.sort,
        isActive: input.isActive,
        isStatic: false,
        description: input.description ?? null,
      },
    });
    return getDto(types, created.id, ctx);
  },
  Update: async (input, ctx) => {
    const existing = await getOr404(types, input.id, ctx);
    assertEditable(ctx, existing);
    await assertUnique(ctx, input, input.id);
    await ctx.db.classificationType.update({
      where: { id: input.id },
      data: { name: input.name, code: input.code, sort: input.sort, isActive: input.isActive, description: input.description ?? null },
    });
    return getDto(types, input.id, ctx);
  },
  Delete: generic.Delete,
  GetClassificationTypeList: async (_input, ctx) => {
    const rows = await ctx.db.classificationType.findMany({
      where: { AND: [visibleTypes(ctx), { isActive: true }] },
      select: { id: true, name: true, code: true },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    });
    return { items: rows };
  },
});
