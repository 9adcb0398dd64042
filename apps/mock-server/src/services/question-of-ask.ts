import {
  chinaDayRange,
  CreateQuestionOfAskInput,
  QuestionOfAskDto,
  QuestionOfAskListDto,
  QuestionOfAskReplyDto,
  QuestionOfAskService,
  reviewables,
  UserIdentity,
  type GetAllQuestionOfAskInput,
} from '@edu/sdk';
import type { z } from 'zod';
import { contentHandlers, distinctIds, reviewFields, type ContentTableOf } from '../kit/content.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { getOr404, pagedList, type Cond, type ModelCrud, type RowOf, type WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { fullNameOf } from '../kit/names.ts';
import { implement } from '../kit/register-service.ts';
import { awaitingDecisionBy, decide, reviewBinding, reviewDtoFields, type ReviewState } from '../kit/review.ts';
import { iso } from '../kit/paging.ts';

/**
 * Online Q&A (在线问答): questions on the content kit (review, category,
 * sensitive words, scoped lists), replies as a thread reviewed on their own
 * (registry entry `questionOfAskReply`). Decisions: SDK
 * services/question-of-ask.ts and docs/architecture/domain-rules.md ("Community").
 */

type In = z.output<typeof CreateQuestionOfAskInput>;
type Columns = { title: string; content: string; categoryId: number | null };
type Query = z.output<typeof GetAllQuestionOfAskInput>;
type ReplyRow = RowOf<'QuestionOfAskReply'>;
type QuestionWhere = WhereOf<'QuestionOfAsk'>;

const questionDto = dtoMapper(QuestionOfAskDto);
const replyDto = dtoMapper(QuestionOfAskReplyDto);
const EXCERPT = 60;

