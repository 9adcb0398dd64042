import { z } from 'zod';
import { AuditInput, AuthorDto, ContentQuery, ReviewDto } from '../core/content.ts';
import { childDto, orderedChildren } from '../core/children.ts';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { AbpDateInput, AbpDateTime, IdQuery, VoidResult, paged } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { MultiLevelCategoryPermissions } from './multi-level-category.ts';
import { questionImportEndpoints } from './test-question-import.ts';
import { paperAccess, paperQuestionEndpoints } from './test-paper-questions.ts';
import { FileContent } from '../core/files.ts';
import { paperExportEndpoints } from './test-paper-export.ts';
import { reviewable, reviewFlow } from '../core/review.ts';
import { ClassType } from './classification-type.ts';
import { MAX_QUESTION_BLANKS, MAX_QUESTION_OPTIONS, MAX_SUB_QUESTIONS } from './question-limits.ts';

/**
 * The question bank (题库): spec section 7, TestQuestion, the calls that
 * concern the bank (the paper calls are in test-paper.ts). See
 * docs/architecture/questions-and-papers.md, "The question bank".
 *
 * Types: 1 单选, 2 多选, 3 判断, 4 填空, 5 简答 (graded by hand), 6 材料题 (a
 * passage with sub-questions of any other type), and 7 不定项 (indefinite
 * choice): an extension of the spec's types 1–6 (EduSoho's 不定项, the Word
 * format's `【不定项选择题】`), a choice question with one or more correct
 * options, the candidate not told how many. Scoring (`choiceAnswerScore`):
 * the exact set of keys earns the full score; a non-empty subset of the keys
 * with no wrong option earns half (不定项少选得一半分, rounded down to the half
 * point); a wrong option or nothing chosen earns 0. Single and multiple
 * choice earn the full score for the exact set only.
 * The answer lives where each type keeps it:
 * - single choice: 2–10 `options`, exactly one `isCorrect`;
 * - multiple choice: 2–10 `options`, at least two `isCorrect`;
 * - indefinite choice: 2–10 `options`, at least one `isCorrect`;
 * - true/false: `trueFalseAnswer`, no options;
 * - fill in the blank: `blanks` (1–20, in stem order), each with 1–10 accepted
 *   `answers` (alternatives, compared after normalising width and spaces);
 *   as many blanks as the stem marks (`countStemBlanks`);
 * - short answer: `referenceAnswer` (the marking reference), no options;
 * - material: `subQuestions` (1–20), each validated by its own type; the
 *   material's score is the sum of theirs.
 * A broken answer is a 400 naming the field (`options[2].isCorrect`,
 * `blanks[0].answers`, `subQuestions[1].options`).
 */
export const QuestionType = abpEnum(
  { SingleChoice: 1, MultipleChoice: 2, TrueFalse: 3, FillBlank: 4, ShortAnswer: 5, Material: 6, IndefiniteChoice: 7 },
  'Question type',
);
export type QuestionType = z.infer<typeof QuestionType>;

/** Every type in the order screens list them (the indefinite choice beside the other choice types). */
export const QUESTION_TYPE_ORDER: readonly QuestionType[] = [1, 2, 7, 3, 4, 5, 6];

/** The types whose answer is a set of options (A–J). */
export const isChoiceQuestionType = (type: number): boolean => type === 1 || type === 2 || type === 7;

/**
 * The score a choice answer earns (see `QuestionType`): `keys` and `chosen`
 * are option positions, `score` the question's full score. Exact set: full;
 * indefinite choice, a non-empty subset of the keys without a wrong option:
 * half, rounded down to the half point; anything else 0.
 */
export function choiceAnswerScore(type: QuestionType, keys: readonly number[], chosen: readonly number[], score: number): number {
  const key = new Set(keys);
  const picked = new Set(chosen);
  if (picked.size === 0 || [...picked].some((i) => !key.has(i))) return 0;
  if (picked.size === key.size) return score;
  // Half of the score on the half-point grid, rounded down: floor(score / 2 * 2) / 2.
  return type === 7 ? Math.floor(score) / 2 : 0;
}

