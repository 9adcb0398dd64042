import { Prisma } from '@edu/db';
import { CreateDiscussInput, DiscussDto, DiscussService, DiscussTargetType, reviewables, type GetAllDiscussInput } from '@edu/sdk';
import type { z } from 'zod';
import { contentHandlers, distinctIds, reviewFields, type ContentTableOf } from '../kit/content.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { dtoMapper } from '../kit/dto.ts';
import { EntityNotFoundError, invalid } from '../kit/errors.ts';
import { fullNameOf } from '../kit/names.ts';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';
import { excerpt, feedbackConditions, feedbackSortable, flagFields } from '../feedback/feedback.ts';

/**
 * Member comments (会员评论) on the content kit: review through the registry
 * (`auditedDiscuss?id=`), sensitive words masked or refused as the dictionary
 * says, the target's title read in one query per page. Rules:
 * docs/architecture/domain-rules.md, "Community".
 */

type In = z.output<typeof CreateDiscussInput>;
type Query = z.output<typeof GetAllDiscussInput>;
type Columns = {
  targetType: number;
  targetId: number;
  parentId: number | null;
  title: string;
  content: string;
  sensitiveHits: number;
  sensitiveWords: string;
};
const dto = dtoMapper(DiscussDto);

/** The table of each target type; every one has `id`, `tenantId`, `title`, `isDeleted`. */
const TARGET_TABLES: Readonly<Record<DiscussTargetType, string>> = {
  1: 'Article',
  2: 'LearningCourse',
  3: 'Resource',
  4: 'OneQuestionPerday',
  5: 'TestPaper',
};

interface Target {
  tenantId: number;
  title: string;
  deleted: boolean;
}
const targetKey = (type: number, id: number) => `${type}:${id}`;

/**
 * The targets of a page of comments in ONE query (a UNION over the target
 * types present), deleted ones included so their comments still read back.
 */
async function targetsOf(ctx: RequestContext, refs: ReadonlyArray<{ targetType: number; targetId: number }>): Promise<Map<string, Target>> {
  const byType = new Map<DiscussTargetType, number[]>();
  for (const r of refs) {
    const type = DiscussTargetType.safeParse(r.targetType);
    if (!type.success) continue;
    const ids = byType.get(type.data) ?? [];
    if (!ids.includes(r.targetId)) ids.push(r.targetId);
    byType.set(type.data, ids);
  }
  if (byType.size === 0) return new Map();
  const parts = [...byType].map(
    ([type, ids]) =>
      Prisma.sql`SELECT ${type} AS "targetType", "id", "tenantId", "title", "isDeleted" FROM ${Prisma.raw(`"${TARGET_TABLES[type]}"`)} WHERE "id" IN (${Prisma.join(ids)})`,
  );
  const rows = await ctx.prisma.$queryRaw<
    Array<{ targetType: number | bigint; id: number | bigint; tenantId: number | bigint; title: string; isDeleted: number | bigint | boolean }>
  >(Prisma.join(parts, ' UNION ALL '));
  return new Map(
    rows.map((r) => [
      targetKey(Number(r.targetType), Number(r.id)),
      { tenantId: Number(r.tenantId), title: r.title, deleted: Boolean(Number(r.isDeleted)) },
    ]),
  );
}

const comments = contentHandlers({
  reviewable: reviewables.discuss,
  input: CreateDiscussInput,
  model: (ctx: RequestContext): ContentTableOf<'Discuss', Columns> => ctx.db.discuss,
  categoryOptional: true,
  richFields: [],
  textFields: [],
  screenedFields: ['content'],
  keywordColumns: ['content'],
  sortable: feedbackSortable,
  filter: (q: Query, ctx) => {
    const and = [
      ...feedbackConditions(q, ctx),
      ...(q.TargetType !== undefined ? [{ targetType: q.TargetType }] : []),
      ...(q.TargetId !== undefined ? [{ targetId: q.TargetId }] : []),
    ];
    return and.length ? { AND: and } : undefined;
  },
  toData: (i: In, _rich, flag): Columns => ({
    targetType: i.targetType,
    targetId: i.targetId,
    parentId: i.parentId ?? null,
    title: excerpt(i.content),
    content: i.content,
    ...flag,
  }),
  toDtos: async (rows, l, ctx) => {
    const parentIds = distinctIds(rows.map((r) => r.parentId));
    const [targets, parents] = await Promise.all([
      targetsOf(ctx, rows),
      parentIds.length
        ? ctx.prisma.discuss.findMany({ where: { id: { in: parentIds } }, select: { id: true, tenantId: true, creatorUserId: true } })
        : [],
    ]);
    const authorIds = distinctIds(parents.map((p) => p.creatorUserId));
    const authors = authorIds.length
      ? await ctx.prisma.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true, surname: true } })
      : [];
    const authorName = new Map(authors.map((u) => [u.id, fullNameOf(u)]));
    const parentAuthor = new Map(parents.map((p) => [p.id, p.creatorUserId === null ? null : (authorName.get(p.creatorUserId) ?? null)]));
    return rows.map((r) => {
      const target = targets.get(targetKey(r.targetType, r.targetId));
      const mine = target && target.tenantId === r.tenantId ? target : undefined;
      return dto(r, {
        targetType: DiscussTargetType.parse(r.targetType),
        targetTitle: mine?.title ?? null,
        targetDeleted: !mine || mine.deleted,
        replyToName: r.parentId === null ? null : (parentAuthor.get(r.parentId) ?? null),
        ...flagFields(r),
        ...reviewFields(r, l),
      });
    });
  },
});

/** A new comment's target must be a live item of the caller's tenant; a parent a comment on the same target. */
async function checkTarget(input: In, ctx: RequestContext) {
  const tenantId = tenantOf(ctx);
  const target = (await targetsOf(ctx, [input])).get(targetKey(input.targetType, input.targetId));
  if (!target || target.deleted || target.tenantId !== tenantId) invalid('targetId', ctx.t('DiscussTargetNotFound'));
  if (input.parentId !== null && input.parentId !== undefined) {
    const parent = await ctx.db.discuss.findFirst({ where: { id: input.parentId } });
    if (!parent || parent.targetType !== input.targetType || parent.targetId !== input.targetId) invalid('parentId', ctx.t('DiscussParentMismatch'));
  }
}

export const discuss = implement(
  DiscussService,
  {
    GetAll: comments.GetAll,
    GetAllModerated: comments.GetAllModerated,
    Get: comments.Get,
    Delete: comments.Delete,
    /** The caller is the author (a member on the site; an administrator testing from the console). */
    Create: async (input, ctx) => {
      await checkTarget(input, ctx);
      return comments.Create(input, ctx);
    },
    /** The text only; target and parent stay. Back to review (kit rule). */
    Update: async (input, ctx) => {
      const row = await ctx.db.discuss.findFirst({ where: { id: input.id } });
      if (!row) throw new EntityNotFoundError('Discuss', input.id);
      return comments.Update(
        { id: row.id, targetType: DiscussTargetType.parse(row.targetType), targetId: row.targetId, parentId: row.parentId, content: input.content },
        ctx,
      );
    },
    AuditedDiscuss: (input, ctx) => comments.review(input, ctx),
  },
  { reviews: [reviewBinding(reviewables.discuss, { model: (db) => db.discuss, sensitiveHits: 'sensitiveHits' })] },
);
