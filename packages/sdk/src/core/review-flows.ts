/**
 * Review flows: the types and helpers of a flow, zod-free. Each reviewable
 * entity declares its flow with its service (`reviewable(...)` in its service
 * file); who may open the review inbox (`reviewInboxAccess`) derives from the
 * permission tree's `reviews` marks (permissions.ts), so what must be known
 * before sign-in stays out of the first load.
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
