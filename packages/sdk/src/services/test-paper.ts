import { z } from 'zod';
import { AuditInput, AuthorDto, ContentQuery, ReviewDto } from '../core/content.ts';
import { childDto, orderedChildren } from '../core/children.ts';
import { defineService } from '../core/define-service.ts';
import { ImportMode, ImportResult } from '../core/imports.ts';
import { AbpDateTime, AbpDateTimeInput, IdQuery, VoidResult, paged } from '../core/schemas.ts';
import { BackgroundJobDto } from './job.ts';
import { QuestionDifficulty, QuestionType, TestQuestionDto } from './test-question.ts';
import {
  MAX_PAPER_CLASS_NAMES,
  MAX_PAPER_QUESTIONS,
  MAX_PAPER_SECTIONS,
  MAX_RANDOM_RULES,
  PaperAssembly,
  PaperKind,
  PaperPermissions,
  paperAccess,
  paperQuestionDetailDto,
  paperReviewers,
} from './test-paper-questions.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';
import { ClassType } from './classification-type.ts';
import { withPermissions } from '../core/permission.ts';
import { PlatformPermissions } from '../platform-permissions.ts';

export * from './test-paper-questions.ts';

/**
 * Test papers (试卷) and homework (作业): spec sections 2, 3, 4 and 7
 * (TestPaper, and TestQuestion's paper calls). See docs/architecture/questions-and-papers.md,
 * "Papers and homework".
 *
 * One entity, `TestPaper`, for both kinds (`kind` 1 试卷 paper, 2 作业
 * homework) and both ways of assembling (`assembly` 1 manual 手动组卷,
 * 2 random 随机组卷). A paper is an ordered list of sections (一、单选题 …),
 * each an ordered list of question references with a score per question.
 *
 * - Totals (`totalQuestion`, `totalFraction` full score in half points,
 *   `money` price in fen) are computed on the server from the content
 *   (`paperTotals`), never accepted from the client; all start at 0.
 * - Review (registry entry `testPaper`, flow `AuditTestPaperFlow`, one step
 *   by `Pages.Administration.Manages`, decision endpoint `Review`): a new
 *   paper is pending; any change of content or fields (Update,
 *   CreateRandomGroup with `id`, DeletePaperOfQuestion, ImprotQuestionOfPaper)
 *   sends it back to pending, and then it is neither active nor shown until
 *   approved again.
 * - Switches: `isActive` (Activation) and `isShow` (UpdateTestPaperIsShow),
 *   both false on create, both refused (user-friendly error) unless the paper
 *   is approved; an edit turns both off.
 * - Permissions, checked on the server on every call by kind × assembly ×
 *   bank (`paperPermission`): papers `Pages.TestPapers.Hand` /
 *   `.UniversityHand` (manual), `.Random` / `.UniversityRandom` (random);
 *   homework `Pages.Homeworks.Hand` / `.Random` (standard bank only: the spec
 *   has no university homework). Reviewers (`Pages.Administration.Manages`)
 *   read and decide every kind; lists show only the cells the caller holds.
 */

/**
 * Price (`money`, in fen: integer cents, never floating point) of one
 * question by type. A paper's price is the sum over its questions, so it
 * follows the content like the other totals. 单选 0.10 元, 多选 0.20 元,
 * 判断 0.10 元, 填空 0.20 元, 简答 0.50 元, 材料 1.00 元, 不定项 0.20 元 (as 多选).
 */
export const PAPER_PRICE_FEN: Readonly<Record<QuestionType, number>> = { 1: 10, 2: 20, 3: 10, 4: 20, 5: 50, 6: 100, 7: 20 };

/** Section names by question type, as Chinese papers title them (一、单选题). */
export const PAPER_SECTION_NAMES: Readonly<Record<QuestionType, string>> = {
  1: '单选题',
  2: '多选题',
  3: '判断题',
  4: '填空题',
  5: '简答题',
  6: '材料题',
  7: '不定项选择题',
};

