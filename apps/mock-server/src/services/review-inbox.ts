import {
  chinaDayRange,
  decidingStep,
  REVIEW_BODY_LENGTH,
  REVIEW_PREVIEW_LENGTH,
  ReviewInboxService,
  reviewableList,
  reviewables,
  type DecideManyInput,
  type GetReviewInboxInput,
  type ReviewInboxFilter,
  type DecideManyResult,
  type RegisteredReviewable,
  type ReviewableKey,
  type ReviewInboxDecisionResult,
  type ReviewInboxItemDto,
  type ReviewRefusal,
} from '@edu/sdk';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { AbpValidationError, EntityNotFoundError, ForbiddenError, invalid, UserFriendlyError } from '../kit/errors.ts';
import { fullNameOf } from '../kit/names.ts';
import { fullNameWhere } from '../kit/user-options.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';
import {
  awaitingDecisionBy,
  decide,
  decisionBars,
  flowOf,
  ReviewConflictError,
  ReviewRefusedError,
  reviewModel,
  sensitiveHitColumn,
  type InboxRow,
  type InboxWhere,
} from '../kit/review.ts';

/**
 * The review inbox (审核中心): one queue over every type of the review
 * registry, derived from it (SDK services/review-inbox.ts has the contract).
 *
 * Cost: per type the caller may decide, one count (cached by the count cache
 * until the table is written) and one ordered read of at most
 * `SkipCount + MaxResultCount` rows on the pending-state index; the reads are
 * merged by the queue order in memory and the page cut out, then each type's
 * page rows are loaded by id (one query per type on the page) and the
 * authors' names in one query. Nothing reads a whole table; a deep page costs
 * types x (SkipCount + MaxResultCount) rows, which is why SkipCount stops at
 * 10,000.
 */

const byKey = new Map<string, RegisteredReviewable>(reviewableList.map((r) => [r.clientKey, r]));
const reviewableByKey = (key: ReviewableKey): RegisteredReviewable => byKey.get(key) ?? reviewables[key];
const order = new Map(reviewableList.map((r, i) => [r.clientKey, i]));

/** Text columns a preview is read from, first non-empty wins (list) or all in order (Get's body). */
const PREVIEW_COLUMNS = ['summary', 'description', 'content', 'stem'] as const;
/** The most authors an `Author` text may match; beyond it the filter is the first ones by id. */
const MAX_AUTHOR_MATCHES = 1000;
const DAY_MS = 86_400_000;

type Filter = z.output<typeof ReviewInboxFilter>;

