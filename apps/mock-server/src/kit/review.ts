import {
  decidingStep,
  requiredPermissions,
  reviewableList,
  reviewableOf,
  REVIEW_SETTING_NAMES,
  type AuditInput,
  type RegisteredReviewable,
  type Reviewable,
  type ReviewableEntity,
  type ReviewDecisionDto,
  type ReviewFlow,
  type ReviewRefusal,
  type ReviewSettingsDto,
} from '@edu/sdk';
import type { FastifyInstance } from 'fastify';
import type { Db, RequestContext } from './context.ts';
import type { RowOf } from './crud.ts';
import type { Prisma, PrismaClient } from '@edu/db';
import { AbpValidationError, EntityNotFoundError, ForbiddenError, invalid, UserFriendlyError } from './errors.ts';
import { notificationRow, pushNotification, type NotifyInput } from './notifier.ts';
import { fullNameOf } from './names.ts';
import { iso } from './paging.ts';
import { effectiveSettings } from './settings.ts';
import { localize, resolveCulture } from '../localization/texts.ts';

/**
 * The review state machine, one implementation for every reviewable entity of
 * the SDK's registry (`reviewables`, packages/sdk/src/core/review.ts) and any
 * flow: one step (today's pending -> approved / rejected) or several
 * (submitted -> first review -> second review -> approved / rejected), each
 * step gated by its own permission. A decision updates the row, records a
 * `ReviewDecision` (who, when, why, at which step) and stores the author's
 * notification in one transaction; the hub push follows the commit.
 */

/** The review columns every reviewable row has. */
export interface ReviewRow {
  id: number;
  tenantId: number;
  title: string;
  auditStatus: number;
  reviewStep: number;
  auditorUserId: number | null;
  auditTime: Date | null;
  auditReason: string | null;
  creatorUserId: number | null;
}

/** The review state written by a decision or an edit. */
export interface ReviewState {
  auditStatus: number;
  reviewStep: number;
  auditorUserId: number | null;
  auditTime: Date | null;
  auditReason: string | null;
}

/** Pending at the first step, undecided: new and edited items. */
export const PENDING_REVIEW: ReviewState = { auditStatus: 0, reviewStep: 0, auditorUserId: null, auditTime: null, auditReason: null };

type CountWhere = { categoryId?: number; auditStatus?: number };

/** A reviewable row as the review inbox reads it: the review columns plus whatever else the model has (preview text, hit counts). */
export type InboxRow = ReviewRow & { creationTime: Date } & Record<string, unknown>;

/**
 * Conditions the review inbox builds over any reviewable model: the moderated
 * queue's (`awaitingDecisionBy`), author, submission time and id filters.
 */
export type InboxWhere =
  | { AND: InboxWhere[] }
  | { OR: InboxWhere[] }
  | { NOT: { creatorUserId: number } }
  | { auditStatus?: number; reviewStep?: { in: number[] }; NOT?: { creatorUserId: number } }
  | { creatorUserId: number | { in: number[] } }
  | { creationTime: { gte?: Date; lt?: Date } }
  | { id: { in: number[] } };

/** What the state machine needs of a reviewable's Prisma model (any delegate of the filtered client or a transaction). */
export interface ReviewModel {
  findFirst(args: { where: { id: number } }): PromiseLike<ReviewRow | null>;
  updateMany(args: { where: { id: number; auditStatus: number; reviewStep: number }; data: ReviewState }): PromiseLike<{ count: number }>;
  count(args?: { where?: CountWhere | InboxWhere }): PromiseLike<number>;
  /** The inbox's reads (services/review-inbox.ts): ordered keys of a queue, then the rows of one page. */
  findMany(args: { where: InboxWhere; orderBy?: Array<Record<string, 'asc' | 'desc'>>; take?: number }): PromiseLike<InboxRow[]>;
}

/** Columns of model `E` holding a number or a flag. */
type HitColumnOf<E extends ReviewableEntity> = E extends Prisma.ModelName
  ? { [C in keyof RowOf<E> & string]: RowOf<E>[C] extends number | boolean ? C : never }[keyof RowOf<E> & string]
  : never;

/**
 * What a reviewable entity's service declares of it, beside its
 * `implement(...)` (`implement(Service, handlers, { reviews: [reviewBinding(...)] })`):
 * collected when the services are registered, so no kit table lists
 * entities. Every entity of the SDK's review registry must have one (checked
 * at start).
 */
