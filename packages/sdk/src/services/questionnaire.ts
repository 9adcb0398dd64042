import { z } from 'zod';
import { AuditInput, AuthorDto, ReviewDto } from '../core/content.ts';
import { childDto, orderedChildren } from '../core/children.ts';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { AbpDateInput, AbpDateTime, AbpDateTimeInput, IdQuery, PagedQuery, listDto, paged } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';

/**
 * Questionnaires (问卷调查, route `/miscellaneous/questionnaire`, permission
 * `Pages.Others.Questionnaire`). The spec names the calls (GetAllOfBack,
 * Create with `createQuestionnaireInput`, Update, Delete, auditedQuestionnaire,
 * Get); every field is inferred (docs/architecture/domain-rules.md, "Community").
 *
 * A questionnaire holds ordered questions, each single choice, multiple choice
 * or text, choice questions holding ordered options; both are child
 * collections written whole with the questionnaire (`orderedChildren`).
 * Reviewed before publication (registry entry `questionnaire`, one step by
 * `Pages.Others.Questionnaire`); only an approved questionnaire within its
 * time window takes answers. Any edit sends it back to review (the kit's rule),
 * so collection pauses until it is approved again. Once it has answers, its
 * structure is fixed: questions and options may be reworded, reordered, made
 * required or not and their selection limits changed, but none may be added or
 * removed and no question may change type (a user-friendly error; make a new
 * questionnaire instead), so every stored answer keeps meaning what it meant.
 */

/** 1 单选 single choice, 2 多选 multiple choice, 3 填空/简答 free text. */
export const QuestionnaireQuestionType = abpEnum({ SingleChoice: 1, MultipleChoice: 2, Text: 3 }, 'Questionnaire question type');
export type QuestionnaireQuestionType = z.infer<typeof QuestionnaireQuestionType>;

/**
 * Who may answer: 1 members (会员: signed-in users of the tenant, one response
 * each), 2 public (公开: also visitors who are not signed in, one response per
 * `respondentKey`, the device key the answering page keeps; signed-in users
 * still answer once). Members is the default: requiring sign-in is the
 * questionnaire's `audience`, not a separate flag. A device key is whatever
 * the client says, so visitors' submissions are also throttled per client
 * address (see Submit).
 */
export const QuestionnaireAudience = abpEnum({ Members: 1, Public: 2 }, 'Questionnaire audience');
export type QuestionnaireAudience = z.infer<typeof QuestionnaireAudience>;

export const MAX_QUESTIONNAIRE_QUESTIONS = 100;
export const MAX_QUESTIONNAIRE_OPTIONS = 20;
/** Longest free-text answer. */
export const MAX_QUESTIONNAIRE_TEXT = 2000;

export const QuestionnaireOptionInput = z.object({ content: z.string().trim().min(1).max(200) });
export const QuestionnaireOptionDto = childDto(z.object({ content: z.string() }));
export type QuestionnaireOptionDto = z.infer<typeof QuestionnaireOptionDto>;

/**
 * A question. `isRequired` (default true) must be answered. Choice questions
 * need 2..20 options with distinct texts; text questions have none.
 * `minSelections`/`maxSelections` only on multiple choice (default 1 and the
 * number of options; 1 ≤ min ≤ max ≤ options). These rules are checked on the
 * server with the full path (`questions[1].options[2].content`).
 */
export const QuestionnaireQuestionInput = z.object({
  title: z.string().trim().min(1).max(300),
  questionType: QuestionnaireQuestionType,
  isRequired: z.boolean().default(true),
  minSelections: z.number().int().min(1).max(MAX_QUESTIONNAIRE_OPTIONS).nullish(),
  maxSelections: z.number().int().min(1).max(MAX_QUESTIONNAIRE_OPTIONS).nullish(),
  options: orderedChildren(QuestionnaireOptionInput, { max: MAX_QUESTIONNAIRE_OPTIONS }).default([]),
});
export const QuestionnaireQuestionDto = childDto(
  z.object({
    title: z.string(),
    questionType: QuestionnaireQuestionType,
    isRequired: z.boolean(),
    minSelections: z.number().int().nullable(),
    maxSelections: z.number().int().nullable(),
    options: z.array(QuestionnaireOptionDto),
  }),
);
export type QuestionnaireQuestionDto = z.infer<typeof QuestionnaireQuestionDto>;

/**
 * `startTime`/`endTime`: the answering window (either may be open; end after
 * start). `isAnonymous` (匿名): the console never shows who gave an answer.
 */
const questionnaireFields = {
  title: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000).nullish(),
  startTime: AbpDateTimeInput.nullish(),
  endTime: AbpDateTimeInput.nullish(),
  isAnonymous: z.boolean().default(false),
  audience: QuestionnaireAudience.default(1),
  /** The whole ordered list (1..100), see `orderedChildren`; each question's `options` likewise. */
  questions: orderedChildren(QuestionnaireQuestionInput, { max: MAX_QUESTIONNAIRE_QUESTIONS }).min(1),
};