const plain = (html: string) =>
  sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr)\b[^>]*>/gi, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(
      /&(nbsp|amp|lt|gt|quot|#39|#x27);/g,
      (_, e: string) => ({ nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e] ?? '',
    )
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const texts = (row: InboxRow) =>
  PREVIEW_COLUMNS.map((c) => row[c])
    .filter((v): v is string => typeof v === 'string')
    .map(plain)
    .filter((t) => t.length > 0);
const hitsOf = (row: InboxRow, column: string | undefined) => {
  const v = column ? row[column] : 0;
  return typeof v === 'number' ? Math.max(0, Math.trunc(v)) : v === true ? 1 : 0;
};

/** Conditions of the filters shared by list and counts; `null` when they match nothing (an author text nobody has). */
async function filterConditions(ctx: RequestContext, f: Filter): Promise<InboxWhere[] | null> {
  const out: InboxWhere[] = [];
  if (f.SubmittedFrom && f.SubmittedTo && f.SubmittedTo < f.SubmittedFrom) invalid('submittedTo', ctx.t('DateRangeReversed'));
  const range = chinaDayRange(f.SubmittedFrom, f.SubmittedTo);
  if (f.OlderThanDays !== undefined) {
    // Rounded to the minute, so a repeated query hits the count cache.
    const cutoff = new Date(Math.floor((Date.now() - f.OlderThanDays * DAY_MS) / 60_000) * 60_000);
    if (!range.lt || cutoff < range.lt) range.lt = cutoff;
  }
  if (range.gte || range.lt) out.push({ creationTime: { ...(range.gte && { gte: range.gte }), ...(range.lt && { lt: range.lt }) } });
  if (f.AuthorId !== undefined) out.push({ creatorUserId: f.AuthorId });
  const author = f.Author?.trim();
  if (author) {
    const ids = await authorIds(ctx, author);
    if (ids.length === 0) return null;
    out.push({ creatorUserId: { in: ids } });
  }
  return out;
}

/** Users of the caller's side whose user name, name or surname holds the text, or whose Chinese full name (surname + name) starts with it. */
async function authorIds(ctx: RequestContext, text: string): Promise<number[]> {
  const tenant = ctx.session.tenantId;
  const fullName = fullNameWhere(text);
  const users = await ctx.prisma.user.findMany({
    where: {
      ...(tenant !== null && { tenantId: tenant }),
      OR: [{ userName: { contains: text } }, { name: { contains: text } }, { surname: { contains: text } }, ...(fullName ? [fullName] : [])],
    },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: MAX_AUTHOR_MATCHES,
  });
  return users.map((u) => u.id);
}

interface Queue {
  reviewable: RegisteredReviewable;
  index: number;
  where: InboxWhere;
  hits: string | undefined;
}

/** The caller's queue of each type they may decide at some step (registry order), optionally one type, under the filters. */
async function queues(ctx: RequestContext, filter: Filter, type?: ReviewableKey) {
  const me = await ctx.requireUser();
  const extra = await filterConditions(ctx, filter);
  const out: Queue[] = [];
  for (const [index, reviewable] of reviewableList.entries()) {
    if (type !== undefined && reviewable.clientKey !== type) continue;
    if (!flowOf(ctx.app, reviewable).steps.some((s) => me.granted.has(s.permission))) continue;
    const awaiting = await awaitingDecisionBy(ctx, reviewable);
    // A filter that matches nobody keeps the type (with a zero count) but reads nothing.
    const where: InboxWhere = { AND: [awaiting, ...(extra ?? [{ id: { in: [] } }])] };
    out.push({ reviewable, index, where, hits: sensitiveHitColumn(reviewable.entity) });
  }
  return { me, queues: out, none: extra === null };
}

async function countOf(ctx: RequestContext, q: Queue, userId: number): Promise<number> {
  const key = `ReviewInbox|${q.reviewable.entity}|${ctx.session.tenantId ?? 'host'}|${userId}|${JSON.stringify(q.where)}`;
  return ctx.app.countCache.count(key, [q.reviewable.entity], () =>
    Promise.resolve(reviewModel(ctx.db, q.reviewable.entity).count({ where: q.where })),
  );
}

/** The queue's order: more hits first, then oldest, then registry order, then id (each type's read uses the same order). */
type Key = { q: Queue; id: number; time: number; hits: number };
const compare = (a: Key, b: Key) => b.hits - a.hits || a.time - b.time || a.q.index - b.q.index || a.id - b.id;

async function itemDtos(ctx: RequestContext, page: Key[]): Promise<Array<{ dto: ReviewInboxItemDto; row: InboxRow; q: Queue }>> {
  const byQueue = new Map<Queue, number[]>();
  for (const k of page) byQueue.set(k.q, [...(byQueue.get(k.q) ?? []), k.id]);
  const loaded = new Map<string, InboxRow>();
  await Promise.all(
    [...byQueue].map(async ([q, ids]) => {
      const rows = await reviewModel(ctx.db, q.reviewable.entity).findMany({ where: { id: { in: ids } } });
      for (const row of rows) loaded.set(`${q.reviewable.clientKey}:${row.id}`, row);
    }),
  );
  const authorIds = [...new Set([...loaded.values()].map((r) => r.creatorUserId).filter((id): id is number => id !== null))];
  const users = authorIds.length
    ? await ctx.prisma.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true, surname: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, fullNameOf(u)]));
  // Who may not decide which item (the caller's own, an earlier step of its round decided by the caller): listed, marked.
  const bars = new Map<string, ReviewRefusal>();
  await Promise.all(
    [...byQueue.keys()].map(async (q) => {
      const rows = [...loaded.entries()].filter(([key]) => key.startsWith(`${q.reviewable.clientKey}:`)).map(([, row]) => row);
      for (const [id, bar] of await decisionBars(ctx, q.reviewable, rows)) bars.set(`${q.reviewable.clientKey}:${id}`, bar.refusal);
    }),
  );
  return page.flatMap((k) => {
    const key = `${k.q.reviewable.clientKey}:${k.id}`;
    const row = loaded.get(key);
    return row ? [{ dto: itemDto(ctx, k.q, row, names, bars.get(key) ?? null), row, q: k.q }] : [];
  });
}

