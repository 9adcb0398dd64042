import { ChapterTypeService, ClassType, type CascaderOption, ChapterTypeDto } from '@edu/sdk';
import { buildForest, bySortThenId, cascaderOption, categoryNames } from '../kit/categories.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { crudHandlers, getDto, getOr404, type ModelCrud, type RowOf } from '../kit/crud.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { dtoMapper } from '../kit/dto.ts';
import { implement } from '../kit/register-service.ts';

type ChapterRow = RowOf<'ChapterType'>;

type Query = { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string; CategoryId?: number };

const dto = dtoMapper(ChapterTypeDto);

async function toDtos(rows: ChapterRow[], ctx: RequestContext): Promise<ChapterTypeDto[]> {
  const names = await categoryNames(
    ctx,
    rows.map((r) => r.categoryId),
  );
  return rows.map((r) => dto(r, { categoryName: names.get(r.categoryId) ?? null }));
}

const chapters: ModelCrud<'ChapterType', ChapterTypeDto, Query> = {
  entityName: 'ChapterType',
  model: (ctx) => ctx.db.chapterType,
  toDtos,
  keywordColumns: ['name', 'description'],
  sortable: { id: 'id', name: 'name', sort: 'sort', categoryId: 'categoryId', isActive: 'isActive', creationTime: 'creationTime' },
  filter: (q) => (q.CategoryId === undefined ? undefined : { categoryId: q.CategoryId }),
};

/** The category: a course category (class type 2) of the tenant. */
async function assertCourseCategory(ctx: RequestContext, categoryId: number) {
  const category = await ctx.db.multiLevelCategory.findFirst({ where: { id: categoryId }, select: { classTypeId: true, name: true } });
  if (!category) invalid('categoryId', ctx.t('CategoryNotFound', categoryId));
  if (category.classTypeId !== ClassType.Course) invalid('categoryId', ctx.t('ChapterNeedsCourseCategory', category.name));
}

/** The parent: a chapter (no parent itself) of the same category; sections have no sections. */
async function assertParent(ctx: RequestContext, parentId: number | null | undefined, categoryId: number, selfId?: number) {
  if (parentId === null || parentId === undefined) return;
  if (parentId === selfId) invalid('parentId', ctx.t('ChapterParentInvalid'));
  const parent = await ctx.db.chapterType.findFirst({ where: { id: parentId }, select: { parentId: true, categoryId: true } });
  if (!parent) invalid('parentId', ctx.t('UnknownChapter', parentId));
  if (parent.parentId !== null || parent.categoryId !== categoryId) invalid('parentId', ctx.t('ChapterParentInvalid'));
}

/** Courses hanging on these chapters or sections. */
const coursesOn = (ctx: RequestContext, ids: number[]) => ctx.db.learningCourse.count({ where: { chapterTypeId: { in: ids } } });

const generic = crudHandlers(chapters, {
  beforeDelete: async (row, ctx) => {
    const sections = await ctx.db.chapterType.count({ where: { parentId: row.id } });
    if (sections > 0) throw new UserFriendlyError(ctx.t('ChapterHasSections', row.name, sections));
    const courses = await coursesOn(ctx, [row.id]);
    if (courses > 0) throw new UserFriendlyError(ctx.t('ChapterInUse', row.name, courses));
  },
});

/** A category's chapters and sections in reading order: each chapter followed by its sections. */
async function chaptersOf(ctx: RequestContext, categoryId: number, onlyActive: boolean): Promise<ChapterRow[]> {
  const rows = await ctx.db.chapterType.findMany({ where: { categoryId, ...(onlyActive && { isActive: true }) } });
  const tops = rows.filter((r) => r.parentId === null).sort(bySortThenId);
  return tops.flatMap((c) => [c, ...rows.filter((r) => r.parentId === c.id).sort(bySortThenId)]);
}

export const chapterType = implement(ChapterTypeService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  Create: async (input, ctx) => {
    await assertCourseCategory(ctx, input.categoryId);
    await assertParent(ctx, input.parentId, input.categoryId);
    const created = await ctx.db.chapterType.create({
      data: {
        tenantId: tenantOf(ctx),
        categoryId: input.categoryId,
        parentId: input.parentId ?? null,
        name: input.name,
        sort: input.sort,
        isActive: input.isActive,
        description: input.description ?? null,
      },
    });
    return getDto(chapters, created.id, ctx);
  },
  /**
   * A chapter with sections cannot become a section. Moving a chapter to
   * another category takes its sections along, unless a course hangs on it or
   * them (the course's category would no longer match).
   */
  Update: async (input, ctx) => {
    const existing = await getOr404(chapters, input.id, ctx);
    await assertCourseCategory(ctx, input.categoryId);
    await assertParent(ctx, input.parentId, input.categoryId, existing.id);
    const sections = await ctx.db.chapterType.findMany({ where: { parentId: existing.id }, select: { id: true } });
    if (input.parentId != null && sections.length > 0) invalid('parentId', ctx.t('ChapterHasSections', existing.name, sections.length));
    const moved = input.categoryId !== existing.categoryId;
    if (moved && (await coursesOn(ctx, [existing.id, ...sections.map((s) => s.id)])) > 0)
      invalid('categoryId', ctx.t('ChapterInUseCannotMove', existing.name));
    await ctx.transaction(async (tx) => {
      await tx.db.chapterType.update({
        where: { id: existing.id },
        data: {
          categoryId: input.categoryId,
          parentId: input.parentId ?? null,
          name: input.name,
          sort: input.sort,
          isActive: input.isActive,
          description: input.description ?? null,
        },
      });
      if (moved && sections.length) await tx.db.chapterType.updateMany({ where: { parentId: existing.id }, data: { categoryId: input.categoryId } });
    });
    return getDto(chapters, existing.id, ctx);
  },
  Delete: generic.Delete,
  GetList: async (input, ctx) => toDtos(await chaptersOf(ctx, input.CategoryId, false), ctx),
  GetCascaderList: async (input, ctx) => {
    const rows = await chaptersOf(ctx, input.CategoryId, true);
    const tops = new Set(rows.filter((r) => r.parentId === null).map((r) => r.id));
    return buildForest(
      rows.filter((r) => r.parentId === null || tops.has(r.parentId)),
      (r, children: CascaderOption[]) => cascaderOption(r.id, r.name, children, { kind: 'chapter' }),
    );
  },
});