const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** 一 … 二十 for a 0-based position (section headers 一、二、…). */
export function chineseOrdinal(index: number): string {
  const n = index + 1;
  if (n <= 10) return CHINESE_NUMERALS[n - 1] ?? String(n);
  if (n < 20) return `十${CHINESE_NUMERALS[n - 11] ?? ''}`;
  if (n < 100) return `${CHINESE_NUMERALS[Math.floor(n / 10) - 1] ?? ''}十${n % 10 ? (CHINESE_NUMERALS[(n % 10) - 1] ?? '') : ''}`;
  return String(n);
}

/** The totals of a paper's content: question count, full score (half points), price in fen. */
export function paperTotals(questions: ReadonlyArray<{ questionType: QuestionType; score: number }>) {
  return {
    totalQuestion: questions.length,
    totalFraction: questions.reduce((sum, q) => sum + q.score, 0),
    money: questions.reduce((sum, q) => sum + PAPER_PRICE_FEN[q.questionType], 0),
  };
}

/** A score in half points, 0..100 (as a question's). */
const Score = z.number().min(0).max(100).multipleOf(0.5);

/**
 * A question of a section: the bank question (`questionId`: approved, shown,
 * of the paper's bank, never twice in a paper, never two of one sister
 * family) and its score here. Score absent: the section's `score`, else the
 * question's own score in the bank.
 */
export const PaperQuestionInput = z.object({
  questionId: z.number().int().min(1),
  score: Score.nullish(),
});

/**
 * A section (大题): its title (一、单选题), an optional description (每小题 2 分)
 * and an optional score per question applied to questions without their own.
 */
export const PaperSectionInput = z.object({
  title: z.string().trim().min(1).max(50),
  description: z.string().trim().max(500).nullish(),
  score: Score.nullish(),
  /** The section's questions in order (a child collection of the paper; ids are the paper-question link ids). */
  questions: orderedChildren(PaperQuestionInput, { max: MAX_PAPER_QUESTIONS }).default([]),
});

/**
 * Fields every paper and homework has. Homework fields (`dueTime`,
 * `learningCourseId`, `classNames`) are refused on a paper (400 naming the
 * field) and university homework does not exist (400 on `isUniversity`).
 */
const paperFields = {
  kind: PaperKind.default(1),
  /** The university bank (大学试卷, `testPaperUs` / `randomPaperUs`); questions come from the same bank. */
  isUniversity: z.boolean().default(false),
  /** Name (试卷名称), e.g. 2024–2025学年第一学期期中考试 七年级数学 A 卷. */
  title: z.string().trim().min(1).max(100),
  /** A paper category (class type 4) the caller may manage. */
  categoryId: z.number().int().min(1),
  /** 说明 (notes for the candidates), plain text. */
  description: z.string().trim().max(2000).nullish(),
  /** 考试时长 in minutes (papers; homework may give a suggested time). */
  examMinutes: z.number().int().min(1).max(1440).nullish(),
  /** Homework: 截止时间 (due time), UTC instant. */
  dueTime: AbpDateTimeInput.nullish(),
  /** Homework: the course it belongs to (a live course of the tenant), optional. */
  learningCourseId: z.number().int().min(1).nullish(),
  /** Homework: the classes it is assigned to (班级 names such as 七年级（3）班). */
  classNames: z.array(z.string().trim().min(1).max(50)).max(MAX_PAPER_CLASS_NAMES).default([]),
};

/** Manual assembly (Create): the whole paper with its sections; `assembly` is 1. */
export const CreateTestPaperInput = z.object({
  ...paperFields,
  sections: orderedChildren(PaperSectionInput, { max: MAX_PAPER_SECTIONS }).default([]),
});
export type CreateTestPaperInput = z.input<typeof CreateTestPaperInput>;

