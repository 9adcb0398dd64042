import { type GetQuestionnaireTextAnswersInput } from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { z } from 'zod';
import { type RequestContext } from '../kit/context.ts';
import { invalid } from '../kit/errors.ts';
import { fullNameOf } from '../kit/names.ts';
import { iso } from '../kit/paging.ts';
import { readQuestions, TEXT, visible } from './definition.ts';

/** What the responses say: the figures per question and option (`GetResult`) and the text answers (`GetTextAnswers`). */

const percent = (count: number, of: number) => (of ? Math.round((count / of) * 1000) / 10 : 0);

export async function result(input: { Id: number }, ctx: RequestContext) {
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

export async function textAnswers(input: z.output<typeof GetQuestionnaireTextAnswersInput>, ctx: RequestContext) {
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
        isVisitor: response !== undefined && response.userId === null,
        creationTime: iso(response?.creationTime ?? new Date(0)),
      };
    }),
  };
}
