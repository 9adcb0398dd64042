import { type QuestionStatisticsDto, type TestQuestionService } from '@edu/sdk';
import { Prisma } from '@edu/db';
import { subtreeIds } from '../kit/categories.ts';
import type { RequestContext } from '../kit/context.ts';
import { distinctIds } from '../kit/content.ts';
import { EntityNotFoundError, invalid } from '../kit/errors.ts';
import { fullNameOf } from '../kit/names.ts';
import { iso } from '../kit/paging.ts';
import type { HandlersOf } from '../kit/register-service.ts';
import { narrowType } from './bank.ts';

/** The bank's statistics: a section's figures over a time span, and its counts per type and child category. */

const CHINA_OFFSET_MS = 8 * 3600_000;
/** 00:00 UTC+8 of a `YYYY-MM-DD` day, as an instant. */
function chinaMidnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + plusDays) - CHINA_OFFSET_MS);
}

async function sectionIds(ctx: RequestContext, sectionId: number): Promise<number[]> {
  const ids = await subtreeIds(ctx, sectionId);
  if (!ids.length) throw new EntityNotFoundError('MultiLevelCategory', sectionId);
  return ids;
}

const count = (n: { _all: number }) => n._all;

/** `getTopicOfStatistical` and `GetQuestionStatistical`, spread into TestQuestion's implementation. */
export const statisticsHandlers: Pick<HandlersOf<typeof TestQuestionService>, 'getTopicOfStatistical' | 'GetQuestionStatistical'> = {
  getTopicOfStatistical: async (q, ctx) => {
    const ids = await sectionIds(ctx, q.sectionId);
    const from = q.BeginTime ? chinaMidnight(q.BeginTime) : null;
    const to = q.EndTime ? chinaMidnight(q.EndTime, 1) : null;
    if (from && to && from >= to) invalid('endTime', ctx.t('EndBeforeBegin'));
    const where = { categoryId: { in: ids }, creationTime: { ...(from && { gte: from }), ...(to && { lt: to }) } };
    const t = ctx.db.testQuestion;
    const [total, byType, byDifficulty, byStatus, byAuthor, perDay] = await Promise.all([
      t.count({ where }),
      t.groupBy({ by: ['questionType'], where, _count: { _all: true }, orderBy: { questionType: 'asc' } }),
      t.groupBy({ by: ['difficulty'], where, _count: { _all: true }, orderBy: { difficulty: 'asc' } }),
      t.groupBy({ by: ['auditStatus'], where, _count: { _all: true }, orderBy: { auditStatus: 'asc' } }),
      t.groupBy({ by: ['creatorUserId'], where, _count: { _all: true } }),
      questionsPerDay(ctx, ids, from, to),
    ]);
    const usage = await questionUsage(ctx, ids, from, to, total);
    const authorIds = distinctIds(byAuthor.map((a) => a.creatorUserId));
    const users = authorIds.length
      ? await ctx.prisma.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true, surname: true } })
      : [];
    const names = new Map(users.map((u) => [u.id, fullNameOf(u)]));
    const result: QuestionStatisticsDto = {
      total,
      byType: byType.map((g) => ({ key: narrowType(g.questionType), count: count(g._count) })),
      byDifficulty: byDifficulty.map((g) => ({ key: g.difficulty === 1 ? 1 : g.difficulty === 3 ? 3 : 2, count: count(g._count) })),
      byAuditStatus: byStatus.map((g) => ({ key: g.auditStatus, count: count(g._count) })),
      byAuthor: byAuthor
        .map((g) => ({
          userId: g.creatorUserId,
          userName: g.creatorUserId === null ? null : (names.get(g.creatorUserId) ?? null),
          count: count(g._count),
        }))
        .sort((x, y) => y.count - x.count),
      perDay,
      usage,
      beginTime: iso(from),
      endTime: iso(to),
    };
    return result;
  },
  GetQuestionStatistical: async ({ SectionId }, ctx) => {
    const ids = await sectionIds(ctx, SectionId);
    const [byType, byCategory, nodes] = await Promise.all([
      ctx.db.testQuestion.groupBy({
        by: ['questionType'],
        where: { categoryId: { in: ids } },
        _count: { _all: true },
        orderBy: { questionType: 'asc' },
      }),
      ctx.db.testQuestion.groupBy({ by: ['categoryId'], where: { categoryId: { in: ids } }, _count: { _all: true } }),
      ctx.db.multiLevelCategory.findMany({
        where: { id: { in: ids } },
        select: { id: true, parentId: true, path: true, name: true, sort: true },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      }),
    ]);
    const perCategory = new Map(byCategory.map((g) => [g.categoryId, count(g._count)]));
    const children = nodes.filter((n) => n.parentId === SectionId);
    return {
      sectionId: SectionId,
      total: byCategory.reduce((sum, g) => sum + count(g._count), 0),
      byType: byType.map((g) => ({ key: narrowType(g.questionType), count: count(g._count) })),
      // A child's figure is its whole subtree's (nodes of the section only, not question rows).
      children: children.map((c) => ({
        categoryId: c.id,
        name: c.name,
        count: nodes.filter((n) => n.path.startsWith(c.path)).reduce((sum, n) => sum + (perCategory.get(n.id) ?? 0), 0),
      })),
    };
  },
};

