import { reviewables, LearningCourseService, Permissions, type LearningCourseDto } from '@edu/sdk';
import { contentHandlers, reviewFields, type ContentRow } from '../kit/content.ts';
import { invalid } from '../kit/errors.ts';
import { implement } from '../kit/register-service.ts';

type CourseRow = ContentRow & {
  categoryId: number;
  chapterTypeId: number | null;
  summary: string | null;
  content: string;
  videoUrl: string | null;
  coverImageUrl: string | null;
  isUniversity: boolean;
  sort: number;
  viewCount: number;
  chapter?: { name: string } | null;
};

const courses = contentHandlers<CourseRow, LearningCourseDto, { title: string; categoryId: number; chapterTypeId?: number | null; summary?: string | null; content: string }>({
  reviewable: reviewables.learningCourse,
  model: (ctx) => ctx.db.learningCourse as never,
  richFields: ['content'],
  textFields: ['title', 'summary'],
  keywordColumns: ['title', 'summary'],
  sortable: { id: 'id', title: 'title', sort: 'sort', creationTime: 'creationTime', viewCount: 'viewCount', auditStatus: 'auditStatus' },
  variant: { standard: Permissions.ArticlesLearningCourse, university: Permissions.ArticlesUniversityCourse },
  filter: (q: { ChapterTypeId?: number }) => (q.ChapterTypeId === undefined ? undefined : { chapterTypeId: q.ChapterTypeId }),
  /** The chapter must be one of the category's chapters. */
  validate: async (input, ctx) => {
    if (!input.chapterTypeId) return;
    const chapter = await ctx.db.chapterType.findFirst({ where: { id: input.chapterTypeId }, select: { categoryId: true } });
    if (!chapter || chapter.categoryId !== input.categoryId) invalid('chapterTypeId', ctx.t('ChapterNotInCategory'));
  },
  toData: (i) => i,
  toDto: (r, l) => ({
    id: r.id,
    title: r.title,
    categoryId: r.categoryId,
    categoryName: l.category(r.categoryId),
    chapterTypeId: r.chapterTypeId,
    chapterName: l.chapter(r.chapterTypeId),
    summary: r.summary,
    content: r.content,
    videoUrl: r.videoUrl,
    coverImageUrl: r.coverImageUrl,
    isUniversity: r.isUniversity,
    sort: r.sort,
    viewCount: r.viewCount,
    ...reviewFields(r, l),
  }),
});

export const learningCourse = implement(LearningCourseService, { ...courses, AuditedLearningCourse: courses.review });