export interface ReviewBinding<E extends ReviewableEntity = ReviewableEntity> {
  readonly entity: E;
  /** The entity's Prisma model (any delegate of the filtered client or a transaction). */
  readonly model: (db: Db) => ReviewModel;
  /**
   * Sensitive-word hits, by convention: the column counting the dictionary
   * words found (`Int`, or a `Boolean` flag; 0/false = none). The review inbox
   * lists items with more hits first and marks them; without one an entity
   * has no hits. Typed by the model.
   */
  readonly sensitiveHits?: HitColumnOf<E>;
  /**
   * What a decision changes beyond the review columns, written in the
   * decision's transaction: whoever decides (the entity's own endpoint or the
   * review inbox's bulk decision), the same thing happens.
   */
  readonly onDecision?: (db: Db, id: number, next: { auditStatus: number }) => Promise<void>;
}

/** Declares the binding of one registry entity (`reviewables.<key>`). */
export function reviewBinding<R extends RegisteredReviewable>(
  reviewable: R,
  binding: Omit<ReviewBinding<R['entity']>, 'entity'>,
): ReviewBinding<R['entity']> {
  return Object.freeze({ ...binding, entity: reviewable.entity });
}

const bindings = new Map<string, ReviewBinding>();

/**
 * Installs the services' review bindings (registerServices does, from the
 * implementations): fails when one entity is bound twice, a binding names no
 * registry entity, or a served service (by name, `served`) leaves one of its
 * registry entities unbound.
 */
export function installReviewBindings(declared: readonly ReviewBinding[], served: ReadonlySet<string>): void {
  const seen = new Map<string, ReviewBinding>();
  for (const b of declared) {
    if (!reviewableOf(b.entity)) throw new Error(`Review binding: ${b.entity} is not in the review registry`);
    if (seen.has(b.entity)) throw new Error(`Review binding: ${b.entity} is bound twice`);
    seen.set(b.entity, b);
  }
  const missing = reviewableList.filter((r) => served.has(r.service.name) && !seen.has(r.entity)).map((r) => r.entity);
  if (missing.length) throw new Error(`Review binding: no service binds ${missing.join(', ')} (reviewBinding beside its implement)`);
  for (const [entity, b] of seen) bindings.set(entity, b);
}

function bindingOf(entity: string): ReviewBinding {
  const b = bindings.get(entity);
  if (!b) throw new Error(`Review binding: ${entity} is not bound (services not registered)`);
  return b;
}

export function reviewModel(db: Db, entity: ReviewableEntity): ReviewModel {
  return bindingOf(entity).model(db);
}

/** The sensitive-hit column of an entity, if it declares one. */
export function sensitiveHitColumn(entity: ReviewableEntity): string | undefined {
  return bindingOf(entity).sensitiveHits;
}

/**
 * A decision that no longer fits the item: it was decided meanwhile (the
 * state it asks for, another step awaited, a lost race). Still a
 * user-friendly error on the wire; the inbox's bulk decision reports it as a
 * conflict.
 */
export class ReviewConflictError extends UserFriendlyError {}

/**
 * A decision refused by the rules of who decides (`ownItem`,
 * `decidedEarlierStep`): a 400 on `id` whose message names the reason; the
 * inbox reports its code.
 */
export class ReviewRefusedError extends AbpValidationError {
  constructor(
    readonly refusal: ReviewRefusal,
    readonly text: string,
  ) {
    super([{ message: text, members: ['id'] }]);
  }
}

/** A tenant's review settings (the application's for the host), SDK REVIEW_SETTING_NAMES. */
export async function reviewSettings(prisma: PrismaClient, tenantId: number | null): Promise<ReviewSettingsDto> {
  const values = await effectiveSettings(prisma, tenantId, null);
  return {
    allowSameReviewerForSteps: values[REVIEW_SETTING_NAMES.allowSameReviewerForSteps] === 'true',
    allowAuthorReview: values[REVIEW_SETTING_NAMES.allowAuthorReview] === 'true',
  };
}

/**
 * Who decided the earlier steps of each item's current round, by item id:
 * user id -> the step they passed. Read from the decision history newest
 * first: an item deciding step k > 0 got there by a pass at k - 1, before it
 * one at k - 2, ... down to step 0 (an edit restarts the round at step 0, so
 * older passes belong to earlier rounds and are not reached); decisions at
 * step k or later (a rejection being reconsidered, an approval taken down)
 * are skipped.
 */
