import { MAX_PAPER_QUESTIONS, paperTotals, QuestionType, type ValidationErrorInfo } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { distinctIds } from '../kit/content.ts';
import { AbpValidationError, invalid } from '../kit/errors.ts';
import type { TextKey } from '../localization/texts.ts';

/**
 * What a paper may hold: the bank's facts about questions, the rule for
 * questions joining a paper, and the check of a paper's whole content.
 */

/** Bank facts about questions, deleted ones included (a paper keeps what it held): ids come from the tenant's own input or links. */
export async function questionFacts(ctx: RequestContext, ids: number[]) {
  if (!ids.length) return new Map<number, QuestionFact>();
  const rows = await ctx.db.testQuestion.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      questionType: true,
      score: true,
      auditStatus: true,
      isShow: true,
      isUniversity: true,
      sisterGroupId: true,
      title: true,
      difficulty: true,
    },
  });
  return new Map(rows.map((r) => [r.id, r]));
}

/** Why a question may not join a paper, or null when it may. */
export type PaperSkipReason = 'duplicate' | 'sister' | 'unavailable';

/**
 * The rule for questions joining a paper that already holds `held`: approved,
 * shown and of the paper's variant (`unavailable`), not in it already
 * (`duplicate`), no sister of a question in it (`sister`). `admit(id)` answers
 * the reason, or null and counts the question as held from then on.
 */
export function paperAdmission(facts: ReadonlyMap<number, QuestionFact>, held: Iterable<number>, isUniversity: boolean) {
  const questions = new Set(held);
  const families = new Set(distinctIds([...questions].map((id) => facts.get(id)?.sisterGroupId)));
  return (id: number): PaperSkipReason | null => {
    const fact = facts.get(id);
    if (questions.has(id)) return 'duplicate';
    if (!fact || fact.auditStatus !== 1 || !fact.isShow || fact.isUniversity !== isUniversity) return 'unavailable';
    if (fact.sisterGroupId !== null && families.has(fact.sisterGroupId)) return 'sister';
    questions.add(id);
    if (fact.sisterGroupId !== null) families.add(fact.sisterGroupId);
    return null;
  };
}
type QuestionFact = {
  id: number;
  questionType: number;
  score: number;
  auditStatus: number;
  isShow: boolean;
  isUniversity: boolean;
  sisterGroupId: number | null;
  title: string;
  difficulty: number;
};

/** A stored type as the SDK's `QuestionType`; an unknown value reads as single choice. */
export const narrowType = (t: number): QuestionType => QuestionType.safeParse(t).data ?? 1;

/** A section as the write takes it: input shape, ids of existing links allowed. */
export type SectionPlan = {
  id?: number | undefined;
  title: string;
  description?: string | null | undefined;
  score?: number | null | undefined;
  questions: Array<{ id?: number | undefined; questionId: number; score?: number | null | undefined }>;
};

/**
 * Checks a paper's content: every question exists in the tenant's bank, is of
 * the paper's bank, is approved and shown (questions the paper already holds
 * are kept as they are), appears once, and no two share a sister family; link
 * ids belong to this paper and appear once. All broken rules at once, with
 * paths (`sections[1].questions[3].questionId`). Answers the links with their
 * resolved scores and the totals.
 */
export async function checkContent(
  ctx: RequestContext,
  paper: { id: number | null; isUniversity: boolean },
  sections: readonly SectionPlan[],
  admit: ReadonlySet<number> = new Set(),
) {
  const existing = paper.id ? await ctx.db.testPaperQuestion.findMany({ where: { paperId: paper.id }, select: { id: true, questionId: true } }) : [];
  const linkIds = new Set(existing.map((l) => l.id));
  const held = new Set(existing.map((l) => l.questionId));
  const all = sections.flatMap((s, i) => s.questions.map((q, j) => ({ ...q, i, j, section: s })));
  if (all.length > MAX_PAPER_QUESTIONS) invalid('sections', ctx.t('PaperTooManyQuestions', MAX_PAPER_QUESTIONS));
  const facts = await questionFacts(ctx, distinctIds(all.map((q) => q.questionId)));
  const errors: ValidationErrorInfo[] = [];
  const seenQuestion = new Map<number, number>();
  const seenFamily = new Map<number, number>();
  const seenLink = new Set<number>();
  const links = all.flatMap((q, position) => {
    const at = `sections[${q.i}].questions[${q.j}]`;
    const err = (member: string, key: TextKey, ...args: Array<string | number>) =>
      errors.push({ message: ctx.t(key, ...args), members: [`${at}.${member}`] });
    if (q.id !== undefined) {
      if (!linkIds.has(q.id)) err('id', 'ChildNotFound', q.id);
      else if (seenLink.has(q.id)) err('id', 'ChildRepeated', q.id);
      seenLink.add(q.id);
    }
    const fact = facts.get(q.questionId);
    if (!fact) return (err('questionId', 'PaperQuestionUnknown', q.questionId), []);
    if (fact.isUniversity !== paper.isUniversity) err('questionId', 'PaperQuestionWrongBank', q.questionId);
    else if (!held.has(q.questionId) && !admit.has(q.questionId) && (fact.auditStatus !== 1 || !fact.isShow))
      err('questionId', 'PaperQuestionUnavailable', q.questionId);
    const twice = seenQuestion.get(q.questionId);
    if (twice !== undefined) err('questionId', 'PaperQuestionRepeated', q.questionId, twice + 1);
    else {
      seenQuestion.set(q.questionId, position);
      const sister = fact.sisterGroupId === null ? undefined : seenFamily.get(fact.sisterGroupId);
      if (sister !== undefined) err('questionId', 'PaperQuestionSister', q.questionId, sister + 1);
      else if (fact.sisterGroupId !== null) seenFamily.set(fact.sisterGroupId, position);
    }
    return [{ ...q, questionType: narrowType(fact.questionType), score: q.score ?? q.section.score ?? fact.score }];
  });
  if (errors.length) throw new AbpValidationError(errors);
  return { links, totals: paperTotals(links) };
}

// ---------------------------------------------------------------------------
// DTOs
