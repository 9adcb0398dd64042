import { z } from 'zod';
import { requiredPermissions, type Endpoint, type Service } from './define-service.ts';
import { flowPermissions, reviewFlows, type LocalText, type ReviewFlow, type ReviewFlowKey } from './review-flows.ts';
import { ArticleService } from '../services/article.ts';
import { ClassType } from '../services/classification-type.ts';
import { LearningCourseService } from '../services/learning-course.ts';
import { OneQuestionPerdayService } from '../services/one-question-perday.ts';
import { ResourceService } from '../services/resource.ts';
import { TestQuestionService } from '../services/test-question.ts';
import { TestPaperService } from '../services/test-paper.ts';
import { QuestionOfAskService } from '../services/question-of-ask.ts';
import { DiscussService } from '../services/discuss.ts';
import { LeaveMessageService } from '../services/leave-message.ts';
import { QuestionnaireService } from '../services/questionnaire.ts';

export * from './review-flows.ts';

/**
 * The review registry: every reviewable entity declared once, with its review
 * flow. Everything that lists reviewables derives from `reviewables`: the
 * server's review state machine, the home page's pending counts, the
 * "category in use" message, notification texts, the moderated lists and the
 * web's review columns and actions. One more reviewable entity is one entry.
 *
 * Wire format (unchanged): `auditStatus` is 0 Pending, 1 Approved, 2 Rejected.
 * A flow is an ordered list of steps, each gated by its own permission. While
 * an item is Pending, `reviewStep` is the index of the step awaiting a
 * decision; approving at a step advances to the next one (still Pending) or,
 * at the last step, approves the item; rejecting at any step ends the flow
 * (Rejected, `reviewStep` = the step that rejected). A rejected item may be
 * reconsidered by the holder of the step that rejected it (approving resumes
 * the flow from there); an approved item may be taken down (rejected) by the
 * holder of the last step. Any edit sends the item back to step 0, Pending.
 * The current three-state flow is a one-step flow. See docs/decisions.md,
 * "Review registry".
 */

/** Keys of a service's endpoints. */
type EndpointKey<S extends Service> = keyof S['endpoints'] & string;

export interface Reviewable<S extends Service = Service, K extends string = string, E extends string = never> {
  /**
   * The entity name: Prisma model, `entityTypeName` of notifications, `EntityName` of the history.
   * The service's name unless declared (`entity`), for a second entity of one service (Q&A replies).
   */
  readonly entity: S['name'] | E;
  /** The registry key: unique; the client property of its service unless `client` says otherwise; the web's resource name. */
  readonly clientKey: K;
  /** The client property of its service (`client.article`): `clientKey` unless several entities share one service. */
  readonly client: string;
  readonly service: S;
  /** The decision endpoint (`AuditedArticle`), input `AuditInput`; a key of `service.endpoints`. */
  readonly reviewEndpoint: string;
  /** The reviewers' queue (`GetAllModerated`): items awaiting a step the caller may decide; a key of `service.endpoints`. */
  readonly moderatedList: string;
  readonly flow: ReviewFlow;
  /** Class type of its categories (MultiLevelCategory.classTypeId); null when it has none. */
  readonly classTypeId: number | null;
  /** The entity's name in running text ("您的文章《…》已审核通过"). */
  readonly displayName: LocalText;
  /** How a count of it reads in the "category in use" message; `{0}` is the count. */
  readonly countText: LocalText;
  /** The web's i18n key of its display name: `review.entities.<clientKey>` (apps/web/src/locales/<lng>/review.json). */
  readonly i18nKey: string;
}

/** Declares one reviewable entity; the endpoint keys are checked against the service at compile time; its flow is `reviewFlows[clientKey]`. */
export function defineReviewable<
  S extends Service,
  const K extends ReviewFlowKey,
  R extends EndpointKey<S>,
  M extends EndpointKey<S>,
  const E extends string = never,