/**
 * The whole paper again (either assembly: a generated paper may be tuned by
 * hand; its `params` stay as the record of how it began). `kind` and
 * `isUniversity` are fixed after create (400 when changed). Sends the paper
 * back to review.
 */
export const UpdateTestPaperInput = CreateTestPaperInput.extend({ id: z.number().int().min(1) });
export type UpdateTestPaperInput = z.input<typeof UpdateTestPaperInput>;

/** A question of a paper as read back (Get): the link, its score, and a summary of the bank question. */
export const PaperQuestionDto = childDto(z.object({ questionId: z.number().int(), score: z.number() })).extend({
  sectionId: z.number().int(),
  /** The bank question's type, title (stem as plain text), difficulty and sister family; null when it has left the bank. */
  questionType: QuestionType.nullable(),
  title: z.string().nullable(),
  difficulty: QuestionDifficulty.nullable(),
  sisterGroupId: z.number().int().nullable(),
  /** False when the question has been deleted from the bank since. */
  available: z.boolean(),
});
export type PaperQuestionDto = z.infer<typeof PaperQuestionDto>;

/** A section as read back, with its subtotals (for headers such as 三、判断题（每小题 2 分，共 10 分）). */
export const PaperSectionDto = childDto(z.object({ title: z.string(), description: z.string().nullable(), score: z.number().nullable() })).extend({
  questions: z.array(PaperQuestionDto),
  totalQuestion: z.number().int().min(0),
  totalFraction: z.number().min(0),
});
export type PaperSectionDto = z.infer<typeof PaperSectionDto>;

/**
 * A paper. `params` is the spec's params string: null for a manual paper;
 * for a generated one the JSON of `RandomParams` (rules and seed).
 * `sections` come with Get, Create, Update and the other single-paper
 * answers; lists leave them empty (`[]`).
 */
export const TestPaperDto = z
  .object({
    id: z.number().int(),
    kind: PaperKind,
    assembly: PaperAssembly,
    isUniversity: z.boolean(),
    title: z.string(),
    description: z.string().nullable(),
    categoryId: z.number().int(),
    categoryName: z.string().nullable(),
    examMinutes: z.number().int().nullable(),
    dueTime: AbpDateTime.nullable(),
    learningCourseId: z.number().int().nullable(),
    learningCourseName: z.string().nullable(),
    classNames: z.array(z.string()),
    params: z.string().nullable(),
    totalQuestion: z.number().int().min(0),
    totalFraction: z.number().min(0),
    /** Price in fen (分): 1 元 = 100. */
    money: z.number().int().min(0),
    isActive: z.boolean(),
    isShow: z.boolean(),
    sections: z.array(PaperSectionDto),
  })
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type TestPaperDto = z.infer<typeof TestPaperDto>;

/**
 * GetAll's filters. `CategoryId` includes its subtree. Without `Kind`,
 * `Assembly` or `IsUniversity` the list holds every cell the caller may see;
 * naming a cell the caller lacks is a 403.
 */
export const GetAllTestPaperInput = ContentQuery.extend({
  Kind: PaperKind.optional(),
  Assembly: PaperAssembly.optional(),
  IsUniversity: z.boolean().optional(),
  IsActive: z.boolean().optional(),
  IsShow: z.boolean().optional(),
});

// ---------------------------------------------------------------------------
// Random assembly

/**
 * A rule of random assembly: `count` questions of `questionType` from a
 * category subtree (`categoryId`, a question category) or a knowledge point
 * (`chapterTypeId`, a chapter with its sections), optionally of one
 * `difficulty`, each worth `score`. Exactly one of `categoryId` and
 * `chapterTypeId` (400 on `rules[i].categoryId`).
 */
