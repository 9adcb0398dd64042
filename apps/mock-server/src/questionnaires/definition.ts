import {
  MAX_QUESTIONNAIRE_OPTIONS,
  QuestionnaireDto,
  QuestionnaireListDto,
  QuestionnaireOptionDto,
  QuestionnaireQuestionType,
  QuestionnaireAudience,
  chinaDayRange,
  createQuestionnaireInput,
  reviewables,
  type GetAllQuestionnaireInput,
  type UpdateQuestionnaireInput,
  type ValidationErrorInfo,
} from '@edu/sdk';
import type { z } from 'zod';
import { childCollection, type ChildTable } from '../kit/children.ts';
import { type RequestContext } from '../kit/context.ts';
import { contentHandlers, reviewFields, type ContentTableOf } from '../kit/content.ts';
import { getOr404, type RowOf, type WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { AbpValidationError, UserFriendlyError, invalid } from '../kit/errors.ts';

/**
 * Questionnaires (问卷调查): the questionnaire on the content kit (review,
 * lists, sensitive words), its questions and their options as child
 * collections written in the same transaction. The results and the
 * answering side are questionnaires/results.ts and questionnaires/answering.ts. Rules: docs/architecture/domain-rules.md,
 * "Community".
 */

type In = z.output<typeof createQuestionnaireInput>;
type QuestionIn = In['questions'][number];
type OptionIn = QuestionIn['options'][number];
type Columns = {
  title: string;
  description: string | null;
  startTime: Date | null;
  endTime: Date | null;
  isAnonymous: boolean;
  audience: number;
};
type QuestionColumns = {
  title: string;
  questionType: number;
  isRequired: boolean;
  minSelections: number | null;
  maxSelections: number | null;
  sort: number;
};
type OptionColumns = { content: string; sort: number };

export const SINGLE = QuestionnaireQuestionType.values.SingleChoice;
export const MULTIPLE = QuestionnaireQuestionType.values.MultipleChoice;
export const TEXT = QuestionnaireQuestionType.values.Text;
const isChoice = (type: number) => type === SINGLE || type === MULTIPLE;

const questionnaireDto = dtoMapper(QuestionnaireDto);
const optionDto = dtoMapper(QuestionnaireOptionDto);
export const ENTITY = 'Questionnaire';

/** The questions of a questionnaire (hard-deleted when left out: only possible before any answer, see `assertStructureKept`). */
const questionnaireQuestions = childCollection({
  field: 'questions',
  model: (
    ctx,
  ): ChildTable<
    RowOf<'QuestionnaireQuestion'>,
    WhereOf<'QuestionnaireQuestion'>,
    QuestionColumns,
    QuestionColumns & { questionnaireId: number; tenantId: number }
  > => ctx.db.questionnaireQuestion,
  ofParents: (ids) => ({ questionnaireId: { in: ids } }),
  parentOf: (q) => q.questionnaireId,
  orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  toData: (q: QuestionIn, sort) => {
    const multiple = q.questionType === MULTIPLE;
    return {
      title: q.title,
      questionType: q.questionType,
      isRequired: q.isRequired,
      minSelections: multiple ? (q.minSelections ?? null) : null,
      maxSelections: multiple ? (q.maxSelections ?? null) : null,
      sort,
    };
  },
  toNew: (data, p: { id: number; tenantId: number }) => ({ ...data, questionnaireId: p.id, tenantId: p.tenantId }),
  toDto: (q) => q,
});

/** The options of the question at `index` of the submitted list (errors on `questions[i].options[j].id`). */
const optionsAt = (index: number) =>
  childCollection({
    field: `questions[${index}].options`,
    model: (
      ctx,
    ): ChildTable<
      RowOf<'QuestionnaireOption'>,
      WhereOf<'QuestionnaireOption'>,
      OptionColumns,
      OptionColumns & { questionId: number; tenantId: number }
    > => ctx.db.questionnaireOption,
    ofParents: (ids) => ({ questionId: { in: ids } }),
    parentOf: (o) => o.questionId,
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    toData: (o: OptionIn, sort) => ({ content: o.content, sort }),
    toNew: (data, q: { id: number; tenantId: number }) => ({ ...data, questionId: q.id, tenantId: q.tenantId }),
    toDto: (o) => optionDto(o),
  });
const options = optionsAt(0);

/** Questions then each question's options, in the parent's transaction. */
async function writeQuestions(parent: { id: number; tenantId: number }, questions: readonly QuestionIn[], tx: RequestContext) {
  await questionnaireQuestions.sync(tx, parent, questions);
  const stored = await tx.db.questionnaireQuestion.findMany({
    where: { questionnaireId: parent.id },
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  for (const [i, q] of questions.entries()) {
    const row = stored[i];
    if (row) await optionsAt(i).sync(tx, { id: row.id, tenantId: parent.tenantId }, isChoice(q.questionType) ? q.options : []);
  }
}

/** The questions of questionnaires with their options, in order. */
export async function readQuestions(ctx: RequestContext, questionnaireIds: number[]) {
  const byParent = await questionnaireQuestions.read(ctx, questionnaireIds);
  const all = [...byParent.values()].flat();
  const opts = await options.read(
    ctx,
    all.map((q) => q.id),
  );
  const out = new Map<number, QuestionnaireDto['questions'] & object>();
  for (const [id, qs] of byParent) {
    out.set(
      id,
      qs.map((q) => ({
        id: q.id,
        sort: q.sort,
        title: q.title,
        questionType: QuestionnaireQuestionType.parse(q.questionType),
        isRequired: q.isRequired,
        minSelections: q.minSelections,
        maxSelections: q.maxSelections,
        options: opts.get(q.id) ?? [],
      })),
    );
  }
  return out;
}

/** Counts per questionnaire of a page: questions and responses (one grouped query each). */
async function countsOf(ctx: RequestContext, ids: number[]) {
  if (!ids.length) return { questions: new Map<number, number>(), responses: new Map<number, number>() };
  const [questions, responses] = await Promise.all([
    ctx.db.questionnaireQuestion.groupBy({ by: ['questionnaireId'], where: { questionnaireId: { in: ids } }, _count: { _all: true } }),
    ctx.db.questionnaireResponse.groupBy({ by: ['questionnaireId'], where: { questionnaireId: { in: ids } }, _count: { _all: true } }),
  ]);
  return {
    questions: new Map(questions.map((g) => [g.questionnaireId, g._count._all])),
    responses: new Map(responses.map((g) => [g.questionnaireId, g._count._all])),
  };
}

/** The rules zod cannot state (they depend on the type), all reported at once with full paths; sensitive words in question and option texts. */
async function validateQuestions(input: In, ctx: RequestContext) {
  const errors: ValidationErrorInfo[] = [];
  const add = (member: string, message: string) => errors.push({ message, members: [member] });
  if (input.startTime && input.endTime && Date.parse(input.endTime) <= Date.parse(input.startTime))
    add('endTime', ctx.t('QuestionnaireEndBeforeStart'));
  const tenantId = ctx.session.tenantId;
  const sensitive = async (member: string, text: string) => {
    const word = tenantId === null ? null : await ctx.app.dictionaryCache.findSensitiveWord(tenantId, text);
    if (word) add(member, ctx.t('ContainsSensitiveWord', word));
  };
  for (const [i, q] of input.questions.entries()) {
    const at = `questions[${i}]`;
    await sensitive(`${at}.title`, q.title);
    if (q.questionType !== MULTIPLE) {
      if (q.minSelections != null) add(`${at}.minSelections`, ctx.t('QuestionnaireLimitsOnlyMultiple'));
      if (q.maxSelections != null) add(`${at}.maxSelections`, ctx.t('QuestionnaireLimitsOnlyMultiple'));
    }
    if (!isChoice(q.questionType)) {
      if (q.options.length) add(`${at}.options`, ctx.t('QuestionnaireTextHasNoOptions'));
      continue;
    }
    if (q.options.length < 2) add(`${at}.options`, ctx.t('QuestionnaireChoiceNeedsOptions', MAX_QUESTIONNAIRE_OPTIONS));
    const seen = new Map<string, number>();
    for (const [j, o] of q.options.entries()) {
      const key = o.content.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
      const earlier = seen.get(key);
      if (earlier !== undefined) add(`${at}.options[${j}].content`, ctx.t('QuestionnaireOptionRepeated', earlier + 1));
      else seen.set(key, j);
      await sensitive(`${at}.options[${j}].content`, o.content);
    }
    if (q.questionType === MULTIPLE) {
      const min = q.minSelections ?? 1;
      const max = q.maxSelections ?? q.options.length;
      if (min > max) add(`${at}.minSelections`, ctx.t('QuestionnaireMinAboveMax'));
      if (q.maxSelections != null && q.options.length >= 2 && q.maxSelections > q.options.length)
        add(`${at}.maxSelections`, ctx.t('QuestionnaireMaxAboveOptions', q.options.length));
    }
  }
  if (errors.length) throw new AbpValidationError(errors);
}

/**
 * Once a questionnaire has responses its structure is fixed: every stored
 * question and option must still be there (ids given), nothing new added and
 * no question changing type. Texts, order, required flags and limits may change.
 */
export async function assertStructureKept(input: z.output<typeof UpdateQuestionnaireInput>, ctx: RequestContext) {
  const responses = await ctx.db.questionnaireResponse.count({ where: { questionnaireId: input.id } });
  if (!responses) return;
  const stored = (await readQuestions(ctx, [input.id])).get(input.id) ?? [];
  const byId = new Map(stored.map((q) => [q.id, q]));
  const sameIds = (a: readonly { id?: number | undefined }[], b: readonly { id: number }[]) =>
    a.length === b.length && a.every((x) => x.id !== undefined && b.some((y) => y.id === x.id));
  const kept =
    sameIds(input.questions, stored) &&
    input.questions.every((q) => {
      const old = q.id === undefined ? undefined : byId.get(q.id);
      return old !== undefined && old.questionType === q.questionType && sameIds(isChoice(q.questionType) ? q.options : [], old.options);
    });
  if (!kept) throw new UserFriendlyError(ctx.t('QuestionnaireStructureLocked', responses));
}

export const questionnaireContent = contentHandlers({
  reviewable: reviewables.questionnaire,
  input: createQuestionnaireInput,
  model: (ctx: RequestContext): ContentTableOf<'Questionnaire', Columns> => ctx.db.questionnaire,
  listDto: QuestionnaireListDto,
  categoryOptional: true,
  richFields: [],
  textFields: ['title', 'description'],
  keywordColumns: ['title', 'description'],
  sortable: { id: 'id', title: 'title', creationTime: 'creationTime', startTime: 'startTime', endTime: 'endTime', auditStatus: 'auditStatus' },
  /** Questionnaires whose answering window overlaps the UTC+8 days asked for (open ends unbounded). */
  filter: (q: z.output<typeof GetAllQuestionnaireInput>, ctx) => {
    if (q.DateFrom && q.DateTo && q.DateTo < q.DateFrom) invalid('dateTo', ctx.t('QuestionnaireEndBeforeStart'));
    const range = chinaDayRange(q.DateFrom, q.DateTo);
    const and = [
      ...(range.lt ? [{ OR: [{ startTime: null }, { startTime: { lt: range.lt } }] }] : []),
      ...(range.gte ? [{ OR: [{ endTime: null }, { endTime: { gte: range.gte } }] }] : []),
    ];
    return and.length ? { AND: and } : undefined;
  },
  validate: validateQuestions,
  toData: (input) => ({
    title: input.title,
    description: input.description ?? null,
    startTime: input.startTime ? new Date(input.startTime) : null,
    endTime: input.endTime ? new Date(input.endTime) : null,
    isAnonymous: input.isAnonymous,
    audience: input.audience,
  }),
  afterWrite: (row, input, tx) => writeQuestions(row, input.questions, tx),
  toDtos: async (rows, l, ctx, detail) => {
    const ids = rows.map((r) => r.id);
    const [counts, questions] = await Promise.all([countsOf(ctx, ids), detail ? readQuestions(ctx, ids) : undefined]);
    return rows.map((r) =>
      questionnaireDto(r, {
        audience: QuestionnaireAudience.parse(r.audience),
        questionCount: counts.questions.get(r.id) ?? 0,
        responseCount: counts.responses.get(r.id) ?? 0,
        questions: questions?.get(r.id),
        ...reviewFields(r, l),
      }),
    );
  },
});

/** The questionnaire as the filtered client sees it (tenant, soft delete), or a 404. */
export const visible = (ctx: RequestContext, id: number) =>
  getOr404({ entityName: ENTITY, model: (c: RequestContext) => c.db.questionnaire }, id, ctx);