async function earlierDeciders(
  db: Db,
  entity: string,
  items: ReadonlyArray<{ id: number; step: number }>,
): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  const asked = items.filter((i) => i.step > 0);
  if (asked.length === 0) return out;
  const rows = await db.reviewDecision.findMany({
    where: { entityName: entity, entityId: { in: asked.map((i) => i.id) } },
    orderBy: { id: 'desc' },
    select: { entityId: true, step: true, decision: true, userId: true },
  });
  for (const item of asked) {
    const deciders = new Map<number, number>();
    let expect = item.step;
    for (const d of rows) {
      if (expect === 0) break;
      if (d.entityId !== item.id || d.step >= expect) continue;
      if (d.decision !== 1) break;
      if (!deciders.has(d.userId)) deciders.set(d.userId, d.step);
      expect = d.step;
    }
    out.set(item.id, deciders);
  }
  return out;
}

/**
 * Why the caller may not decide each row at its deciding step under the
 * rules of who decides (the tenant's review settings): its author
 * (`ownItem`, unless `App.Review.AllowAuthorReview`; the static Admin is
 * excepted, as before the setting), or the decider of an
 * earlier step of its round (`decidedEarlierStep`, unless
 * `App.Review.AllowSameReviewerForSteps`). Rows not in the answer are not
 * barred. Permissions and state are the caller's checks.
 */
export async function decisionBars(
  ctx: RequestContext,
  reviewable: Reviewable,
  rows: readonly ReviewRow[],
): Promise<Map<number, { refusal: ReviewRefusal; message: string }>> {
  const me = await ctx.requireUser();
  const flow = flowOf(ctx.app, reviewable);
  const settings = new Map<number, Promise<ReviewSettingsDto>>();
  const settingsOf = (tenantId: number) => {
    if (!settings.has(tenantId)) settings.set(tenantId, reviewSettings(ctx.prisma, tenantId));
    return settings.get(tenantId)!;
  };
  const steps = new Map(rows.map((r) => [r.id, decidingStep(flow, r.auditStatus, r.reviewStep)]));
  const deciders = await earlierDeciders(
    ctx.db,
    reviewable.entity,
    rows.map((r) => ({ id: r.id, step: steps.get(r.id)! })),
  );
  const out = new Map<number, { refusal: ReviewRefusal; message: string }>();
  for (const row of rows) {
    const s = await settingsOf(row.tenantId);
    if (!s.allowAuthorReview && row.creatorUserId === me.id && !me.isAdmin) {
      out.set(row.id, { refusal: 'ownItem', message: ctx.t('CannotReviewOwnContent') });
      continue;
    }
    const earlier = deciders.get(row.id)?.get(me.id);
    if (!s.allowSameReviewerForSteps && earlier !== undefined) {
      const name = (i: number) => flow.steps[i]!.displayName[ctx.culture];
      out.set(row.id, { refusal: 'decidedEarlierStep', message: ctx.t('CannotDecideLaterStep', name(earlier), name(steps.get(row.id)!)) });
    }
  }
  return out;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Flows configured in place of the registry's, by entity name (`buildApp({ reviewFlows })`). */
    reviewFlows: Readonly<Record<string, ReviewFlow>>;
  }
}

/** Installs configured flows (a deployment's or a test's); entities not named keep the registry's flow. */
export function registerReviewFlows(app: FastifyInstance, flows: Readonly<Record<string, ReviewFlow>> = {}) {
  for (const entity of Object.keys(flows)) if (!reviewableOf(entity)) throw new Error(`reviewFlows: ${entity} is not a reviewable entity`);
  app.decorate('reviewFlows', flows);
}

/** The flow in force for an entity. */
export function flowOf(app: FastifyInstance, reviewable: Reviewable): ReviewFlow {
  return app.reviewFlows[reviewable.entity] ?? reviewable.flow;
}

/** Review fields every reviewable DTO carries (`ReviewDto`). */
export function reviewDtoFields(row: ReviewRow, userName: (id: number | null) => string | null) {
  return {
    auditStatus: row.auditStatus === 1 ? 1 : row.auditStatus === 2 ? 2 : 0,
    auditorUserId: row.auditorUserId,
    auditorName: userName(row.auditorUserId),
    auditTime: iso(row.auditTime),
    auditReason: row.auditReason,
    reviewStep: row.reviewStep,
  } as const;
}

/**
 * The moderated queue's condition: pending items awaiting a step the caller
 * may decide, not their own unless the tenant lets authors review
 * (`App.Review.AllowAuthorReview`; the static Admin sees and decides their
 * own either way).
 */
