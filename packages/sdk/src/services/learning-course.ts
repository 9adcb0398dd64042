import { z } from 'zod';
import { AuditInput, AuthorDto, ContentQuery, ReviewDto, WebUrl, scopedLists } from '../core/content.ts';
import { childDto, orderedChildren } from '../core/children.ts';
import { defineService } from '../core/define-service.ts';
import { crud, listDto } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';
import { ClassType } from './classification-type.ts';

/**
 * A lesson (课时) of a course, in the course's order. `durationMinutes` is the
 * planned length (0..1440); `isFree` marks a trial lesson (试看) visible
 * before purchase. At most 200 per course.
 */
export const LearningCourseLessonInput = z.object({
  title: z.string().trim().min(1).max(100),
  videoUrl: WebUrl.nullish(),
  durationMinutes: z.number().int().min(0).max(1440).default(0),
  isFree: z.boolean().default(false),
});
export const LearningCourseLessonDto = childDto(
  z.object({ title: z.string(), videoUrl: z.string().nullable(), durationMinutes: z.number().int(), isFree: z.boolean() }),
);
export type LearningCourseLessonDto = z.infer<typeof LearningCourseLessonDto>;
export const MAX_COURSE_LESSONS = 200;

/**
 * A course (课程) in a category of class type 2, optionally on one of
 * the category's chapters (ChapterType/GetList). `content` is sanitized rich
 * text. `isUniversity` is the university variant (learningUsCourse), under
 * `Pages.Articles.UniversityCourse`. Reviewable; approving needs the inferred
 * `Pages.Articles.AuditLearning`.
 */
export const LearningCourseDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    categoryId: z.number().int(),
    categoryName: z.string().nullable(),
    chapterTypeId: z.number().int().nullable(),
    chapterName: z.string().nullable(),
    summary: z.string().nullable(),
    content: z.string(),
    videoUrl: z.string().nullable(),
    coverImageUrl: z.string().nullable(),
    isUniversity: z.boolean(),
    sort: z.number().int(),
    viewCount: z.number().int(),
    /** Number of lessons (every read). */
    lessonCount: z.number().int().min(0),
    /** The lessons in order: on Get, Create and Update; omitted from lists (lessonCount is enough there). */
    lessons: z.array(LearningCourseLessonDto).optional(),
  })
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type LearningCourseDto = z.infer<typeof LearningCourseDto>;
/** A row of the course lists: no `content` (rich text) and no `lessons`; Get returns them. */
export const LearningCourseListDto = listDto(LearningCourseDto, { content: true, lessons: true });
export type LearningCourseListDto = z.infer<typeof LearningCourseListDto>;

export const CreateLearningCourseInput = z.object({
  title: z.string().trim().min(1).max(200),
  categoryId: z.number().int().min(1),
  /** A chapter of the same category. */
  chapterTypeId: z.number().int().min(1).nullish(),
  summary: z.string().trim().max(500).nullish(),
  content: z.string().min(1).max(200_000),
  videoUrl: WebUrl.nullish(),
  coverImageUrl: WebUrl.nullish(),
  isUniversity: z.boolean().default(false),
  sort: z.number().int().min(0).max(9999).default(0),
  /** The whole ordered list of lessons (see `orderedChildren`). Absent on Update: lessons are left as they are; absent on Create: none. */
  lessons: orderedChildren(LearningCourseLessonInput, { max: MAX_COURSE_LESSONS }).optional(),
});
export const UpdateLearningCourseInput = CreateLearningCourseInput.extend({ id: z.number().int().min(1) });
export const GetAllLearningCourseInput = ContentQuery.extend({
  IsUniversity: z.boolean().optional(),
  ChapterTypeId: z.number().int().min(1).optional(),
});

/** The courses' permissions (the permission tree collects them from this service). */
export const LearningCoursePermissions = declarePermissions({
  Articles: {
    LearningCourse: permission('课程管理', 'Courses'),
    UniversityCourse: permission('大学课程', 'University courses'),
    AuditLearning: permission('课程审核', 'Course review', { inferred: true, reviews: true }),
  },
});
const P = LearningCoursePermissions;
const editors = [P.ArticlesLearningCourse, P.ArticlesUniversityCourse] as const;

export const LearningCourseService = reviewable(
  withPermissions(
    defineService(
      'LearningCourse',
      {
        ...crud({
          dto: LearningCourseDto,
          list: LearningCourseListDto,
          create: CreateLearningCourseInput,
          update: UpdateLearningCourseInput,
          query: GetAllLearningCourseInput,
        }),
        ...scopedLists(LearningCourseListDto, GetAllLearningCourseInput, { mine: editors, moderated: P.ArticlesAuditLearning }),
        AuditedLearningCourse: { input: AuditInput, output: LearningCourseDto, access: P.ArticlesAuditLearning },
      },
      { access: editors },
    ),
    LearningCoursePermissions,
  ),
  {
    /** Courses: one step by the inferred `Pages.Articles.AuditLearning`. */
    learningCourse: {
      reviewEndpoint: 'AuditedLearningCourse',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditLearningCourseFlow', P.ArticlesAuditLearning),
      classTypeId: ClassType.Course,
      displayName: { 'zh-Hans': '课程', en: 'course' },
      countText: { 'zh-Hans': '{0} 门课程', en: '{0} course(s)' },
    },
  },
);