/** 难度: 1 简单, 2 一般 (the default, as the Chinese Word format's 【难度】), 3 困难. */
export const QuestionDifficulty = abpEnum({ Easy: 1, Normal: 2, Hard: 3 }, 'Difficulty');
export type QuestionDifficulty = z.infer<typeof QuestionDifficulty>;

/** An option (选项): its text (sanitized rich text, short) and whether it is a correct key. */
export const QuestionOptionInput = z.object({
  content: z.string().trim().min(1).max(2000),
  isCorrect: z.boolean().default(false),
});
/** An option as read back; `label` is A–J from its position. */
export const QuestionOptionDto = childDto(z.object({ content: z.string(), isCorrect: z.boolean(), label: z.string() }));
export type QuestionOptionDto = z.infer<typeof QuestionOptionDto>;

/** A blank (空) of a fill-in-the-blank question: its accepted answers, the first the canonical one. */
export const QuestionBlank = z.object({ answers: z.array(z.string().trim().max(200)).max(10) });

/** The answer-bearing fields every question (and sub-question) has. */
const answerFields = {
  questionType: QuestionType,
  /** Stem (题干), sanitized rich text. */
  stem: z.string().min(1).max(50_000),
  /** 解析, sanitized rich text. */
  analysis: z.string().max(50_000).nullish(),
  /** Score (分数), in half points; default 2. */
  score: z.number().min(0).max(100).multipleOf(0.5).default(2),
  trueFalseAnswer: z.boolean().nullish(),
  blanks: z.array(QuestionBlank).max(MAX_QUESTION_BLANKS).nullish(),
  /** Reference answer of a short-answer question (plain text, for the marker). */
  referenceAnswer: z.string().trim().max(20_000).nullish(),
};

/** A sub-question of a material question: any type but material, options by position (A–J). */
export const SubQuestionInput = z.object({
  ...answerFields,
  options: z.array(QuestionOptionInput).max(MAX_QUESTION_OPTIONS).default([]),
});
export type SubQuestionInput = z.input<typeof SubQuestionInput>;
export const SubQuestionDto = z.object({
  questionType: QuestionType,
  stem: z.string(),
  analysis: z.string().nullable(),
  score: z.number(),
  trueFalseAnswer: z.boolean().nullable(),
  blanks: z.array(z.object({ answers: z.array(z.string()) })).nullable(),
  referenceAnswer: z.string().nullable(),
  options: z.array(z.object({ label: z.string(), content: z.string(), isCorrect: z.boolean() })),
});

/**
 * A question. `title` is the stem as plain text, cut to 100 characters (lists,
 * notifications). `isShow` is the show state (`showStateSwitching`): only
 * approved, shown questions go into papers. `sisterGroupId` is the sister
 * family (姊妹题) the question belongs to (null: none), `sisterCount` the
 * family's size. `isUniversity` is the university bank (`testQuestionUs`,
 * `Pages.Questions.UniversityQuestion`); the standard bank needs
 * `Pages.Questions.TestQuestion`, checked on every call.
 */
export const TestQuestionDto = z
  .object({
    id: z.number().int(),
    questionType: QuestionType,
    title: z.string(),
    stem: z.string(),
    analysis: z.string().nullable(),
    difficulty: QuestionDifficulty,
    score: z.number(),
    categoryId: z.number().int(),
    categoryName: z.string().nullable(),
    /** The knowledge point (知识点): a chapter of the category (ChapterType). */
    chapterTypeId: z.number().int().nullable(),
    chapterName: z.string().nullable(),
    isUniversity: z.boolean(),
    isShow: z.boolean(),
    sisterGroupId: z.number().int().nullable(),
    sisterCount: z.number().int().min(0),
    trueFalseAnswer: z.boolean().nullable(),
    blanks: z.array(z.object({ answers: z.array(z.string()) })).nullable(),
    referenceAnswer: z.string().nullable(),
    /** Options in order (choice types; empty otherwise). */
    options: z.array(QuestionOptionDto),
    /** Sub-questions of a material question (empty otherwise). */
    subQuestions: z.array(SubQuestionDto),
    /** Normalised fingerprint of stem and options (duplicate detection). */
    fingerprint: z.string(),
    /**
     * On CreateQuestion / UpdateQuestion / ImportSisterQuestion only: ids of
     * other questions of the tenant with the same fingerprint (a warning; the
     * question is saved). Empty on reads.
     */
    duplicateIds: z.array(z.number().int()),
  })
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type TestQuestionDto = z.infer<typeof TestQuestionDto>;