export async function awaitingDecisionBy(ctx: RequestContext, reviewable: Reviewable) {
  const me = await ctx.requireUser();
  const steps = flowOf(ctx.app, reviewable)
    .steps.map((s, i) => (me.granted.has(s.permission) ? i : -1))
    .filter((i) => i >= 0);
  const ownToo = me.isAdmin || (await reviewSettings(ctx.prisma, ctx.session.tenantId)).allowAuthorReview;
  return { auditStatus: 0, reviewStep: { in: steps }, ...(ownToo ? {} : { NOT: { creatorUserId: me.id } }) };
}

/** Where an item goes after a decision at `step`. */
function nextState(flow: ReviewFlow, step: number, decision: 1 | 2): { auditStatus: 0 | 1 | 2; reviewStep: number } {
  if (decision === 2) return { auditStatus: 2, reviewStep: step };
  return step < flow.steps.length - 1 ? { auditStatus: 0, reviewStep: step + 1 } : { auditStatus: 1, reviewStep: step };
}

/**
 * The author's notification of a decision, in the author's language: at every
 * step of a multi-step flow (passed 初审, now awaiting 复审), and at the end
 * (approved or rejected with the reason). A contributor follows their item
 * through the flow without asking.
 */
async function authorNotice(
  ctx: RequestContext,
  reviewable: Reviewable,
  row: ReviewRow,
  flow: ReviewFlow,
  step: number,
  next: { auditStatus: 0 | 1 | 2; reviewStep: number },
  reason: string | null,
): Promise<NotifyInput | null> {
  if (row.creatorUserId === null || row.creatorUserId === ctx.session.userId) return null;
  const settings = await effectiveSettings(ctx.prisma, row.tenantId, row.creatorUserId);
  const culture = resolveCulture(settings['Abp.Localization.DefaultLanguageName']) ?? 'zh-Hans';
  const kind = reviewable.displayName[culture];
  const status = next.auditStatus;
  const message =
    status === 0
      ? localize(
          culture,
          'ContentPassedStep',
          kind,
          row.title,
          flow.steps[step]!.displayName[culture],
          flow.steps[next.reviewStep]!.displayName[culture],
        )
      : status === 1
        ? localize(culture, 'ContentApproved', kind, row.title)
        : localize(culture, 'ContentRejected', kind, row.title, reason ?? '');
  return {
    tenantId: row.tenantId,
    userId: row.creatorUserId,
    notificationName: 'App.ContentReviewed',
    message,
    properties: {
      type: 1,
      title: localize(culture, 'ContentReviewedTitle'),
      entity: reviewable.entity,
      entityId: row.id,
      auditStatus: status,
      auditReason: reason,
      reviewStep: next.reviewStep,
      stepName: flow.steps[next.reviewStep]!.name,
    },
    severity: status === 2 ? 2 : status === 1 ? 1 : 0,
    entityTypeName: reviewable.entity,
    entityId: row.id,
  };
}

/**
 * One decision on one item: checks, then the row, the decision record and the
 * author's notification in one transaction, then the hub push.
 *
 * Checks, in order: the item exists (404); the decision changes something
 * (approving an approved item, rejecting a rejected one: user-friendly error);
 * the caller holds the deciding step's permission (403); the rules of who
 * decides (`decisionBars`: not the author, not the decider of an earlier step
 * of the round, unless the tenant's settings allow it; 400 naming the
 * reason); a rejection has a reason (400). The write is
 * guarded by the state read, so of two reviewers deciding at once one wins and
 * the other is told the item changed. `expectedStep` (a step name) refuses
 * the decision unless the item awaits that step.
 */
