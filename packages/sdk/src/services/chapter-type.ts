import { z } from 'zod';
import { CascaderList } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime, PagedQuery, crud } from '../core/schemas.ts';
import { PaperPermissions } from './test-paper-questions.ts';
import { QuestionPermissions } from './test-question.ts';
import { LearningCoursePermissions } from './learning-course.ts';
import { MultiLevelCategoryPermissions } from './multi-level-category.ts';

/** A chapter (章), or with a parent a section (节), of a course category (class type 2) or a question category's knowledge point (class type 3). */
export const ChapterTypeDto = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  isActive: z.boolean(),
  description: z.string().nullable(),
  creationTime: AbpDateTime,
});
export type ChapterTypeDto = z.infer<typeof ChapterTypeDto>;

export const CreateChapterTypeInput = z.object({
  categoryId: z.number().int().min(1),
  /** A chapter of the same category; a section cannot have sections. */
  parentId: z.number().int().min(1).nullish(),
  name: z.string().trim().min(1).max(128),
  sort: z.number().int().min(0).max(9999).default(0),
  isActive: z.boolean().default(true),
  description: z.string().max(500).nullish(),
});
export const UpdateChapterTypeInput = CreateChapterTypeInput.extend({ id: z.number().int().min(1) });
export const GetAllChapterTypeInput = PagedQuery.extend({ CategoryId: z.number().int().min(1).optional() });

/**
 * Who may READ chapters: chapters are knowledge points too, so besides the
 * managers of 章节管理 (`Pages.Administration.ChapterTypes`) anyone holding any
 * course, question-bank (teachers' questions and statistics included), paper
 * or homework permission reads them (`GetAll`, `Get`, `GetList`,
 * `GetCascaderList`): a teacher who may write questions filters and tags them
 * by knowledge point. Writing (`Create`, `Update`, `Delete`) stays with
 * `Pages.Administration.ChapterTypes`.
 */
const readers = [
  MultiLevelCategoryPermissions.ChapterTypes,
  LearningCoursePermissions.ArticlesLearningCourse,
  LearningCoursePermissions.ArticlesUniversityCourse,
  QuestionPermissions.QuestionsTestQuestion,
  QuestionPermissions.QuestionsUniversityQuestion,
  QuestionPermissions.QuestionsTeachers,
  QuestionPermissions.QuestionsStatistical,
  PaperPermissions.TestPapersHand,
  PaperPermissions.TestPapersUniversityHand,
  PaperPermissions.TestPapersRandom,
  PaperPermissions.TestPapersUniversityRandom,
  PaperPermissions.HomeworksHand,
  PaperPermissions.HomeworksRandom,
] as const;

export const ChapterTypeService = defineService(
  'ChapterType',
  {
    ...crud({
      dto: ChapterTypeDto,
      create: CreateChapterTypeInput,
      update: UpdateChapterTypeInput,
      query: GetAllChapterTypeInput,
      access: { GetAll: readers, Get: readers },
    }),
    /** The chapters and sections of one category, by sort (the course form reads it). */
    GetList: { input: z.object({ CategoryId: z.number().int().min(1) }), output: z.array(ChapterTypeDto), access: readers },
    /** Chapters with their sections as children. */
    GetCascaderList: { input: z.object({ CategoryId: z.number().int().min(1) }), output: CascaderList, access: readers },
  },
  { access: MultiLevelCategoryPermissions.ChapterTypes },
);