export const CreateQuestionInput = z.object({
  ...answerFields,
  difficulty: QuestionDifficulty.default(2),
  /** A category of class type 3 (question categories). */
  categoryId: z.number().int().min(1),
  /** A chapter of the same category. */
  chapterTypeId: z.number().int().min(1).nullish(),
  isUniversity: z.boolean().default(false),
  isShow: z.boolean().default(true),
  /** The whole ordered option list (see `orderedChildren`); the position is the label. */
  options: orderedChildren(QuestionOptionInput, { max: MAX_QUESTION_OPTIONS }).default([]),
  subQuestions: z.array(SubQuestionInput).max(MAX_SUB_QUESTIONS).default([]),
});
export type CreateQuestionInput = z.input<typeof CreateQuestionInput>;
/** The whole question again; the type may not change (a 400 on `questionType`). */
export const UpdateQuestionInput = CreateQuestionInput.extend({ id: z.number().int().min(1) });

/** GetAllQuestion's filters; `SisterGroupId` lists a family. */
export const GetAllQuestionInput = ContentQuery.extend({
  IsUniversity: z.boolean().optional(),
  QuestionType: QuestionType.optional(),
  Difficulty: QuestionDifficulty.optional(),
  ChapterTypeId: z.number().int().min(1).optional(),
  IsShow: z.boolean().optional(),
  SisterGroupId: z.number().int().min(1).optional(),
  /**
   * One question per sister family (the lowest id stands for it), for
   * assembling papers: a family is never offered twice.
   */
  OnePerFamily: z.boolean().optional(),
});

/**
 * Extensions: export (题目导出). `ExportQuestions` downloads the questions
 * GetAllQuestion's filters select (paging ignored; at most
 * `QUESTION_EXPORT_MAX`, more is a 400 asking to narrow the filter), as
 * `docx`: a Word file in the Word importer's format (numbers, `A.` options,
 * 【题型】【答案】【解析】【难度】【分数】, blanks `[[答案|别名]]`, material questions
 * between 【材料题开始】 and 【材料题结束】, pictures embedded), which
 * `ImportQuestions` reads back into the same questions; or `qti`: an IMS QTI
 * 2.1 content package (`imsmanifest.xml` and one `assessmentItem` per
 * question, pictures as package files) that other QTI tools import. Access
 * as GetAllQuestion (the bank's permission for the variant).
 * `ExportTestPaperQti` downloads a paper's questions as such a package (an
 * `assessmentTest` with a section per paper section beside the items); access
 * as reading the paper. See docs/architecture/imports.md, "Export".
 */
export const QUESTION_EXPORT_MAX = 5000;
export const QuestionExportFormat = z.enum(['docx', 'qti']);
export type QuestionExportFormat = z.infer<typeof QuestionExportFormat>;
export const ExportQuestionsInput = GetAllQuestionInput.omit({ SkipCount: true, MaxResultCount: true }).extend({ format: QuestionExportFormat });
export type ExportQuestionsInput = z.input<typeof ExportQuestionsInput>;
export const ExportTestPaperQtiInput = z.object({ id: z.number().int().min(1) });

/**
 * GetAllQuestion's response: the page wrapped once more in `result`, so the
 * envelope reads `result.result.items`. The original backend's action returns
 * an object with its own `result` member, which ABP wraps again; the spec
 * records the nesting and clients of the original API read it that way.
 */
export const NestedQuestionPage = z.object({ result: paged(TestQuestionDto) });

/** `DeleteQuestion?Id=&QuestionType=`: the type must match the question's (a guard against deleting the wrong row). */
export const DeleteQuestionInput = IdQuery.extend({ QuestionType: QuestionType });

