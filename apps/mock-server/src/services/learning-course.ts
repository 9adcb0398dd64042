import {
  CreateLearningCourseInput,
  LearningCourseDto,
  LearningCourseLessonDto,
  LearningCourseListDto,
  LearningCourseService,
  Permissions,
  reviewables,
  type GetAllLearningCourseInput,
} from '@edu/sdk';
import type { z } from 'zod';
import { childCollection, type ChildTable } from '../kit/children.ts';
import type { RequestContext } from '../kit/context.ts';
import { contentHandlers, distinctIds, reviewFields, type ContentTableOf } from '../kit/content.ts';
import type { RowOf, WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { invalid } from '../kit/errors.ts';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';

type In = z.output<typeof CreateLearningCourseInput>;
type Columns = Omit<In, 'lessons'>;
type Lesson = NonNullable<In['lessons']>[number];
type LessonColumns = { title: string; videoUrl: string | null; durationMinutes: number; isFree: boolean; sort: number };

const courseDto = dtoMapper(LearningCourseDto);
const lessonDto = dtoMapper(LearningCourseLessonDto);

/**
 * The lessons (课时) of a course: an ordered child collection written with the
 * course (Create/Update `lessons`) in its transaction. A lesson left out of the
 * list is hard-deleted (prisma/schema/course-lessons.prisma).
 */
export const courseLessons = childCollection({
  field: 'lessons',
  model: (
    ctx,
  ): ChildTable<
    RowOf<'LearningCourseLesson'>,
    WhereOf<'LearningCourseLesson'>,
    LessonColumns,
    LessonColumns & { courseId: number; tenantId: number }
  > => ctx.db.learningCourseLesson,
  ofParents: (courseIds) => ({ courseId: { in: courseIds } }),
  parentOf: (lesson) => lesson.courseId,
  orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  toData: (lesson: Lesson, sort) => ({
    title: lesson.title,
    videoUrl: lesson.videoUrl ?? null,
    durationMinutes: lesson.durationMinutes,
    isFree: lesson.isFree,
    sort,
  }),
  toNew: (data, course: { id: number; tenantId: number }) => ({ ...data, courseId: course.id, tenantId: course.tenantId }),
  toDto: (lesson) => lessonDto(lesson),
});

/** Lessons per course, for lists (one grouped query per page). */
async function lessonCounts(ctx: RequestContext, courseIds: number[]): Promise<Map<number, number>> {
  if (!courseIds.length) return new Map();
  const groups = await ctx.db.learningCourseLesson.groupBy({ by: ['courseId'], where: { courseId: { in: courseIds } }, _count: { _all: true } });
  return new Map(groups.map((g) => [g.courseId, g._count._all]));
}

const courses = contentHandlers({
  reviewable: reviewables.learningCourse,
  input: CreateLearningCourseInput,
  model: (ctx: RequestContext): ContentTableOf<'LearningCourse', Columns> => ctx.db.learningCourse,
  listDto: LearningCourseListDto,
  richFields: ['content'],
  textFields: ['title', 'summary'],
  keywordColumns: ['title', 'summary'],
  keywordIndex: true,
  sortable: { id: 'id', title: 'title', sort: 'sort', creationTime: 'creationTime', viewCount: 'viewCount', auditStatus: 'auditStatus' },
  variant: { standard: Permissions.ArticlesLearningCourse, university: Permissions.ArticlesUniversityCourse },
  filter: (q: z.output<typeof GetAllLearningCourseInput>) => (q.ChapterTypeId === undefined ? undefined : { chapterTypeId: q.ChapterTypeId }),
  /** The chapter must be one of the category's chapters. */
  validate: async (input, ctx) => {
    if (!input.chapterTypeId) return;
    const chapter = await ctx.db.chapterType.findFirst({ where: { id: input.chapterTypeId }, select: { categoryId: true } });
    if (!chapter || chapter.categoryId !== input.categoryId) invalid('chapterTypeId', ctx.t('ChapterNotInCategory'));
  },
  toData: ({ lessons: _lessons, ...columns }, rich) => ({ ...columns, content: rich('content') ?? '' }),
  afterWrite: (course, input, tx) => courseLessons.sync(tx, course, input.lessons),
  /** Chapter names for every read; the lessons themselves on single reads, their number on lists. */
  toDtos: async (rows, l, ctx, detail) => {
    const ids = rows.map((r) => r.id);
    const chapterIds = distinctIds(rows.map((r) => r.chapterTypeId));
    const [chapters, lessons, counts] = await Promise.all([
      chapterIds.length ? ctx.db.chapterType.findMany({ where: { id: { in: chapterIds } }, select: { id: true, name: true } }) : [],
      detail ? courseLessons.read(ctx, ids) : undefined,
      detail ? undefined : lessonCounts(ctx, ids),
    ]);
    const chapterNames = new Map(chapters.map((c) => [c.id, c.name]));
    return rows.map((r) => {
      const own = lessons?.get(r.id);
      return courseDto(r, {
        categoryName: l.category(r.categoryId),
        chapterName: r.chapterTypeId === null ? null : (chapterNames.get(r.chapterTypeId) ?? null),
        lessonCount: own ? own.length : (counts?.get(r.id) ?? 0),
        lessons: own,
        ...reviewFields(r, l),
      });
    });
  },
});

export const learningCourse = implement(
  LearningCourseService,
  { ...courses, AuditedLearningCourse: courses.review },
  { reviews: [reviewBinding(reviewables.learningCourse, { model: (db) => db.learningCourse })] },
);
