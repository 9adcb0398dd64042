import { chineseOrdinal, PAPER_SECTION_NAMES, paperTotals, type QuestionType, type TestPaperDto, type TestQuestionDto } from '@edu/sdk';

/** A question of the draft: the link (`id` once saved), the bank question's summary and the score typed here. */
export interface DraftQuestion {
  /** Stable key for React and drag (`q<link id>` or a fresh one). */
  key: string;
  id?: number;
  questionId: number;
  questionType: QuestionType;
  title: string;
  difficulty: number | null;
  sisterGroupId: number | null;
  /** The score typed for this question (null: the section's, else the bank's). */
  score: number | null;
  /** The question's own score in the bank (the last fallback). */
  bankScore: number;
}

export interface DraftSection {
  key: string;
  id?: number;
  title: string;
  description: string;
  /** Score per question (每小题 x 分) for questions without their own. */
  score: number | null;
  questions: DraftQuestion[];
}

let seq = 0;
export const freshKey = (prefix: string) => `${prefix}-new-${++seq}`;

/** The draft of a saved paper (the link scores as the server resolved them). */
export function draftOf(paper: TestPaperDto): DraftSection[] {
  return paper.sections.map((s) => ({
    key: `s${s.id}`,
    id: s.id,
    title: s.title,
    description: s.description ?? '',
    score: s.score,
    questions: s.questions.map((q) => ({
      key: `q${q.id}`,
      id: q.id,
      questionId: q.questionId,
      questionType: q.questionType ?? 1,
      title: q.title ?? '',
      difficulty: q.difficulty,
      sisterGroupId: q.sisterGroupId,
      // A score equal to the section's is the section's: changing the section's then moves it too.
      score: s.score !== null && q.score === s.score ? null : q.score,
      bankScore: q.score,
    })),
  }));
}

export function draftQuestionOf(q: TestQuestionDto): DraftQuestion {
  return {
    key: freshKey('q'),
    questionId: q.id,
    questionType: q.questionType,
    title: q.title,
    difficulty: q.difficulty,
    sisterGroupId: q.sisterGroupId,
    score: null,
    bankScore: q.score,
  };
}

/** The score a question counts with: its own, else the section's, else the bank's (as the server resolves it). */
export const effectiveScore = (q: DraftQuestion, s: DraftSection) => q.score ?? s.score ?? q.bankScore;

/** The local estimate of the totals (the same `paperTotals` the server uses). */
export function draftTotals(sections: readonly DraftSection[]) {
  return paperTotals(sections.flatMap((s) => s.questions.map((q) => ({ questionType: q.questionType, score: effectiveScore(q, s) }))));
}

/** Per section, in order: its title, how many questions and their score (the summary beside the paper). */
export function sectionSummaries(sections: readonly DraftSection[]) {
  return sections.map((s) => ({
    key: s.key,
    title: s.title,
    count: s.questions.length,
    score: s.questions.reduce((n, q) => n + effectiveScore(q, s), 0),
  }));
}

/** Why a bank question cannot be added: already in the paper, or a sister of one that is. */
export function blockedReason(sections: readonly DraftSection[], q: Pick<TestQuestionDto, 'id' | 'sisterGroupId'>): 'duplicate' | 'sister' | null {
  for (const s of sections)
    for (const held of s.questions) {
      if (held.questionId === q.id) return 'duplicate';
      if (q.sisterGroupId !== null && held.sisterGroupId === q.sisterGroupId) return 'sister';
    }
  return null;
}

/**
 * Adds a question: into `target` (a section key), or the section of its type
 * (the first whose title names the type), a new section 「四、填空题」 at the end when none.
 */
export function addQuestion(sections: readonly DraftSection[], q: TestQuestionDto, target: string | null): DraftSection[] {
  const item = draftQuestionOf(q);
  const name = PAPER_SECTION_NAMES[q.questionType];
  const index = target ? sections.findIndex((s) => s.key === target) : sections.findIndex((s) => s.title.includes(name));
  if (index < 0)
    return [
      ...sections,
      { key: freshKey('s'), title: `${chineseOrdinal(sections.length)}、${name}`, description: '', score: null, questions: [item] },
    ];
  return sections.map((s, i) => (i === index ? { ...s, questions: [...s.questions, item] } : s));
}

/** Moves the item at `from` to `to` (sections within the paper, questions within a section); out of range changes nothing. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

/** The sections as Create/Update take them: order is the list's, ids keep existing links. */
export function sectionsInput(sections: readonly DraftSection[]) {
  return sections.map((s) => ({
    ...(s.id !== undefined && { id: s.id }),
    title: s.title,
    description: s.description.trim() || null,
    score: s.score,
    questions: s.questions.map((q) => ({ ...(q.id !== undefined && { id: q.id }), questionId: q.questionId, score: q.score })),
  }));
}
