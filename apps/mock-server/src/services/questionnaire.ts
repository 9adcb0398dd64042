import {
  MAX_QUESTIONNAIRE_OPTIONS,
  QuestionnaireDto,
  QuestionnaireListDto,
  QuestionnaireOptionDto,
  QuestionnaireQuestionType,
  QuestionnaireService,
  QuestionnaireAudience,
  chinaDayRange,
  createQuestionnaireInput,
  reviewables,
  type GetAllQuestionnaireInput,
  type GetQuestionnaireForAnswerInput,
  type GetQuestionnaireTextAnswersInput,
  type SubmitQuestionnaireInput,
  type UpdateQuestionnaireInput,
  type ValidationErrorInfo,
} from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { z } from 'zod';
import { childCollection, type ChildTable } from '../kit/children.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { contentHandlers, reviewFields, type ContentTableOf } from '../kit/content.ts';
import { getOr404, type RowOf, type WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { AbpValidationError, EntityNotFoundError, UnauthorizedError, UserFriendlyError, invalid } from '../kit/errors.ts';
import { fullNameOf } from '../kit/names.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';

/**
 * Questionnaires (问卷调查): the questionnaire on the content kit (review,
 * lists, sensitive words), its questions and their options as child
 * collections written in the same transaction, and the responses collected
 * (Submit, GetResult, GetTextAnswers). Decisions: docs/decisions.md,
 * "Community: questionnaires (issue 11)".
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

const SINGLE = QuestionnaireQuestionType.values.SingleChoice;
const MULTIPLE = QuestionnaireQuestionType.values.MultipleChoice;
const TEXT = QuestionnaireQuestionType.values.Text;
const isChoice = (type: number) => type === SINGLE || type === MULTIPLE;

const questionnaireDto = dtoMapper(QuestionnaireDto);
const optionDto = dtoMapper(QuestionnaireOptionDto);
const ENTITY = 'Questionnaire';

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
async function readQuestions(ctx: RequestContext, questionnaireIds: number[]) {
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
async function assertStructureKept(input: z.output<typeof UpdateQuestionnaireInput>, ctx: RequestContext) {
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

const handlers = contentHandlers({
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
const visible = (ctx: RequestContext, id: number) => getOr404({ entityName: ENTITY, model: (c: RequestContext) => c.db.questionnaire }, id, ctx);

// ---------------------------------------------------------------------------
// Results

const percent = (count: number, of: number) => (of ? Math.round((count / of) * 1000) / 10 : 0);

async function result(input: { Id: number }, ctx: RequestContext) {
  const q = await visible(ctx, input.Id);
  const questions = (await readQuestions(ctx, [q.id])).get(q.id) ?? [];
  // Tenant and existence are checked above; the answers are read by the questionnaire's key.
  const [byOption, answered, texts, responses, members, times] = await Promise.all([
    ctx.db.questionnaireAnswer.groupBy({
      by: ['questionId', 'optionId'],
      where: { questionnaireId: q.id, optionId: { not: null } },
      _count: { _all: true },
    }),
    ctx.prisma.$queryRaw<Array<{ questionId: number; n: bigint | number }>>(
      Prisma.sql`SELECT "questionId", COUNT(DISTINCT "responseId") AS n FROM "QuestionnaireAnswer" WHERE "questionnaireId" = ${q.id} GROUP BY "questionId"`,
    ),
    ctx.db.questionnaireAnswer.groupBy({ by: ['questionId'], where: { questionnaireId: q.id, text: { not: null } }, _count: { _all: true } }),
    ctx.db.questionnaireResponse.count({ where: { questionnaireId: q.id } }),
    ctx.db.questionnaireResponse.count({ where: { questionnaireId: q.id, userId: { not: null } } }),
    ctx.db.questionnaireResponse.aggregate({ where: { questionnaireId: q.id }, _min: { creationTime: true }, _max: { creationTime: true } }),
  ]);
  const optionCount = new Map(byOption.map((g) => [`${g.questionId}:${g.optionId}`, g._count._all]));
  const answeredBy = new Map(answered.map((a) => [Number(a.questionId), Number(a.n)]));
  const textCount = new Map(texts.map((g) => [g.questionId, g._count._all]));
  return {
    questionnaireId: q.id,
    title: q.title,
    isAnonymous: q.isAnonymous,
    responseCount: responses,
    memberResponseCount: members,
    firstResponseTime: iso(times._min.creationTime),
    lastResponseTime: iso(times._max.creationTime),
    questions: questions.map((question) => {
      const n = answeredBy.get(question.id) ?? 0;
      return {
        questionId: question.id,
        title: question.title,
        questionType: question.questionType,
        isRequired: question.isRequired,
        answered: n,
        options: question.options.map((o) => {
          const count = optionCount.get(`${question.id}:${o.id}`) ?? 0;
          return { optionId: o.id, content: o.content, count, percent: percent(count, n) };
        }),
        textCount: textCount.get(question.id) ?? 0,
      };
    }),
  };
}

async function textAnswers(input: z.output<typeof GetQuestionnaireTextAnswersInput>, ctx: RequestContext) {
  const q = await visible(ctx, input.QuestionnaireId);
  const question = await ctx.db.questionnaireQuestion.findFirst({ where: { id: input.QuestionId, questionnaireId: q.id } });
  if (!question || question.questionType !== TEXT) invalid('questionId', ctx.t('QuestionnaireNotTextQuestion', input.QuestionId));
  const keyword = input.Keyword?.trim();
  const where = { questionnaireId: q.id, questionId: question.id, text: keyword ? { contains: keyword } : { not: null } };
  const [totalCount, rows] = await Promise.all([
    ctx.db.questionnaireAnswer.count({ where }),
    ctx.db.questionnaireAnswer.findMany({ where, orderBy: { id: 'desc' }, skip: input.SkipCount, take: input.MaxResultCount }),
  ]);
  const responses = rows.length ? await ctx.db.questionnaireResponse.findMany({ where: { id: { in: rows.map((r) => r.responseId) } } }) : [];
  const userIds = q.isAnonymous ? [] : [...new Set(responses.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const users = userIds.length
    ? await ctx.prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, surname: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, fullNameOf(u)]));
  const responseOf = new Map(responses.map((r) => [r.id, r]));
  return {
    totalCount,
    items: rows.map((a) => {
      const response = responseOf.get(a.responseId);
      const userId = q.isAnonymous ? null : (response?.userId ?? null);
      return {
        responseId: a.responseId,
        text: a.text ?? '',
        respondentName: userId === null ? null : (names.get(userId) ?? null),
        creationTime: iso(response?.creationTime ?? new Date(0)),
      };
    }),
  };
}

// ---------------------------------------------------------------------------
// Submit (the member side)

/** Answer rows of a valid submission, or every problem with its path (`answers[1].optionIds[0]`). */
async function checkAnswers(
  input: z.output<typeof SubmitQuestionnaireInput>,
  questions: NonNullable<QuestionnaireDto['questions']>,
  ctx: RequestContext,
  tenantId: number,
) {
  const errors: ValidationErrorInfo[] = [];
  const add = (member: string, message: string) => errors.push({ message, members: [member] });
  const rows: Array<{ questionId: number; optionId: number | null; text: string | null }> = [];
  const byId = new Map(questions.map((q, i) => [q.id, { q, number: i + 1 }]));
  const answered = new Set<number>();
  for (const [i, a] of input.answers.entries()) {
    const at = `answers[${i}]`;
    const found = byId.get(a.questionId);
    if (!found) {
      add(`${at}.questionId`, ctx.t('QuestionnaireUnknownQuestion', a.questionId));
      continue;
    }
    if (answered.has(a.questionId)) {
      add(`${at}.questionId`, ctx.t('QuestionnaireQuestionRepeated', found.number));
      continue;
    }
    const { q } = found;
    const chosen = a.optionIds ?? [];
    const text = a.text?.trim() ?? '';
    if (q.questionType === TEXT) {
      if (chosen.length) add(`${at}.optionIds`, ctx.t('QuestionnaireTextExpected'));
      if (!text) continue;
      const word = await ctx.app.dictionaryCache.findSensitiveWord(tenantId, text);
      if (word) add(`${at}.text`, ctx.t('ContainsSensitiveWord', word));
      answered.add(q.id);
      rows.push({ questionId: q.id, optionId: null, text });
      continue;
    }
    if (text) add(`${at}.text`, ctx.t('QuestionnaireOptionsExpected'));
    if (!chosen.length) continue;
    const optionIds = new Set(q.options.map((o) => o.id));
    const picked = new Set<number>();
    for (const [j, id] of chosen.entries()) {
      if (!optionIds.has(id)) add(`${at}.optionIds[${j}]`, ctx.t('QuestionnaireUnknownOption', id));
      else if (picked.has(id)) add(`${at}.optionIds[${j}]`, ctx.t('QuestionnaireOptionChosenTwice', id));
      picked.add(id);
    }
    if (q.questionType === SINGLE && chosen.length !== 1) add(`${at}.optionIds`, ctx.t('QuestionnaireOneOption'));
    if (q.questionType === MULTIPLE) {
      const min = q.minSelections ?? 1;
      const max = q.maxSelections ?? q.options.length;
      if (chosen.length < min || chosen.length > max) add(`${at}.optionIds`, ctx.t('QuestionnaireSelectionCount', min, max));
    }
    answered.add(q.id);
    for (const id of picked) rows.push({ questionId: q.id, optionId: id, text: null });
  }
  for (const { q, number } of byId.values()) if (q.isRequired && !answered.has(q.id)) add('answers', ctx.t('QuestionnaireRequired', number));
  if (errors.length) throw new AbpValidationError(errors);
  return rows;
}

/** China time for messages (the console's zone, docs/decisions.md "Time"). */
const chinaTime = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The member side's read: approved questionnaires of the caller's tenant only. */
async function forAnswer(input: z.output<typeof GetQuestionnaireForAnswerInput>, ctx: RequestContext) {
  tenantOf(ctx);
  const q = await ctx.db.questionnaire.findFirst({ where: { id: input.Id, auditStatus: 1 } });
  if (!q) throw new EntityNotFoundError(ENTITY, input.Id);
  const user = await ctx.user();
  const key = input.RespondentKey?.trim();
  const who = user ? { userId: user.id } : key ? { respondentKey: key } : null;
  const [questions, answered] = await Promise.all([
    readQuestions(ctx, [q.id]),
    who ? ctx.db.questionnaireResponse.count({ where: { questionnaireId: q.id, ...who } }) : 0,
  ]);
  const now = new Date();
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    startTime: iso(q.startTime),
    endTime: iso(q.endTime),
    isAnonymous: q.isAnonymous,
    audience: QuestionnaireAudience.parse(q.audience),
    questions: questions.get(q.id) ?? [],
    isOpen: (!q.startTime || q.startTime <= now) && (!q.endTime || now <= q.endTime),
    answered: answered > 0,
  };
}