/**
 * `AuditTestQuestionFlow`: a decision at a named step of the two-step flow
 * (初审 `first`, 复审 `second`). Refused (user-friendly error) unless the
 * question awaits that step, so a reviewer's stale screen never decides
 * another step. `AuditedTestQuestion` decides at whatever step is pending.
 */
export const AuditQuestionFlowInput = AuditInput.extend({ stepName: z.enum(['first', 'second']) });

/** `showStateSwitching`: shows or hides a question (hidden questions stay in the bank, out of papers). */
export const ShowStateInput = z.object({ id: z.number().int().min(1), isShow: z.boolean() });

/**
 * `ImportSisterQuestion`: makes `sisterId` (an existing question) a sister of
 * `id`, or, with `question` instead, creates a new question as its sister.
 * A family is one tenant's and holds a question once; joining a question that
 * already has a family merges the two families.
 */
export const ImportSisterInput = z.object({
  id: z.number().int().min(1),
  sisterId: z.number().int().min(1).optional(),
  question: CreateQuestionInput.optional(),
});

/** `DeleteSisterQuestion?Id=`: takes the question out of its family (the question stays in the bank). */
export const DeleteSisterInput = IdQuery;

/** Statistics over a section: a question category and its subtree. */
export const QuestionStatisticsQuery = z.object({
  sectionId: z.number().int().min(1),
  /** First day, `YYYY-MM-DD` (China Standard Time, from 00:00 UTC+8). */
  BeginTime: AbpDateInput.optional(),
  /** Last day, `YYYY-MM-DD` (China Standard Time, through 24:00 UTC+8). */
  EndTime: AbpDateInput.optional(),
});
const CountBy = <K extends z.ZodType>(key: K) => z.array(z.object({ key, count: z.number().int().min(0) }));
export const QuestionStatisticsDto = z.object({
  total: z.number().int().min(0),
  byType: CountBy(QuestionType),
  byDifficulty: CountBy(QuestionDifficulty),
  byAuditStatus: CountBy(z.number().int()),
  byAuthor: z.array(z.object({ userId: z.number().int().nullable(), userName: z.string().nullable(), count: z.number().int().min(0) })),
  /** Questions added per day (UTC+8 calendar days, `YYYY-MM-DD`), ascending. */
  perDay: z.array(z.object({ day: z.string(), count: z.number().int().min(0) })),
  /**
   * Use in papers and homework (live papers of any state) of the questions
   * counted above: how many are used at least once, how many never, the
   * uses in all (a question in three papers counts three), and the ten most
   * used (most first, then lowest id).
   */
  usage: z.object({
    used: z.number().int().min(0),
    unused: z.number().int().min(0),
    uses: z.number().int().min(0),
    top: z.array(z.object({ questionId: z.number().int(), title: z.string(), questionType: QuestionType, papers: z.number().int().min(1) })),
  }),
  beginTime: AbpDateTime.nullable(),
  endTime: AbpDateTime.nullable(),
});
export type QuestionStatisticsDto = z.infer<typeof QuestionStatisticsDto>;

/** `GetQuestionStatistical?SectionId=`: a section's question counts (all time), by type and for each direct child category. */
export const SectionQuestionCountsDto = z.object({
  sectionId: z.number().int(),
  total: z.number().int().min(0),
  byType: CountBy(QuestionType),
  children: z.array(z.object({ categoryId: z.number().int(), name: z.string(), count: z.number().int().min(0) })),
});

/**
 * Text as compared for duplicates: tags removed, common entities decoded, NFKC
 * (full-width letters, digits and punctuation become half-width), lower case,
 * blanks (`STEM_BLANK_PATTERN`, and brackets left empty) and whitespace dropped,
 * and prose punctuation dropped (`PROSE_PUNCTUATION`): `题，目` and `题 目` are
 * one question. What carries meaning in a formula or a coordinate is kept:
 * signs and symbols (`+ - = < >`), brackets, slashes, primes, and `.` `,` `:`
 * between digits, so `点(2,9)` and `点(-2,9)`, `3.14` and `314`, `f'(x)` and
 * `f(x)` stay different. Shared by the server, the seed and the console.
 */
