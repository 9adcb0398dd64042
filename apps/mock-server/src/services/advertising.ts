import { AdvertisingDto, AdvertisingService, ClassType } from '@edu/sdk';
import { activeNodes, assertCategory, bySortThenId, categoryNames, subtreeIds } from '../kit/categories.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { crudHandlers, getDto, getOr404, type ModelCrud, type RowOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { implement } from '../kit/register-service.ts';

type AdRow = RowOf<'Advertising'>;

type Query = { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string; CategoryId?: number };

const dto = dtoMapper(AdvertisingDto);

async function toDtos(rows: AdRow[], ctx: RequestContext): Promise<AdvertisingDto[]> {
  const names = await categoryNames(
    ctx,
    rows.map((r) => r.categoryId),
  );
  return rows.map((r) => dto(r, { categoryName: names.get(r.categoryId) ?? null }));
}

const ads: ModelCrud<'Advertising', AdvertisingDto, Query> = {
  entityName: 'Advertising',
  model: (ctx) => ctx.db.advertising,
  toDtos,
  keywordColumns: ['title', 'linkUrl'],
  sortable: {
    id: 'id',
    title: 'title',
    categoryId: 'categoryId',
    sort: 'sort',
    isActive: 'isActive',
    startTime: 'startTime',
    endTime: 'endTime',
    clickCount: 'clickCount',
    creationTime: 'creationTime',
  },
  filter: async (q, ctx) => (q.CategoryId === undefined ? undefined : { categoryId: { in: await subtreeIds(ctx, q.CategoryId) } }),
};

interface AdInput {
  title: string;
  categoryId: number;
  imageUrl: string;
  linkUrl?: string | null;
  sort: number;
  isActive: boolean;
  startTime?: string | null;
  endTime?: string | null;
}

/** Columns of an input; the ad position must be a category of class type 8 the user may manage. */
async function columns(input: AdInput, ctx: RequestContext) {
  await assertCategory(ctx, input.categoryId, ClassType.AdPosition);
  return {
    title: input.title,
    categoryId: input.categoryId,
    imageUrl: input.imageUrl,
    linkUrl: input.linkUrl ?? null,
    sort: input.sort,
    isActive: input.isActive,
    startTime: input.startTime ? new Date(input.startTime) : null,
    endTime: input.endTime ? new Date(input.endTime) : null,
  };
}

const generic = crudHandlers(ads);

export const advertising = implement(AdvertisingService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  Create: async (input, ctx) => {
    const created = await ctx.db.advertising.create({ data: { tenantId: tenantOf(ctx), ...(await columns(input, ctx)) } });
    return getDto(ads, created.id, ctx);
  },
  Update: async (input, ctx) => {
    await getOr404(ads, input.id, ctx);
    await ctx.db.advertising.update({ where: { id: input.id }, data: await columns(input, ctx) });
    return getDto(ads, input.id, ctx);
  },
  Delete: generic.Delete,
  /** The active ad positions (categories of class type 8), in tree order. */
  GetAdvertisingCategoryList: async (_input, ctx) => {
    const nodes = await activeNodes(ctx, ClassType.AdPosition);
    return nodes.sort((a, b) => a.level - b.level || bySortThenId(a, b)).map((n) => ({ id: n.id, name: n.name }));
  },
});