async function submit(input: z.output<typeof SubmitQuestionnaireInput>, ctx: RequestContext) {
  const tenantId = tenantOf(ctx);
  const q = await ctx.db.questionnaire.findFirst({ where: { id: input.questionnaireId } });
  if (!q) throw new EntityNotFoundError(ENTITY, input.questionnaireId);
  if (q.auditStatus !== 1) throw new UserFriendlyError(ctx.t('QuestionnaireNotPublished'));
  const now = new Date();
  if (q.startTime && now < q.startTime) throw new UserFriendlyError(ctx.t('QuestionnaireNotStarted', chinaTime(q.startTime)));
  if (q.endTime && now > q.endTime) throw new UserFriendlyError(ctx.t('QuestionnaireEnded', chinaTime(q.endTime)));
  const user = await ctx.user();
  if (!user && q.audience !== QuestionnaireAudience.values.Public) throw new UnauthorizedError();
  const respondentKey = user ? null : (input.respondentKey ?? null);
  if (!user && !respondentKey) invalid('respondentKey', ctx.t('QuestionnaireRespondentKeyRequired'));
  const questions = (await readQuestions(ctx, [q.id])).get(q.id) ?? [];
  const answers = await checkAnswers(input, questions, ctx, tenantId);
  const who = user ? { userId: user.id } : { respondentKey };
  try {
    const response = await ctx.transaction(async (tx) => {
      if (await tx.db.questionnaireResponse.findFirst({ where: { questionnaireId: q.id, ...who } }))
        throw new UserFriendlyError(ctx.t('QuestionnaireAlreadyAnswered'));
      const created = await tx.db.questionnaireResponse.create({
        data: { tenantId: q.tenantId, questionnaireId: q.id, userId: user?.id ?? null, respondentKey },
      });
      await tx.db.questionnaireAnswer.createMany({
        data: answers.map((a) => ({ ...a, tenantId: q.tenantId, questionnaireId: q.id, responseId: created.id })),
      });
      return created;
    });
    return { id: response.id, questionnaireId: q.id, userId: response.userId, creationTime: iso(response.creationTime) };
  } catch (err) {
    // Two submissions at once: the unique key keeps one.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')
      throw new UserFriendlyError(ctx.t('QuestionnaireAlreadyAnswered'));
    throw err;
  }
}

export const questionnaire = implement(QuestionnaireService, {
  GetAllOfBack: handlers.GetAll,
  GetAllModerated: handlers.GetAllModerated,
  Get: handlers.Get,
  Create: handlers.Create,
  Update: async (input, ctx) => {
    await assertStructureKept(input, ctx);
    return handlers.Update(input, ctx);
  },
  Delete: handlers.Delete,
  auditedQuestionnaire: handlers.review,
  GetResult: result,
  GetTextAnswers: textAnswers,
  GetForAnswer: forAnswer,
  Submit: submit,
});
