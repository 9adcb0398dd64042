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

/** Chapters are a course's 章/节 or a question category's knowledge points: a course or question category of the tenant. */
const CHAPTER_CLASS_TYPES: readonly number[] = [ClassType.Course, ClassType.Question];
async function assertChapterCategory(ctx: RequestContext, categoryId: number) {
  const category = await ctx.db.multiLevelCategory.findFirst({ where: { id: categoryId }, select: { classTypeId: true, name: true } });
  if (!category) invalid('categoryId', ctx.t('CategoryNotFound', categoryId));
  if (!CHAPTER_CLASS_TYPES.includes(category.classTypeId)) invalid('categoryId', ctx.t('ChapterNeedsCourseCategory', category.name));
}

/** The parent: a chapter (no parent itself) of the same category; sections have no sections. */
async function assertParent(ctx: RequestContext, parentId: number | null | undefined, categoryId: number, selfId?: number) {
  if (parentId === null || parentId === undefined) return;
  if (parentId === selfId) invalid('parentId', ctx.t('ChapterParentInvalid'));
  const parent = await ctx.db.chapterType.findFirst({ where: { id: parentId }, select: { parentId: true, categoryId: true } });
  if (!parent) invalid('parentId', ctx.t('UnknownChapter', parentId));
  if (parent.parentId !== null || parent.categoryId !== categoryId) invalid('parentId', ctx.t('ChapterParentInvalid'));
}

/** Courses and questions hanging on these chapters or sections. */
async function usersOf(ctx: RequestContext, ids: number[]) {
  const [courses, questions] = await Promise.all([
    ctx.db.learningCourse.count({ where: { chapterTypeId: { in: ids } } }),
    ctx.db.testQuestion.count({ where: { chapterTypeId: { in: ids } } }),
  ]);
  return { courses, questions, any: courses + questions > 0 };
}

const generic = crudHandlers(chapters, {
  beforeDelete: async (row, ctx) => {
    const sections = await ctx.db.chapterType.count({ where: { parentId: row.id } });
    if (sections > 0) throw new UserFriendlyError(ctx.t('ChapterHasSections', row.name, sections));
    const used = await usersOf(ctx, [row.id]);
    if (used.any) throw new UserFriendlyError(ctx.t('ChapterInUse', row.name, used.courses, used.questions));
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
    await assertChapterCategory(ctx, input.categoryId);
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
   * another category takes its sections along, unless a course or question
   * hangs on it or them (its category would no longer match).
   */
  Update: async (input, ctx) => {
    const existing = await getOr404(chapters, input.id, ctx);
    await assertChapterCategory(ctx, input.categoryId);
    await assertParent(ctx, input.parentId, input.categoryId, existing.id);
    const sections = await ctx.db.chapterType.findMany({ where: { parentId: existing.id }, select: { id: true } });
    if (input.parentId != null && sections.length > 0) invalid('parentId', ctx.t('ChapterHasSections', existing.name, sections.length));
    const moved = input.categoryId !== existing.categoryId;
    if (moved && (await usersOf(ctx, [existing.id, ...sections.map((s) => s.id)])).any)
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