export const RandomRule = z
  .object({
    questionType: QuestionType,
    categoryId: z.number().int().min(1).nullish(),
    chapterTypeId: z.number().int().min(1).nullish(),
    difficulty: QuestionDifficulty.nullish(),
    count: z.number().int().min(1).max(MAX_PAPER_QUESTIONS),
    score: Score,
  })
  .refine((r) => (r.categoryId == null) !== (r.chapterTypeId == null), {
    message: 'Give exactly one of categoryId and chapterTypeId',
    path: ['categoryId'],
  });
export type RandomRule = z.input<typeof RandomRule>;

/**
 * CreateRandomGroup: the paper's fields and its rules. Rules are solved
 * together (a question serves one rule, a sister family one question), then
 * drawn: least-used questions first (usage = live papers holding the
 * question), ties broken by `seed` (a 32-bit unsigned integer; absent: the
 * server picks one). The same seed on the same bank with the same usage gives
 * the same paper. Sections are one per question type, in type order
 * (一、单选题, 二、多选题 …), rules of one type share a section.
 * - `dryRun: true`: answers the feasibility report, writes nothing.
 * - Otherwise an infeasible set of rules is a 400 with one error per short
 *   rule on `rules[i].count` (message: the rule's report line, e.g.
 *   `单选题·第三章·困难 需 10 可用 7`) and nothing is written; a feasible set
 *   creates the paper (pending review), or with `id` regenerates that random
 *   paper in place (its sections replaced, back to review).
 */
export const CreateRandomGroupInput = z.object({
  ...paperFields,
  rules: z.array(RandomRule).min(1).max(MAX_RANDOM_RULES),
  seed: z.number().int().min(0).max(0xffffffff).nullish(),
  dryRun: z.boolean().default(false),
  /** Regenerate this random paper instead of creating one. */
  id: z.number().int().min(1).nullish(),
});
export type CreateRandomGroupInput = z.input<typeof CreateRandomGroupInput>;

/**
 * One rule's line of the report. `available`: eligible questions (sister
 * families counted once) for this rule alone; `assignable`: how many it gets
 * when all rules are solved together (a maximum matching); `shortBy` =
 * `required - assignable`. `limiting`: the rule belongs to the set of rules
 * competing for an exhausted pool (the Hall violator of the matching): raise
 * the bank or lower one of these. `label` names the rule in Chinese
 * (`单选题·第三章·困难`), `message` is the line (`单选题·第三章·困难 需 10 可用 7`).
 */
export const RandomRuleReport = z.object({
  index: z.number().int().min(0),
  label: z.string(),
  required: z.number().int().min(0),
  available: z.number().int().min(0),
  assignable: z.number().int().min(0),
  shortBy: z.number().int().min(0),
  limiting: z.boolean(),
  message: z.string(),
});
export type RandomRuleReport = z.infer<typeof RandomRuleReport>;

/** The feasibility report of a set of rules (the dry run), machine-readable. */
export const RandomGroupReport = z.object({
  feasible: z.boolean(),
  required: z.number().int().min(0),
  assignable: z.number().int().min(0),
  /** Totals the paper would have (exact when feasible). */
  totalFraction: z.number().min(0),
  money: z.number().int().min(0),
  rules: z.array(RandomRuleReport),
  /** The limiting rules' lines joined (null when feasible). */
  message: z.string().nullable(),
  /** The seed the draw uses (given or picked). */
  seed: z.number().int().min(0),
});
export type RandomGroupReport = z.infer<typeof RandomGroupReport>;

/** CreateRandomGroup's answer: the report, and the paper unless it was a dry run. */
export const RandomGroupResult = z.object({ report: RandomGroupReport, paper: TestPaperDto.nullable() });
export type RandomGroupResult = z.infer<typeof RandomGroupResult>;

/** What a generated paper's `params` string holds (JSON): version, the seed and the rules as given. */
export const RandomParams = z.object({
  version: z.literal(1),
  seed: z.number().int().min(0),
  rules: z.array(RandomRule),
});
export type RandomParams = z.infer<typeof RandomParams>;