/** The spec's `createQuestionnaireInput`. */
export const createQuestionnaireInput = z.object(questionnaireFields);
export type CreateQuestionnaireInput = z.input<typeof createQuestionnaireInput>;
export const UpdateQuestionnaireInput = z.object({ ...questionnaireFields, id: z.number().int().min(1) });
export type UpdateQuestionnaireInput = z.input<typeof UpdateQuestionnaireInput>;

export const QuestionnaireDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    startTime: AbpDateTime.nullable(),
    endTime: AbpDateTime.nullable(),
    isAnonymous: z.boolean(),
    audience: QuestionnaireAudience,
    questionCount: z.number().int().min(0),
    /** Responses collected so far. */
    responseCount: z.number().int().min(0),
    /** The questions in order: on Get, Create, Update and review answers; lists omit them. */
    questions: z.array(QuestionnaireQuestionDto).optional(),
  })
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type QuestionnaireDto = z.infer<typeof QuestionnaireDto>;
export const QuestionnaireListDto = listDto(QuestionnaireDto, { questions: true });
export type QuestionnaireListDto = z.infer<typeof QuestionnaireListDto>;

/**
 * GetAllOfBack (the console's list): `AuditStatus`, `Keyword` (title,
 * description), and `DateFrom`/`DateTo` (calendar days in UTC+8, inclusive):
 * questionnaires whose answering window overlaps those days (an open start or
 * end counts as unbounded).
 */
export const GetAllQuestionnaireInput = PagedQuery.extend({
  AuditStatus: ReviewDto.shape.auditStatus.optional(),
  DateFrom: AbpDateInput.optional(),
  DateTo: AbpDateInput.optional(),
});
export type GetAllQuestionnaireInput = z.input<typeof GetAllQuestionnaireInput>;

/**
 * One answer of a response: `optionIds` for choice questions (one for single
 * choice; min..max for multiple), `text` for text questions. Questions left out
 * are unanswered (refused when required).
 */
export const QuestionnaireAnswerInput = z.object({
  questionId: z.number().int().min(1),
  optionIds: z.array(z.number().int().min(1)).max(MAX_QUESTIONNAIRE_OPTIONS).nullish(),
  text: z.string().trim().max(MAX_QUESTIONNAIRE_TEXT).nullish(),
});

/**
 * Submit (extension, the member side): one response per member (or per
 * `respondentKey` for visitors of a public questionnaire), only while the
 * questionnaire is approved and within its window. Visitors (not signed in)
 * may submit at most 20 responses per client address and questionnaire in
 * any 10 minutes; past that the answer is a 429 in ABP's error envelope whose
 * message says when to retry, with `Retry-After` (seconds).
 */
export const SubmitQuestionnaireInput = z.object({
  questionnaireId: z.number().int().min(1),
  /** A visitor's device key (8..64 characters), required only when not signed in. */
  respondentKey: z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/)
    .nullish(),
  answers: z.array(QuestionnaireAnswerInput).max(MAX_QUESTIONNAIRE_QUESTIONS),
});
export type SubmitQuestionnaireInput = z.input<typeof SubmitQuestionnaireInput>;
export const QuestionnaireResponseDto = z.object({
  id: z.number().int(),
  questionnaireId: z.number().int(),
  userId: z.number().int().nullable(),
  creationTime: AbpDateTime,
});

/**
 * The result summary per question (GetResult, extension). `answered`: how many
 * responses answered the question; an option's `percent` is its count over
 * `answered` (0..100, one decimal; multiple choice sums above 100).
 * Text questions give `textCount`; the texts come paged from GetTextAnswers.
 */
export const QuestionnaireOptionResult = z.object({
  optionId: z.number().int(),
  content: z.string(),
  count: z.number().int().min(0),
  percent: z.number().min(0).max(100),
});
export const QuestionnaireQuestionResult = z.object({
  questionId: z.number().int(),
  title: z.string(),
  questionType: QuestionnaireQuestionType,
  isRequired: z.boolean(),
  answered: z.number().int().min(0),
  options: z.array(QuestionnaireOptionResult),
  textCount: z.number().int().min(0),
});
export type QuestionnaireQuestionResult = z.infer<typeof QuestionnaireQuestionResult>;
export const QuestionnaireResultDto = z.object({
  questionnaireId: z.number().int(),
  title: z.string(),
  isAnonymous: z.boolean(),
  responseCount: z.number().int().min(0),
  /** Responses by signed-in users (the rest are visitors of a public questionnaire). */
  memberResponseCount: z.number().int().min(0),
  firstResponseTime: AbpDateTime.nullable(),
  lastResponseTime: AbpDateTime.nullable(),
  questions: z.array(QuestionnaireQuestionResult),
});
export type QuestionnaireResultDto = z.infer<typeof QuestionnaireResultDto>;