function itemDto(ctx: RequestContext, q: Queue, row: InboxRow, names: Map<number, string>, bar: ReviewRefusal | null): ReviewInboxItemDto {
  const flow = flowOf(ctx.app, q.reviewable);
  const step = decidingStep(flow, row.auditStatus, row.reviewStep);
  // A text that only repeats the title (a question's stem, a comment's body) says nothing more.
  const title = plain(row.title);
  const first = texts(row).find((t) => t !== title && !(title.endsWith('…') && t.startsWith(title.slice(0, -1))));
  return {
    type: q.reviewable.clientKey,
    entity: q.reviewable.entity,
    id: row.id,
    tenantId: row.tenantId,
    title: row.title,
    authorId: row.creatorUserId,
    authorName: row.creatorUserId === null ? null : (names.get(row.creatorUserId) ?? null),
    submittedTime: iso(row.creationTime),
    preview: first ? cut(first, REVIEW_PREVIEW_LENGTH) : null,
    sensitiveHits: hitsOf(row, q.hits),
    reviewStep: row.reviewStep,
    stepName: flow.steps[step]!.name,
    canDecide: bar === null,
    cannotDecideReason: bar,
  };
}

async function list(ctx: RequestContext, input: z.output<typeof GetReviewInboxInput>) {
  const { me, queues: qs, none } = await queues(ctx, input, input.Type);
  const counts = await Promise.all(qs.map(async (q) => (none ? 0 : countOf(ctx, q, me.id))));
  const totalCount = counts.reduce((a, b) => a + b, 0);
  const end = input.SkipCount + input.MaxResultCount;
  if (none || input.SkipCount >= totalCount) return { totalCount, items: [] };
  const keys = (
    await Promise.all(
      qs.map(async (q, i) => {
        if (counts[i] === 0) return [];
        const orderBy: Array<Record<string, 'asc' | 'desc'>> = [
          ...(q.hits ? [{ [q.hits]: 'desc' as const }] : []),
          { creationTime: 'asc' },
          { id: 'asc' },
        ];
        const rows = await reviewModel(ctx.db, q.reviewable.entity).findMany({ where: q.where, orderBy, take: end });
        return rows.map((r): Key => ({ q, id: r.id, time: r.creationTime.getTime(), hits: hitsOf(r, q.hits) }));
      }),
    )
  ).flat();
  const page = keys.sort(compare).slice(input.SkipCount, end);
  return { totalCount, items: (await itemDtos(ctx, page)).map((x) => x.dto) };
}

async function counts(ctx: RequestContext, input: Filter) {
  const { me, queues: qs, none } = await queues(ctx, input);
  const items = await Promise.all(qs.map(async (q) => ({ type: q.reviewable.clientKey, count: none ? 0 : await countOf(ctx, q, me.id) })));
  return { total: items.reduce((a, b) => a + b.count, 0), items };
}

/** One item's preview, for whoever may decide some step of its flow. */
async function preview(ctx: RequestContext, type: ReviewableKey, id: number) {
  const me = await ctx.requireUser();
  const reviewable = reviewableByKey(type);
  const flow = flowOf(ctx.app, reviewable);
  const held = flow.steps.map((s) => s.permission).filter((p) => me.granted.has(p));
  if (held.length === 0) throw new ForbiddenError(flow.steps.map((s) => s.permission));
  const [row] = await reviewModel(ctx.db, reviewable.entity).findMany({ where: { id: { in: [id] } } });
  if (!row) throw new EntityNotFoundError(reviewable.entity, id);
  const q: Queue = { reviewable, index: order.get(type) ?? 0, where: { id: { in: [id] } }, hits: sensitiveHitColumn(reviewable.entity) };
  const [item] = await itemDtos(ctx, [{ q, id, time: row.creationTime.getTime(), hits: 0 }]);
  const body = texts(row).join('\n\n');
  const step = flow.steps[decidingStep(flow, row.auditStatus, row.reviewStep)]!;
  const refusal: ReviewRefusal | null =
    row.auditStatus !== 0 ? 'notPending' : !me.granted.has(step.permission) ? 'missingPermission' : item!.dto.cannotDecideReason;
  return {
    ...item!.dto,
    auditStatus: row.auditStatus === 1 ? (1 as const) : row.auditStatus === 2 ? (2 as const) : (0 as const),
    auditReason: row.auditReason,
    body: body ? cut(body, REVIEW_BODY_LENGTH) : null,
    canDecide: refusal === null,
    cannotDecideReason: refusal,
  };
}