/** The plain-text excerpt a reply is listed and notified by. */
export const excerptOf = (content: string) => {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

const replies = (ctx: RequestContext) => ctx.db.questionOfAskReply;

/** Live replies per question and review state, for a page of questions in one grouped query. */
async function replyCounts(ctx: RequestContext, questionIds: number[]) {
  const counts = new Map<number, [number, number, number]>();
  if (!questionIds.length) return counts;
  const groups = await replies(ctx).groupBy({
    by: ['questionOfAskId', 'auditStatus'],
    where: { questionOfAskId: { in: questionIds } },
    _count: { _all: true },
  });
  for (const g of groups) {
    const [pending, approved, rejected] = counts.get(g.questionOfAskId) ?? [0, 0, 0];
    const n = g._count._all;
    counts.set(g.questionOfAskId, [
      pending + (g.auditStatus === 0 ? n : 0),
      approved + (g.auditStatus === 1 ? n : 0),
      rejected + (g.auditStatus === 2 ? n : 0),
    ]);
  }
  return counts;
}

/** The accepted replies among these ids that still stand (approved and live). */
async function standingAccepted(ctx: RequestContext, replyIds: number[]) {
  if (!replyIds.length) return new Set<number>();
  const rows = await replies(ctx).findMany({ where: { id: { in: replyIds }, auditStatus: 1 }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

/** Questions with (or without) a live reply awaiting review; asked on these UTC+8 days. */
function questionFilter(q: Query, ctx: RequestContext): Cond<QuestionWhere> | undefined {
  const and: QuestionWhere[] = [];
  // Relation conditions escape the data filters (db/data-filters.ts): soft delete written out; the tenant follows the question.
  const pending = { some: { auditStatus: 0, isDeleted: false } };
  if (q.HasPendingReplies !== undefined) and.push(q.HasPendingReplies ? { replies: pending } : { NOT: { replies: pending } });
  if (q.CreatedFrom && q.CreatedTo && q.CreatedTo < q.CreatedFrom) invalid('createdTo', ctx.t('DateRangeReversed'));
  const range = chinaDayRange(q.CreatedFrom, q.CreatedTo);
  if (range.gte || range.lt) and.push({ creationTime: { ...(range.gte && { gte: range.gte }), ...(range.lt && { lt: range.lt }) } });
  return and.length ? { AND: and } : undefined;
}

const questions = contentHandlers({
  reviewable: reviewables.questionOfAsk,
  input: CreateQuestionOfAskInput,
  model: (ctx: RequestContext): ContentTableOf<'QuestionOfAsk', Columns> => ctx.db.questionOfAsk,
  categoryOptional: true,
  listDto: QuestionOfAskListDto,
  richFields: [],
  textFields: ['title', 'content'],
  keywordColumns: ['title', 'content'],
  sortable: { id: 'id', title: 'title', creationTime: 'creationTime', auditStatus: 'auditStatus' },
  // The pending-replies filter reads the reply table: its writes change these totals too.
  countTables: ['QuestionOfAsk', 'QuestionOfAskReply'],
  filter: (q: Query, ctx) => questionFilter(q, ctx),
  toData: (i: In): Columns => ({ title: i.title, content: i.content, categoryId: i.categoryId ?? null }),
  toDtos: async (rows, l, ctx) => {
    const [counts, accepted] = await Promise.all([
      replyCounts(
        ctx,
        rows.map((r) => r.id),
      ),
      standingAccepted(ctx, distinctIds(rows.map((r) => r.acceptedReplyId))),
    ]);
    return rows.map((r) => {
      const [pending, approved, rejected] = counts.get(r.id) ?? [0, 0, 0];
      return questionDto(r, {
        categoryName: l.category(r.categoryId),
        acceptedReplyId: r.acceptedReplyId !== null && accepted.has(r.acceptedReplyId) ? r.acceptedReplyId : null,
        approvedReplyCount: approved,
        pendingReplyCount: pending,
        rejectedReplyCount: rejected,
        ...reviewFields(r, l),
      });
    });
  },
});

/** A page of replies with author names and identities, question titles and acceptance, in three queries. */
async function replyDtos(rows: ReplyRow[], ctx: RequestContext): Promise<z.infer<typeof QuestionOfAskReplyDto>[]> {
  const userIds = distinctIds(rows.flatMap((r) => [r.creatorUserId, r.auditorUserId]));
  const questionIds = distinctIds(rows.map((r) => r.questionOfAskId));
  const [users, parents] = await Promise.all([
    userIds.length
      ? ctx.prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, surname: true, identity: true } })
      : Promise.resolve([]),
    // Unfiltered: a reply's question is read by key (the reply itself passed the filters).
    questionIds.length
      ? ctx.prisma.questionOfAsk.findMany({ where: { id: { in: questionIds } }, select: { id: true, title: true, acceptedReplyId: true } })
      : Promise.resolve([]),
  ]);
  const byUser = new Map(users.map((u) => [u.id, u]));
  const byQuestion = new Map(parents.map((q) => [q.id, q]));
  const name = (id: number | null) => (id === null ? null : byUser.has(id) ? fullNameOf(byUser.get(id)!) : null);
  return rows.map((r) => {
    const author = r.creatorUserId === null ? undefined : byUser.get(r.creatorUserId);
    const question = byQuestion.get(r.questionOfAskId);
    return replyDto(r, {
      questionTitle: question?.title ?? '',
      creatorIdentity: author ? UserIdentity.parse(author.identity) : null,
      isAccepted: question?.acceptedReplyId === r.id && r.auditStatus === 1,
      creatorName: name(r.creatorUserId),
      creationTime: iso(r.creationTime),
      lastModificationTime: iso(r.lastModificationTime),
      // Last: a spread before own properties is V8's slow path (kit/content.ts, reviewFields).
      ...reviewDtoFields(r, name),
    });
  });
}

const replyList: ModelCrud<'QuestionOfAskReply', ReplyRow> = {
  entityName: 'QuestionOfAskReply',
  model: replies,
  toDto: (row) => row,
  keywordColumns: ['content'],
  sortable: { id: 'id', creationTime: 'creationTime', auditStatus: 'auditStatus' },
};

async function replyDtoOf(id: number, ctx: RequestContext) {
  const [dto] = await replyDtos([await getOr404(replyList, id, ctx)], ctx);
  return dto!;
}

/** The question of a thread, or a 404. */
const questionOr404 = (id: number, ctx: RequestContext) =>
  getOr404({ entityName: 'QuestionOfAsk', model: (c: RequestContext) => c.db.questionOfAsk }, id, ctx);

export const questionOfAsk = implement(
  QuestionOfAskService,
  {
    GetAll: questions.GetAll,
    Get: questions.Get,
    Create: questions.Create,
    Update: questions.Update,
    GetAllModerated: questions.GetAllModerated,
    AuditedQuestionOfAsk: (input, ctx) => questions.review(input, ctx),

    /** Deleting a question takes its live replies along at the same moment (they leave every list and queue). */
    Delete: async ({ Id }, ctx) =>
      ctx.transaction(async (tx) => {
        const row = await tx.db.questionOfAsk.findFirst({ where: { id: Id } });
        if (!row) return null;
        await tx.db.questionOfAskReply.deleteMany({ where: { questionOfAskId: Id } });
        await tx.db.questionOfAsk.delete({ where: { id: Id } });
        return null;
      }),

    GetAllAskReply: async (q, ctx) => {
      const question = await questionOr404(q.QuestionOfAskId, ctx);
      if (q.PublicView && question.auditStatus !== 1) return { totalCount: 0, items: [] };
      const state = q.PublicView ? 1 : q.AuditStatus;
      const where = { questionOfAskId: question.id, ...(state !== undefined && { auditStatus: state }) };
      const page = await pagedList(replyList, q, ctx, where, [{ id: 'asc' }]);
      return { totalCount: page.totalCount, items: await replyDtos(page.items, ctx) };
    },

    GetAllModeratedReplies: async (q, ctx) => {
      const queue = await awaitingDecisionBy(ctx, reviewables.questionOfAskReply);
      const where = q.QuestionOfAskId === undefined ? queue : { AND: [queue, { questionOfAskId: q.QuestionOfAskId }] };
      const page = await pagedList(replyList, q, ctx, where, [{ id: 'desc' }]);
      return { totalCount: page.totalCount, items: await replyDtos(page.items, ctx) };
    },

    /**
     * A reply to an approved question; the caller is its author. Staff
     * (teachers, administrators) publish at once; a member's reply waits for review.
     */
    ReplayAsk: async (input, ctx) => {
      const me = await ctx.requireUser();
      const question = await questionOr404(input.questionOfAskId, ctx);
      if (question.auditStatus !== 1) throw new UserFriendlyError(ctx.t('AskNotApproved'));
      const tenantId = tenantOf(ctx);
      const word = await ctx.app.dictionaryCache.findSensitiveWord(tenantId, input.content);
      if (word) invalid('content', ctx.t('ContainsSensitiveWord', word));
      const staff = me.identity !== UserIdentity.values.General;
      const review: ReviewState = staff
        ? { auditStatus: 1, reviewStep: 0, auditorUserId: me.id, auditTime: new Date(), auditReason: null }
        : { auditStatus: 0, reviewStep: 0, auditorUserId: null, auditTime: null, auditReason: null };
      const created = await replies(ctx).create({
        data: { tenantId, questionOfAskId: question.id, title: excerptOf(input.content), content: input.content, ...review },
      });
      return replyDtoOf(created.id, ctx);
    },

    /** Soft delete of one reply; the thread and its other replies stay as they are. */
    DeleteReplayAsk: async ({ Id }, ctx) => {
      const row = await replies(ctx).findFirst({ where: { id: Id } });
      if (row) await replies(ctx).delete({ where: { id: Id } });
      return null;
    },

    AuditReplayAsk: async (input, ctx) => {
      await decide(ctx, reviewables.questionOfAskReply, input);
      return replyDtoOf(input.id, ctx);
    },

    /** The best answer: an approved reply of this thread, or none. Not an edit (the question's review state stays). */
    AcceptReplayAsk: async ({ id, replyId }, ctx) => {
      const question = await questionOr404(id, ctx);
      if (replyId !== null) {
        const reply = await replies(ctx).findFirst({ where: { id: replyId, questionOfAskId: question.id } });
        if (!reply) invalid('replyId', ctx.t('AskReplyOfOtherThread'));
        if (reply.auditStatus !== 1) invalid('replyId', ctx.t('AskReplyNotApproved'));
      }
      await ctx.db.questionOfAsk.update({ where: { id: question.id }, data: { acceptedReplyId: replyId } });
      return questions.Get({ Id: question.id }, ctx);
    },
  },
  {
    reviews: [
      reviewBinding(reviewables.questionOfAsk, { model: (db) => db.questionOfAsk }),
      reviewBinding(reviewables.questionOfAskReply, { model: (db) => db.questionOfAskReply }),
    ],
  },
);
