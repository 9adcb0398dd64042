import {
  type QuestionnaireDto,
  QuestionnaireAudience,
  type GetQuestionnaireForAnswerInput,
  type SubmitQuestionnaireInput,
  type ValidationErrorInfo,
} from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { z } from 'zod';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { AbpValidationError, EntityNotFoundError, TooManyRequestsError, UnauthorizedError, UserFriendlyError, invalid } from '../kit/errors.ts';
import { iso } from '../kit/paging.ts';
import { SlidingWindow } from '../kit/throttle.ts';
import { ENTITY, MULTIPLE, readQuestions, SINGLE, TEXT } from './definition.ts';

/** The member side: the questionnaire to answer (`GetForAnswer`) and the submission (`Submit`). */

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

/**
 * Visitors' submissions (not signed in, public questionnaires) per client
 * address and questionnaire: at most 20 in any 10 minutes. A device key is
 * whatever the client says, so it cannot stop one machine from voting 200
 * times; the address can. 20 leaves room for a classroom or an office behind
 * one NAT address answering together; signed-in members are never throttled
 * (each answers once, by the unique key).
 */
export const VISITOR_SUBMISSIONS = { limit: 20, windowMinutes: 10 } as const;
const visitorWindows = new WeakMap<object, SlidingWindow>();

function throttleVisitor(ctx: RequestContext, questionnaireId: number) {
  let window = visitorWindows.get(ctx.app);
  if (!window) visitorWindows.set(ctx.app, (window = new SlidingWindow(VISITOR_SUBMISSIONS.limit, VISITOR_SUBMISSIONS.windowMinutes * 60_000)));
  const wait = window.take(`${questionnaireId}|${ctx.request.ip}`);
  if (wait > 0)
    throw new TooManyRequestsError(ctx.t('QuestionnaireVisitorThrottled', VISITOR_SUBMISSIONS.limit, VISITOR_SUBMISSIONS.windowMinutes, wait), wait);
}

/** China time for messages (the console's zone, docs/architecture/domain-rules.md, "Time"). */
const chinaTime = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The member side's read: approved questionnaires of the caller's tenant only. */
export async function forAnswer(input: z.output<typeof GetQuestionnaireForAnswerInput>, ctx: RequestContext) {
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

export async function submit(input: z.output<typeof SubmitQuestionnaireInput>, ctx: RequestContext) {
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
  if (!user) throttleVisitor(ctx, q.id);
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