/** Text answers of one question, newest first; `Keyword` searches the text. */
export const GetQuestionnaireTextAnswersInput = PagedQuery.extend({ QuestionnaireId: z.number().int().min(1), QuestionId: z.number().int().min(1) });
export type GetQuestionnaireTextAnswersInput = z.input<typeof GetQuestionnaireTextAnswersInput>;
/**
 * `respondentName` is null on anonymous questionnaires and for visitors;
 * `isVisitor`: submitted without signing in (a visitor of a public
 * questionnaire, known only by its device key), shown on anonymous
 * questionnaires too (it names nobody).
 */
export const QuestionnaireTextAnswerDto = z.object({
  responseId: z.number().int(),
  text: z.string(),
  respondentName: z.string().nullable(),
  isVisitor: z.boolean(),
  creationTime: AbpDateTime,
});
export type QuestionnaireTextAnswerDto = z.infer<typeof QuestionnaireTextAnswerDto>;

/**
 * The member side's read of a published questionnaire (GetForAnswer,
 * extension, anonymous like Submit): what an answering page shows, with the
 * question and option ids Submit takes. Only approved questionnaires of the
 * caller's tenant (others are a 404). `isOpen`: now within the window;
 * `answered`: the signed-in caller, or the visitor's `RespondentKey`, has
 * already answered.
 */
export const GetQuestionnaireForAnswerInput = IdQuery.extend({ RespondentKey: z.string().trim().max(64).optional() });
export const QuestionnaireForAnswerDto = QuestionnaireDto.pick({
  id: true,
  title: true,
  description: true,
  startTime: true,
  endTime: true,
  isAnonymous: true,
  audience: true,
}).extend({ questions: z.array(QuestionnaireQuestionDto), isOpen: z.boolean(), answered: z.boolean() });
export type QuestionnaireForAnswerDto = z.infer<typeof QuestionnaireForAnswerDto>;

/** The questionnaires' permission (the permission tree collects them from this service). */
export const QuestionnairePermissions = declarePermissions({
  Others: {
    Questionnaire: permission('问卷调查', 'Questionnaires', { reviews: true, order: 5 }),
  },
});
const P = QuestionnairePermissions;

export const QuestionnaireService = reviewable(
  withPermissions(
    defineService(
      'Questionnaire',
      {
        GetAllOfBack: { input: GetAllQuestionnaireInput, output: paged(QuestionnaireListDto) },
        Get: { input: IdQuery, output: QuestionnaireDto },
        Create: {
          input: createQuestionnaireInput,
          output: QuestionnaireDto,
          summary: 'Create a questionnaire (pending review) with its questions and options; the caller is its author.',
        },
        Update: { input: UpdateQuestionnaireInput, output: QuestionnaireDto },
        Delete: { input: IdQuery, output: z.null() },
        auditedQuestionnaire: { input: AuditInput, output: QuestionnaireDto },
        /** The reviewers' queue (the review registry's moderated list). */
        GetAllModerated: { input: GetAllQuestionnaireInput, output: paged(QuestionnaireListDto), extension: true },
        GetResult: {
          input: IdQuery,
          output: QuestionnaireResultDto,
          extension: true,
          summary: 'Answers collected so far: per question, counts and percentages per option.',
        },
        GetTextAnswers: { input: GetQuestionnaireTextAnswersInput, output: paged(QuestionnaireTextAnswerDto), extension: true },
        GetForAnswer: {
          input: GetQuestionnaireForAnswerInput,
          output: QuestionnaireForAnswerDto,
          access: 'anonymous',
          extension: true,
          summary: 'The member side: a published questionnaire with its questions, whether it is open and whether the caller has answered.',
        },
        Submit: {
          input: SubmitQuestionnaireInput,
          output: QuestionnaireResponseDto,
          access: 'anonymous',
          extension: true,
          summary: 'The member side: answer a published questionnaire once (visitors only on public ones).',
        },
      },
      { access: P.OthersQuestionnaire },
    ),
    QuestionnairePermissions,
  ),
  {
    /** Questionnaires: one step by `Pages.Others.Questionnaire` (spec: auditedQuestionnaire); approval publishes (answers accepted). */
    questionnaire: {
      reviewEndpoint: 'auditedQuestionnaire',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditQuestionnaireFlow', P.OthersQuestionnaire),
      classTypeId: null,
      displayName: { 'zh-Hans': '问卷', en: 'questionnaire' },
      countText: { 'zh-Hans': '{0} 份问卷', en: '{0} questionnaire(s)' },
      title: { 'zh-Hans': '问卷调查', en: 'Questionnaires' },
    },
  },
);