export async function decide(
  ctx: RequestContext,
  reviewable: RegisteredReviewable,
  input: AuditInput,
  expectedStep?: string,
  /** `pendingOnly`: refuse (conflict) unless the item is still pending, so a queue's decision never reconsiders or takes down an item decided meanwhile. */
  options: { pendingOnly?: boolean } = {},
): Promise<void> {
  const me = await ctx.requireUser();
  const entity = reviewable.entity;
  const flow = flowOf(ctx.app, reviewable);
  const row = await reviewModel(ctx.db, entity).findFirst({ where: { id: input.id } });
  if (!row) throw new EntityNotFoundError(entity, input.id);
  if (row.auditStatus === input.auditStatus) throw new ReviewConflictError(ctx.t(input.auditStatus === 1 ? 'AlreadyApproved' : 'AlreadyRejected'));
  if (options.pendingOnly && row.auditStatus !== 0) throw new ReviewConflictError(ctx.t('ReviewChangedMeanwhile'));
  const step = decidingStep(flow, row.auditStatus, row.reviewStep);
  // A caller naming the step it decides (AuditTestQuestionFlow) is refused when the item awaits another; the guarded write below closes the race.
  if (expectedStep !== undefined && flow.steps[step]!.name !== expectedStep)
    throw new ReviewConflictError(ctx.t('ReviewAwaitsOtherStep', flow.steps[step]!.displayName[ctx.culture]));
  const permission = flow.steps[step]!.permission;
  if (!me.granted.has(permission)) throw new ForbiddenError([permission]);
  const bar = (await decisionBars(ctx, reviewable, [row])).get(row.id);
  if (bar) throw new ReviewRefusedError(bar.refusal, bar.message);
  const reason = input.auditReason?.trim() || null;
  if (input.auditStatus === 2 && !reason) invalid('auditReason', ctx.t('RejectionNeedsReason'));

  const next = nextState(flow, step, input.auditStatus);
  const notice = await authorNotice(ctx, reviewable, row, flow, step, next, reason);
  const now = new Date();
  const stored = await ctx.transaction(async (tx) => {
    const updated = await reviewModel(tx.db, entity).updateMany({
      where: { id: row.id, auditStatus: row.auditStatus, reviewStep: row.reviewStep },
      data: { ...next, auditorUserId: me.id, auditTime: now, auditReason: reason },
    });
    if (updated.count !== 1) throw new ReviewConflictError(ctx.t('ReviewChangedMeanwhile'));
    await bindingOf(entity).onDecision?.(tx.db, row.id, next);
    await tx.db.reviewDecision.create({
      data: {
        tenantId: row.tenantId,
        entityName: entity,
        entityId: row.id,
        step,
        stepName: flow.steps[step]!.name,
        decision: input.auditStatus,
        reason,
        auditStatus: next.auditStatus,
        userId: me.id,
        creationTime: now,
      },
    });
    return notice ? tx.db.userNotification.create({ data: notificationRow(notice) }) : null;
  });
  if (stored && notice) pushNotification(ctx.app, notice, stored);
}

/** Items of every reviewable: total and pending, in registry order (the home page's figures). */
export async function reviewCounts(db: Db) {
  return Promise.all(
    reviewableList.map(async (r) => {
      const model = reviewModel(db, r.entity);
      const [total, pending] = await Promise.all([model.count(), model.count({ where: { auditStatus: 0 } })]);
      return { entity: r.clientKey, total, pending };
    }),
  );
}

/** Reviewables filed under a category: `[text key, count]` pairs with a count (the "category in use" message). */
export async function reviewableUsage(db: Db, categoryId: number): Promise<Array<[string, number]>> {
  // Entities without categories (classTypeId null: Q&A replies, questionnaires, ...) have no categoryId column to count by.
  const filed = reviewableList.filter((r) => r.classTypeId !== null);
  const counts = await Promise.all(filed.map((r) => reviewModel(db, r.entity).count({ where: { categoryId } })));
  return filed.map((r, i) => [usageTextKey(r), counts[i]!] as [string, number]).filter(([, n]) => n > 0);
}

/** Localization keys generated from the registry (texts.ts). */
export const usageTextKey = (r: Reviewable) => `UsedBy:${r.entity}`;

/**
 * The decisions on one item, oldest first (`Review/GetReviewHistory`): for
 * whoever may read the entity (its `Get` permission) and sees the item.
 */
export async function reviewHistory(ctx: RequestContext, entity: ReviewableEntity, id: number): Promise<ReviewDecisionDto[]> {
  const me = await ctx.requireUser();
  const reviewable = reviewableOf(entity);
  if (!reviewable) invalid('entityName', ctx.t('ReviewHistoryOfUnknownEntity', entity));
  const readers = requiredPermissions(reviewable.service.endpoints.Get.access);
  if (readers.length > 0 && !readers.some((p) => me.granted.has(p))) throw new ForbiddenError(readers);
  if (!(await reviewModel(ctx.db, entity).findFirst({ where: { id } }))) throw new EntityNotFoundError(entity, id);
  const rows = await ctx.db.reviewDecision.findMany({ where: { entityName: entity, entityId: id }, orderBy: { id: 'asc' } });
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const users = userIds.length
    ? await ctx.prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, surname: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, fullNameOf(u)]));
  return rows.map((r) => ({
    id: r.id,
    step: r.step,
    stepName: r.stepName,
    decision: r.decision === 2 ? 2 : 1,
    reason: r.reason,
    auditStatus: r.auditStatus === 1 ? 1 : r.auditStatus === 2 ? 2 : 0,
    userId: r.userId,
    userName: names.get(r.userId) ?? null,
    creationTime: iso(r.creationTime),
  }));
}