/** A paper's `params` read back (null for manual papers or unreadable text). */
export function parseRandomParams(params: string | null): RandomParams | null {
  if (!params) return null;
  try {
    const parsed = RandomParams.safeParse(JSON.parse(params));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Switches and import

/** Activation: `{ id, isActive }`; refused unless approved. */
export const PaperActivationInput = z.object({ id: z.number().int().min(1), isActive: z.boolean() });
/** UpdateTestPaperIsShow (PUT): `{ id, isShow }`; refused unless approved. */
export const PaperIsShowInput = z.object({ id: z.number().int().min(1), isShow: z.boolean() });

/**
 * ImprotQuestionOfPaper (the spec's spelling), two sources (exactly one):
 *
 * - `fromPaperId`: copies the questions of that paper (same bank, readable by
 *   the caller) into paper `id`. Without `sectionMapping` each source section
 *   goes into the target section of the same title, or becomes a new section
 *   at the end; with it, only the listed source sections are taken, each into
 *   the named target section (`toSectionId`, or a new one when absent). Scores
 *   are kept. Questions the paper already holds, questions of a sister family
 *   it already holds, and questions no longer approved and shown are skipped
 *   (listed in `skipped`). Totals are recomputed and the paper goes back to
 *   review. Answers at once (`job` absent).
 * - `fileToken` (extension): a file in the question bank's import formats
 *   (xlsx/csv template, Word/TXT numbered format: see
 *   test-question-import.ts), uploaded first with `File/UploadFile` by the
 *   same user (the token of its `UploadedFileDto`; JSON stays the wire of
 *   this call, and the dry run and the commit reuse one upload). The
 *   questions go into the bank exactly as `TestQuestion/ImportQuestions`
 *   puts them (CreateQuestion's checks, pending review at 初审, duplicates
 *   by fingerprint skipped, `categoryId`/`chapterTypeId` as there, the
 *   paper's bank) AND into the paper, in one transaction. Needs the paper's
 *   cell permission and the bank's create permission. `sectionId`: every
 *   question into that section; absent: each into the first section whose
 *   title names its type (单选题 …), else a new section `五、判断题` at the
 *   end. A question that duplicates a live bank question joins as that
 *   question when it is approved and shown (else skipped, `unavailable`), not
 *   when the paper holds it or its sister family. Newly imported questions
 *   join while still pending: they are the uploader's own content, and the
 *   paper cannot be approved until each of its questions is (Review refuses
 *   it naming them). At most `MAX_PAPER_QUESTIONS` questions per file. Answers
 *   at once with the paper as it is and the started job (`job`, name
 *   `TestPaper.ImportQuestions`); the job's result is a `PaperImportResult`
 *   (the bank import's `ImportResult` plus `paper`).
 */
export const ImportQuestionOfPaperInput = z.object({
  id: z.number().int().min(1),
  fromPaperId: z.number().int().min(1).optional(),
  sectionMapping: z
    .array(z.object({ fromSectionId: z.number().int().min(1), toSectionId: z.number().int().min(1).nullish() }))
    .max(MAX_PAPER_SECTIONS)
    .nullish(),
  /** Token of the caller's own `File/UploadFile` upload of the question file. */
  fileToken: z.string().min(1).max(64).optional(),
  /** With `fileToken`: the question category (class type 3) of the new questions. */
  categoryId: z.number().int().min(1).optional(),
  /** With `fileToken`: a chapter of that category for every question (a row's 章节 wins). */
  chapterTypeId: z.number().int().min(1).optional(),
  /** With `fileToken`: the target section (a section of this paper); absent: by question type. */
  sectionId: z.number().int().min(1).optional(),
  /** With `fileToken`: `dryRun` (default) or `commit`, as ImportQuestions. */
  mode: ImportMode.optional(),
  /** With `fileToken`: write nothing when any row is invalid (default true). */
  allOrNothing: z.boolean().optional(),
});
export type ImportQuestionOfPaperInput = z.input<typeof ImportQuestionOfPaperInput>;

export const ImportQuestionOfPaperResult = z.object({
  paper: TestPaperDto,
  added: z.number().int().min(0),
  skipped: z.array(z.object({ questionId: z.number().int(), reason: z.enum(['duplicate', 'sister', 'unavailable']) })),
  /** The started file import (with `fileToken` only). */
  job: BackgroundJobDto.optional(),
});

/**
 * What a file import did to the paper (`PaperImportResult.paper`): `added`
 * questions (on a dry run or a stopped commit: would be added), and the rows
 * whose question was not added (`duplicate`: the paper holds it; `sister`:
 * the paper holds its family; `unavailable`: the bank question it
 * duplicates is not approved and shown, or of the other bank). A row that
 * repeats an earlier row of the file is covered by that row.
 */
export const PaperImportPlacement = z.object({
  paperId: z.number().int(),
  added: z.number().int().min(0),
  addedQuestionIds: z.array(z.number().int()),
  skipped: z.array(z.object({ row: z.number().int(), questionId: z.number().int(), reason: z.enum(['duplicate', 'sister', 'unavailable']) })),
});
export type PaperImportPlacement = z.infer<typeof PaperImportPlacement>;
export const PaperImportResult = ImportResult.extend({ paper: PaperImportPlacement });
export type PaperImportResult = z.infer<typeof PaperImportResult>;

/** The paper import's result of a finished job, or null while it runs. */
export function paperImportResultOf(job: { result: unknown }): PaperImportResult | null {
  const parsed = PaperImportResult.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}

export const TestPaperService = reviewable(
  withPermissions(
    defineService(
      'TestPaper',
      {
        GetAll: { input: GetAllTestPaperInput, output: paged(TestPaperDto) },
        Get: { input: IdQuery, output: TestPaperDto },
        Create: { input: CreateTestPaperInput, output: TestPaperDto },
        Update: { input: UpdateTestPaperInput, output: TestPaperDto },
        Delete: { input: IdQuery, output: VoidResult },
        CreateRandomGroup: { input: CreateRandomGroupInput, output: RandomGroupResult, inferred: true },
        Review: { input: AuditInput, output: TestPaperDto, access: paperReviewers },
        /** Extension: the reviewers' queue (auditedTestPaper with `Kind=1`, auditedHomeWork with `Kind=2`). */
        GetAllModerated: { input: GetAllTestPaperInput, output: paged(TestPaperDto), access: paperReviewers, extension: true },
        Activation: { input: PaperActivationInput, output: TestPaperDto, inferred: true },
        UpdateTestPaperIsShow: { input: PaperIsShowInput, output: TestPaperDto, inferred: true },
        ImprotQuestionOfPaper: { input: ImportQuestionOfPaperInput, output: ImportQuestionOfPaperResult, inferred: true },
      },
      { access: paperAccess },
    ),
    PaperPermissions,
  ),
  {
    /** Papers and homework (one entity, `kind`): one step by `Pages.Administration.Manages` (spec: auditedTestPaper, auditedHomeWork). */
    testPaper: {
      reviewEndpoint: 'Review',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditTestPaperFlow', PlatformPermissions.Manages),
      classTypeId: ClassType.Paper,
      displayName: { 'zh-Hans': '试卷', en: 'paper' },
      countText: { 'zh-Hans': '{0} 份试卷', en: '{0} paper(s)' },
    },
  },
);

// ---------------------------------------------------------------------------
// TestQuestion's paper calls (declared in test-paper-questions.ts, spread into TestQuestionService)

/** A question of a paper with the full bank DTO, for the workbench (`GetAllQuestionOfPaper`). */
export const PaperQuestionDetailDto = paperQuestionDetailDto(TestQuestionDto);
export type PaperQuestionDetailDto = z.infer<typeof PaperQuestionDetailDto>;