export function normaliseQuestionText(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(STEM_BLANK_PATTERN, ' ')
    .replace(/\s+/gu, '')
    .replace(PROSE_PUNCTUATION, '')
    .replace(/\(\)|\[\]/g, '');
}

/**
 * Punctuation of prose, as NFKC leaves it: sentence marks, quotes, book-title
 * marks, the enumeration comma, ellipsis and em dash, and `.` `,` `:` unless
 * between two digits (a decimal point, a thousands or coordinate separator, a ratio).
 */
const PROSE_PUNCTUATION = /[!?;"“”‘’「」『』《》〈〉【】、。…—]|(?<!\d)[.,:]|[.,:](?!\d)/gu;

/**
 * A blank as a stem marks it: a run of three or more underscores (`____`),
 * brackets holding only spaces (`（  ）`, `(  )`, full-width or not, `&nbsp;`
 * in HTML), or the Word format's `[[答案]]`. Global: use it with `replace`
 * or `match`, never `test`/`exec` (they keep `lastIndex`).
 */
export const STEM_BLANK_PATTERN = /_{3,}|[（(](?:[ \t\u00a0\u3000]|&nbsp;|&#160;)+[）)]|\[\[[^\]\n]*\]\]/g;

/**
 * How many blanks a fill-in-the-blank stem (sanitized HTML or plain text)
 * marks (`STEM_BLANK_PATTERN`): a fill-in question has as many `blanks` as
 * this. Tags are dropped first (`<u>____</u>` is one blank). The one counter
 * of the server's validation, the importers and the console's editor.
 */
export function countStemBlanks(stem: string): number {
  return stem.replace(/<[^>]*>/g, '').match(STEM_BLANK_PATTERN)?.length ?? 0;
}

/**
 * 64-bit FNV-1a over UTF-16 code units, as 16 hex digits (not cryptographic: a
 * duplicate key). In four 16-bit limbs (h3…h0): the prime is 2^40 + 0x1b3, so
 * a step is the limbs times 0x1b3 plus the hash shifted left by 40 bits, with
 * carries; BigInt arithmetic gave the same digits about nine times slower.
 */
export function fnv1a64(text: string): string {
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + ((h0 & 0xff) << 8) + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + ((h0 >>> 8) | ((h1 & 0xff) << 8)) + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return [h3, h2, h1, h0].map((h) => h.toString(16).padStart(4, '0')).join('');
}

/**
 * The duplicate fingerprint of a question: its normalised stem, its options
 * in any order, and its sub-questions (material), hashed. Equal fingerprints
 * are duplicates (warned on create, flagged on import).
 */
export function questionFingerprint(q: {
  stem: string;
  options: ReadonlyArray<{ content: string }>;
  subQuestions?: ReadonlyArray<{ stem: string; options: ReadonlyArray<{ content: string }> }>;
}): string {
  const part = (p: { stem: string; options: ReadonlyArray<{ content: string }> }) =>
    [normaliseQuestionText(p.stem), ...p.options.map((o) => normaliseQuestionText(o.content)).sort()].join('\u0001');
  return fnv1a64([part(q), ...(q.subQuestions ?? []).map(part)].join('\u0002'));
}

/** The question bank's permissions (the permission tree collects them from this service). */
export const QuestionPermissions = declarePermissions({
  Questions: {
    TestQuestion: permission('试题', 'Test questions', { reviews: true }),
    UniversityQuestion: permission('大学试题', 'University questions'),
    Statistical: permission('试题统计', 'Question statistics'),
    Teachers: permission('教师试题', 'Teacher questions', { reviews: true }),
  },
});
const P = QuestionPermissions;
const editors = [P.QuestionsTestQuestion, P.QuestionsUniversityQuestion] as const;
/** Who decides the two steps: 初审 teacher-question reviewers, 复审 bank editors (its flow: `reviewable(...)` below). */
export const questionReviewers = [P.QuestionsTeachers, P.QuestionsTestQuestion] as const;

export const TestQuestionService = reviewable(
  withPermissions(
    defineService(
      'TestQuestion',
      {
        GetAllQuestion: { input: GetAllQuestionInput, output: NestedQuestionPage },
        /** Extension: the reviewers' queue (the review registry's moderated list). */
        GetAllModerated: { input: GetAllQuestionInput, output: paged(TestQuestionDto), access: questionReviewers },
        /**
         * Extension: the teacher question list (教师题目, spec "a teacher question
         * list"): questions whose author's identity is Teacher (教师), in every
         * review state, both banks unless `IsUniversity` is given, with
         * GetAllQuestion's filters (`AuditStatus` for a state). For the
         * teacher-question screen (`Pages.Questions.Teachers`) and bank editors.
         */
        GetAllTeacherQuestion: { input: GetAllQuestionInput, output: paged(TestQuestionDto), access: questionReviewers },
        Get: { input: IdQuery, output: TestQuestionDto },
        CreateQuestion: { input: CreateQuestionInput, output: TestQuestionDto },
        UpdateQuestion: { input: UpdateQuestionInput, output: TestQuestionDto },
        DeleteQuestion: { input: DeleteQuestionInput, output: VoidResult },
        AuditedTestQuestion: { input: AuditInput, output: TestQuestionDto, access: questionReviewers },
        AuditTestQuestionFlow: { input: AuditQuestionFlowInput, output: TestQuestionDto, access: questionReviewers },
        ImportSisterQuestion: { input: ImportSisterInput, output: TestQuestionDto },
        DeleteSisterQuestion: { input: DeleteSisterInput, output: VoidResult },
        showStateSwitching: { input: ShowStateInput, output: TestQuestionDto },
        getTopicOfStatistical: { input: QuestionStatisticsQuery, output: QuestionStatisticsDto, access: P.QuestionsStatistical },
        /** Listed under MultiLevelCategory in the spec; its path is TestQuestion's. */
        GetQuestionStatistical: {
          input: z.object({ SectionId: z.number().int().min(1) }),
          output: SectionQuestionCountsDto,
          access: [P.QuestionsStatistical, MultiLevelCategoryPermissions.MultiLevelCategorys],
        },
        /** Extensions: the import template and the import upload (services/test-question-import.ts). */
        ...questionImportEndpoints,
        /** The paper calls (services/test-paper-questions.ts): a paper's questions, and removing one. */
        ...paperQuestionEndpoints(TestQuestionDto),
        /** Preview and export of a paper (services/test-paper-export.ts). */
        ...paperExportEndpoints,
        /** Extensions: the selection as Word (the importer's format) or a QTI 2.1 package, a paper as a QTI package (see `ExportQuestionsInput`). */
        ExportQuestions: {
          input: ExportQuestionsInput,
          output: FileContent,
          response: 'file',
          extension: true,
          summary: 'Downloads the questions the filters select as Word (the import format) or an IMS QTI 2.1 package',
        },
        ExportTestPaperQti: {
          input: ExportTestPaperQtiInput,
          output: FileContent,
          response: 'file',
          access: paperAccess,
          extension: true,
          summary: "Downloads a paper's questions as an IMS QTI 2.1 package (assessmentTest and items)",
        },
      },
      { access: editors },
    ),
    QuestionPermissions,
  ),
  {
    /**
     * Questions: two steps, 初审 (first) by teacher-question reviewers
     * (`Pages.Questions.Teachers`), then 复审 (second) by bank editors
     * (`Pages.Questions.TestQuestion`). `AuditedTestQuestion` decides the pending
     * step; `AuditTestQuestionFlow` names the step it decides.
     */
    testQuestion: {
      reviewEndpoint: 'AuditedTestQuestion',
      moderatedList: 'GetAllModerated',
      flow: reviewFlow('AuditTestQuestionFlow', [
        { name: 'first', permission: P.QuestionsTeachers, displayName: { 'zh-Hans': '初审', en: 'First review' } },
        { name: 'second', permission: P.QuestionsTestQuestion, displayName: { 'zh-Hans': '复审', en: 'Second review' } },
      ]),
      classTypeId: ClassType.Question,
      displayName: { 'zh-Hans': '试题', en: 'question' },
      countText: { 'zh-Hans': '{0} 道试题', en: '{0} question(s)' },
      title: { 'zh-Hans': '试题', en: 'Questions' },
    },
  },
);
