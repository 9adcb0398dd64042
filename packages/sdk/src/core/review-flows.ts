import { Permissions } from '../permissions.ts';

/**
 * The review flows of the registry's entities, keyed by registry key, apart
 * from the registry itself (core/review.ts): flows need only permissions,
 * while the registry holds every reviewable service's schemas. What must be
 * known before sign-in (the review inbox's navigation entry, who may open it)
 * reads this module and so stays out of the first load. `defineReviewable`
 * takes each entity's flow from here; a test checks that the two have the
 * same keys.
 */

/** A text in each culture the server localizes (zh-Hans default, en). */
export interface LocalText {
  readonly 'zh-Hans': string;
  readonly en: string;
}

export interface ReviewStep {
  /** Stable name of the step, recorded with each decision (`review`, `first`, `second`). */
  readonly name: string;
  /** Who may decide at this step. */
  readonly permission: string;
  readonly displayName: LocalText;
}

export interface ReviewFlow {
  /** Name of the flow (the spec's `AuditTestQuestionFlow` names the two-step question flow). */
  readonly name: string;
  readonly steps: readonly [ReviewStep, ...ReviewStep[]];
}

/** Declares a flow: at least one step, step names unique. */
export function reviewFlow(name: string, steps: readonly [ReviewStep, ...ReviewStep[]]): ReviewFlow {
  const names = new Set(steps.map((s) => s.name));
  if (names.size !== steps.length) throw new Error(`Review flow ${name}: step names must be unique`);
  return Object.freeze({ name, steps });
}

/** The one-step flow every reviewable entity of today has: one permission decides. */
export function singleStepFlow(name: string, permission: string): ReviewFlow {
  return reviewFlow(name, [{ name: 'review', permission, displayName: { 'zh-Hans': '审核', en: 'Review' } }]);
}

/** The web's i18n key of a flow step's name: `review.steps.<step name>`. */
export function stepI18nKey(step: ReviewStep): string {
  return `review.steps.${step.name}`;
}

/** Every permission that decides some step of the flow (what the decision endpoint admits). */
export function flowPermissions(flow: ReviewFlow): string[] {
  return [...new Set(flow.steps.map((s) => s.permission))];
}

/**
 * The step a decision on an item in this state is made at: the pending step;
 * for a rejected item the step that rejected it (reconsidering); for an
 * approved item the last step (taking it down).
 */
export function decidingStep(flow: ReviewFlow, auditStatus: number, reviewStep: number): number {
  const last = flow.steps.length - 1;
  if (auditStatus === 1) return last;
  return Math.min(Math.max(reviewStep, 0), last);
}

/** Whether a holder of `granted` may decide an item in this state. */
export function canDecide(
  flow: ReviewFlow,
  item: { auditStatus: number; reviewStep?: number | null },
  granted: (permission: string) => boolean,
): boolean {
  return granted(flow.steps[decidingStep(flow, item.auditStatus, item.reviewStep ?? 0)]!.permission);
}

const P = Permissions;

export const reviewFlows = {
  article: singleStepFlow('AuditArticleFlow', P.ArticlesAuditArticle),
  resource: singleStepFlow('AuditResourceFlow', P.ResourcesAuditResource),
  learningCourse: singleStepFlow('AuditLearningCourseFlow', P.ArticlesAuditLearning),
  oneQuestionPerday: singleStepFlow('AuditOneQuestionPerdayFlow', P.ArticlesAuditOneQuestionPerday),
  testQuestion: reviewFlow('AuditTestQuestionFlow', [
    { name: 'first', permission: P.QuestionsTeachers, displayName: { 'zh-Hans': '初审', en: 'First review' } },
    { name: 'second', permission: P.QuestionsTestQuestion, displayName: { 'zh-Hans': '复审', en: 'Second review' } },
  ]),
  testPaper: singleStepFlow('AuditTestPaperFlow', P.Manages),
  questionnaire: singleStepFlow('AuditQuestionnaireFlow', P.OthersQuestionnaire),
  discuss: singleStepFlow('AuditDiscussFlow', P.OthersDiscuss),
  leaveMessage: singleStepFlow('AuditLeaveMessageFlow', P.OthersLeaveMessage),
  questionOfAsk: singleStepFlow('AuditQuestionOfAskFlow', P.OthersAnswerquestion),
  questionOfAskReply: singleStepFlow('AuditReplayAskFlow', P.OthersAnswerquestion),
} as const satisfies Record<string, ReviewFlow>;

/** The registry keys (`article`, ...). */
export type ReviewFlowKey = keyof typeof reviewFlows;

/** Every permission that decides a step of some registry flow: who may open the review inbox (any one of them). */
export const reviewInboxAccess: readonly string[] = [...new Set(Object.values(reviewFlows).flatMap((f) => flowPermissions(f)))];