>(
  r: Omit<Reviewable<S, K, E>, 'entity' | 'client' | 'reviewEndpoint' | 'moderatedList' | 'i18nKey' | 'flow'> & {
    reviewEndpoint: R;
    moderatedList: M;
    /** An entity name other than the service's (a second reviewable entity of one service). */
    entity?: E;
    /** The client property of the service when it differs from `clientKey`. */
    client?: string;
  },
): Reviewable<S, K, E> & { readonly reviewEndpoint: R; readonly moderatedList: M } {
  return Object.freeze({
    ...r,
    entity: r.entity ?? r.service.name,
    client: r.client ?? r.clientKey,
    flow: reviewFlows[r.clientKey],
    i18nKey: `review.entities.${r.clientKey}`,
  });
}

export const reviewables = {
  article: defineReviewable({
    clientKey: 'article',
    service: ArticleService,
    reviewEndpoint: 'AuditedArticle',
    moderatedList: 'GetAllModerated',
    classTypeId: ClassType.Article,
    displayName: { 'zh-Hans': '文章', en: 'article' },
    countText: { 'zh-Hans': '{0} 篇文章', en: '{0} article(s)' },
  }),
  resource: defineReviewable({
    clientKey: 'resource',
    service: ResourceService,
    reviewEndpoint: 'AuditedResource',
    moderatedList: 'GetAllModerated',
    classTypeId: ClassType.Resource,
    displayName: { 'zh-Hans': '资源', en: 'resource' },
    countText: { 'zh-Hans': '{0} 个资源', en: '{0} resource(s)' },
  }),
  learningCourse: defineReviewable({
    clientKey: 'learningCourse',
    service: LearningCourseService,
    reviewEndpoint: 'AuditedLearningCourse',
    moderatedList: 'GetAllModerated',
    classTypeId: ClassType.Course,
    displayName: { 'zh-Hans': '课程', en: 'course' },
    countText: { 'zh-Hans': '{0} 门课程', en: '{0} course(s)' },
  }),
  oneQuestionPerday: defineReviewable({
    clientKey: 'oneQuestionPerday',
    service: OneQuestionPerdayService,
    reviewEndpoint: 'AuditedOneQuestionPerday',
    moderatedList: 'GetAllModerated',
    classTypeId: ClassType.Question,
    displayName: { 'zh-Hans': '每日一题', en: 'daily question' },
    countText: { 'zh-Hans': '{0} 道每日一题', en: '{0} daily question(s)' },
  }),
  /**
   * Questions: two steps, 初审 (first) by teacher-question reviewers
   * (`Pages.Questions.Teachers`), then 复审 (second) by bank editors
   * (`Pages.Questions.TestQuestion`). `AuditedTestQuestion` decides the pending
   * step; `AuditTestQuestionFlow` names the step it decides.
   */
  testQuestion: defineReviewable({
    clientKey: 'testQuestion',
    service: TestQuestionService,
    reviewEndpoint: 'AuditedTestQuestion',
    moderatedList: 'GetAllModerated',
    classTypeId: ClassType.Question,
    displayName: { 'zh-Hans': '试题', en: 'question' },
    countText: { 'zh-Hans': '{0} 道试题', en: '{0} question(s)' },
  }),
  /** Papers and homework (one entity, `kind`): one step by `Pages.Administration.Manages` (spec: auditedTestPaper, auditedHomeWork). */
  testPaper: defineReviewable({
    clientKey: 'testPaper',
    service: TestPaperService,
    reviewEndpoint: 'Review',
    moderatedList: 'GetAllModerated',
    classTypeId: ClassType.Paper,
    displayName: { 'zh-Hans': '试卷', en: 'paper' },
    countText: { 'zh-Hans': '{0} 份试卷', en: '{0} paper(s)' },
  }),
  /** Questionnaires: one step by `Pages.Others.Questionnaire` (spec: auditedQuestionnaire); approval publishes (answers accepted). */
  questionnaire: defineReviewable({
    clientKey: 'questionnaire',
    service: QuestionnaireService,
    reviewEndpoint: 'auditedQuestionnaire',
    moderatedList: 'GetAllModerated',
    classTypeId: null,
    displayName: { 'zh-Hans': '问卷', en: 'questionnaire' },
    countText: { 'zh-Hans': '{0} 份问卷', en: '{0} questionnaire(s)' },
  }),
  /** Member comments: one step by `Pages.Others.Discuss` (spec: `POST auditedDiscuss?id=`: the id in the query, the decision in the body). */
  discuss: defineReviewable({
    clientKey: 'discuss',
    service: DiscussService,
    reviewEndpoint: 'AuditedDiscuss',
    moderatedList: 'GetAllModerated',
    classTypeId: null,
    displayName: { 'zh-Hans': '评论', en: 'comment' },
    countText: { 'zh-Hans': '{0} 条评论', en: '{0} comment(s)' },
  }),
  /** Leave messages: one step by `Pages.Others.LeaveMessage` (spec: `POST AuditedLeaveMessage?id`, as Discuss). */
  leaveMessage: defineReviewable({
    clientKey: 'leaveMessage',
    service: LeaveMessageService,
    reviewEndpoint: 'AuditedLeaveMessage',
    moderatedList: 'GetAllModerated',
    classTypeId: null,
    displayName: { 'zh-Hans': '留言', en: 'leave message' },
    countText: { 'zh-Hans': '{0} 条留言', en: '{0} leave message(s)' },
  }),
  /** Online Q&A questions: one step by `Pages.Others.Answerquestion` (spec: AuditedQuestionOfAsk); optional question category. */
  questionOfAsk: defineReviewable({
    clientKey: 'questionOfAsk',
    service: QuestionOfAskService,
    reviewEndpoint: 'AuditedQuestionOfAsk',
    moderatedList: 'GetAllModerated',
    classTypeId: ClassType.Question,
    displayName: { 'zh-Hans': '问答', en: 'Q&A question' },
    countText: { 'zh-Hans': '{0} 个问答', en: '{0} Q&A question(s)' },
  }),
  /** Replies of Q&A threads, reviewed apart from their question (spec: AuditReplayAsk); entity `QuestionOfAskReply`. */
  questionOfAskReply: defineReviewable({
    clientKey: 'questionOfAskReply',
    client: 'questionOfAsk',
    entity: 'QuestionOfAskReply',
    service: QuestionOfAskService,
    reviewEndpoint: 'AuditReplayAsk',
    moderatedList: 'GetAllModeratedReplies',
    classTypeId: null,
    displayName: { 'zh-Hans': '回答', en: 'Q&A reply' },
    countText: { 'zh-Hans': '{0} 条回答', en: '{0} Q&A reply(ies)' },
  }),
} as const;