/** The outcome of a failed decision; errors that are not the decision's own are logged. */
function outcome(ctx: RequestContext, err: unknown): Pick<ReviewInboxDecisionResult, 'status' | 'message' | 'refusal'> {
  if (err instanceof ReviewConflictError) return { status: 'conflict', message: err.message, refusal: null };
  if (err instanceof EntityNotFoundError) return { status: 'notFound', message: ctx.t('EntityNotFound', err.entityName, err.id), refusal: null };
  if (err instanceof ForbiddenError)
    return {
      status: 'forbidden',
      message: ctx.t('AtLeastOneOfThesePermissionsMustBeGranted', err.permissions.map((p) => ctx.t(`Permission:${p}`)).join(', ')),
      refusal: 'missingPermission',
    };
  // The rules of who decides (the caller's own item, an earlier step they decided).
  if (err instanceof ReviewRefusedError) return { status: 'forbidden', message: err.text, refusal: err.refusal };
  if (err instanceof AbpValidationError) return { status: 'invalid', message: err.validationErrors.map((e) => e.message).join(' '), refusal: null };
  if (err instanceof UserFriendlyError) return { status: 'forbidden', message: err.message, refusal: null };
  ctx.app.log.error({ err }, 'Review inbox decision failed');
  return { status: 'error', message: ctx.t('InternalServerError'), refusal: null };
}

/**
 * Bulk decisions, one at a time through the registry's state machine (each in
 * its own transaction, so one failure never undoes or stops another), pending
 * items only: an item decided by someone else since the list was read is a
 * conflict, never reconsidered or taken down.
 */
async function decideMany(ctx: RequestContext, items: z.output<typeof DecideManyInput>['items']): Promise<DecideManyResult> {
  await ctx.requireUser();
  const results: ReviewInboxDecisionResult[] = [];
  for (const item of items) {
    const reviewable = reviewableByKey(item.type);
    const flow = flowOf(ctx.app, reviewable);
    const expectedStep = item.reviewStep === undefined ? undefined : (flow.steps[item.reviewStep]?.name ?? `#${item.reviewStep}`);
    try {
      await decide(ctx, reviewable, { id: item.id, auditStatus: item.decision, auditReason: item.reason ?? null }, expectedStep, {
        pendingOnly: true,
      });
      const row = await reviewModel(ctx.db, reviewable.entity).findFirst({ where: { id: item.id } });
      const status = row?.auditStatus === 1 ? 1 : row?.auditStatus === 2 ? 2 : 0;
      results.push({
        type: item.type,
        id: item.id,
        status: 'ok',
        message: null,
        refusal: null,
        auditStatus: status,
        result: status === 1 ? 'approved' : status === 2 ? 'rejected' : 'advanced',
        nextStepName: status === 0 && row ? (flow.steps[row.reviewStep]?.name ?? null) : null,
      });
    } catch (err) {
      results.push({ type: item.type, id: item.id, ...outcome(ctx, err), auditStatus: null, result: null, nextStepName: null });
    }
  }
  const count = (result: ReviewInboxDecisionResult['result']) => results.filter((r) => r.status === 'ok' && r.result === result).length;
  const succeeded = results.filter((r) => r.status === 'ok').length;
  return {
    succeeded,
    failed: results.length - succeeded,
    approved: count('approved'),
    advanced: count('advanced'),
    rejected: count('rejected'),
    items: results,
  };
}

export const reviewInbox = implement(ReviewInboxService, {
  GetAll: (input, ctx) => list(ctx, input),
  GetCounts: (input, ctx) => counts(ctx, input),
  Get: (input, ctx) => preview(ctx, input.Type, input.Id),
  DecideMany: (input, ctx) => decideMany(ctx, input.items),
});