/**
 * How the section's questions (same filter as the counts) are used in live
 * papers: one grouped query for the totals, one for the ten most used. Raw
 * SQL, so tenant and soft delete are written out.
 */
async function questionUsage(ctx: RequestContext, categoryIds: number[], from: Date | null, to: Date | null, total: number) {
  const tenant = (alias: string) =>
    ctx.session.tenantId === null ? Prisma.empty : Prisma.sql`AND ${Prisma.raw(alias)}."tenantId" = ${ctx.session.tenantId}`;
  const perQuestion = Prisma.sql`
    SELECT q."id" AS "questionId", q."title" AS "title", q."questionType" AS "questionType", COUNT(DISTINCT l."paperId") AS "papers"
    FROM "TestPaperQuestion" l
    JOIN "TestPaper" p ON p."id" = l."paperId" AND p."isDeleted" = 0 ${tenant('p')}
    JOIN "TestQuestion" q ON q."id" = l."questionId" AND q."isDeleted" = 0 ${tenant('q')}
    WHERE q."categoryId" IN (${Prisma.join(categoryIds)})
      ${from ? Prisma.sql`AND q."creationTime" >= ${from}` : Prisma.empty}
      ${to ? Prisma.sql`AND q."creationTime" < ${to}` : Prisma.empty}
    GROUP BY q."id"`;
  type Row = { questionId: number; title: string; questionType: number; papers: number | bigint };
  const [sums, top] = await Promise.all([
    ctx.prisma.$queryRaw<
      Array<{ used: number | bigint; uses: number | bigint | null }>
    >`SELECT COUNT(*) AS "used", SUM("papers") AS "uses" FROM (${perQuestion})`,
    ctx.prisma.$queryRaw<Row[]>`SELECT * FROM (${perQuestion}) ORDER BY "papers" DESC, "questionId" ASC LIMIT 10`,
  ]);
  const used = Number(sums[0]?.used ?? 0);
  return {
    used,
    unused: Math.max(0, total - used),
    uses: Number(sums[0]?.uses ?? 0),
    top: top.map((r) => ({ questionId: r.questionId, title: r.title, questionType: narrowType(r.questionType), papers: Number(r.papers) })),
  };
}

/**
 * Questions added per UTC+8 calendar day: one grouped SQL query. Raw SQL goes
 * past the data filters, so tenant and soft delete are written here.
 * DateTime columns hold ISO text with an offset (the adapter's iso8601 format),
 * which SQLite's date functions read.
 */
async function questionsPerDay(ctx: RequestContext, categoryIds: number[], from: Date | null, to: Date | null) {
  const tenant = ctx.session.tenantId === null ? Prisma.empty : Prisma.sql`AND "tenantId" = ${ctx.session.tenantId}`;
  const rows = await ctx.prisma.$queryRaw<Array<{ day: string; n: number | bigint }>>`
    SELECT strftime('%Y-%m-%d', "creationTime", '+8 hours') AS day, COUNT(*) AS n
    FROM "TestQuestion"
    WHERE "isDeleted" = 0 ${tenant}
      AND "categoryId" IN (${Prisma.join(categoryIds)})
      ${from ? Prisma.sql`AND "creationTime" >= ${from}` : Prisma.empty}
      ${to ? Prisma.sql`AND "creationTime" < ${to}` : Prisma.empty}
    GROUP BY day ORDER BY day`;
  return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
}