export type Reviewables = typeof reviewables;
/** The client keys of the reviewable entities (`article`, ...). */
export type ReviewableKey = keyof Reviewables;
/** A registry entry (any of them). */
export type RegisteredReviewable = Reviewables[ReviewableKey];
/** The entity names of the reviewable entities (`Article`, ...). */
export type ReviewableEntity = RegisteredReviewable['entity'];

/** Every reviewable, in declaration order. */
export const reviewableList: readonly RegisteredReviewable[] = Object.values(reviewables);

const keys = reviewableList.map((r) => r.clientKey) as [ReviewableKey, ...ReviewableKey[]];
/** `article | resource | ...` as a schema (home page counts). */
export const ReviewableKeySchema = z.enum(keys);
/** `Article | Resource | ...` as a schema (decision history). */
export const ReviewableEntitySchema = z.enum(reviewableList.map((r) => r.entity) as [ReviewableEntity, ...ReviewableEntity[]]);

/** The reviewable with this entity name, or undefined. */
export function reviewableOf(entity: string): RegisteredReviewable | undefined {
  return reviewableList.find((r) => r.entity === entity);
}

/** The decision endpoint of a reviewable. */
export function reviewEndpointOf(r: Reviewable): Endpoint {
  return r.service.endpoints[r.reviewEndpoint]!;
}

/** The moderated list endpoint of a reviewable. */
export function moderatedListOf(r: Reviewable): Endpoint {
  return r.service.endpoints[r.moderatedList]!;
}

/**
 * The decision endpoint and the moderated list admit exactly the flow's
 * permissions (checked by tests): the endpoint's access rule is the first
 * gate, the state machine then checks the deciding step's own permission.
 */
export function reviewAccessMatchesFlow(r: Reviewable): boolean {
  const flow = flowPermissions(r.flow);
  return [reviewEndpointOf(r), moderatedListOf(r)].every((e) => {
    const access = new Set(requiredPermissions(e.access));
    return access.size === flow.length && flow.every((p) => access.has(p));
  });
}
