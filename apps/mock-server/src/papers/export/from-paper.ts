import type { PaperQuestionDetailDto, SubQuestionDto, TestPaperDto, TestQuestionDto } from '@edu/sdk';
import type { z } from 'zod';
import type { PaperRenderModel, RenderQuestion } from './model.ts';

/**
 * The one place where the paper service's DTOs become the render model:
 * `TestPaper/Get` for the paper (title, kind, sections, times) and
 * `GetAllQuestionOfPaper` for its questions with their scores in this paper
 * and the full bank DTOs (stems, options, answers, analyses).
 */

type Paper = Pick<TestPaperDto, 'title' | 'kind' | 'learningCourseName' | 'examMinutes' | 'dueTime' | 'classNames' | 'description' | 'sections'>;
type QuestionOfPaper = Pick<PaperQuestionDetailDto, 'sectionId' | 'score' | 'question'>;
type Part = Pick<
  TestQuestionDto | z.infer<typeof SubQuestionDto>,
  'questionType' | 'stem' | 'score' | 'trueFalseAnswer' | 'blanks' | 'referenceAnswer' | 'analysis'
> & {
  options: ReadonlyArray<{ label: string; content: string; isCorrect: boolean }>;
};

function question(q: Part, score: number, subQuestions: readonly RenderQuestion[] = []): RenderQuestion {
  return {
    type: q.questionType,
    stem: q.stem,
    score,
    options: q.options.map((o) => ({ label: o.label, content: o.content, isCorrect: o.isCorrect })),
    blanks: q.blanks?.map((b) => b.answers) ?? null,
    trueFalseAnswer: q.trueFalseAnswer,
    referenceAnswer: q.referenceAnswer,
    analysis: q.analysis,
    subQuestions,
  };
}

/** 2025-01-20 18:00 in China Standard Time (homework due times are stored as UTC instants). */
export function chinaTime(instant: string): string {
  const d = new Date(new Date(instant).getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * The render model of a paper. Questions deleted from the bank since the
 * paper was made (`question: null`) are left out, so the 计分栏 adds up what
 * is printed. `heading` is the title block's school (the tenant's school name
 * setting; null on the host) and subject (of the paper's questions; the
 * paper's own category is an exam kind, 期中考试, not a subject).
 */
export function paperRenderModel(
  paper: Paper,
  questions: readonly QuestionOfPaper[],
  heading: { school: string | null; subject: string | null },
): PaperRenderModel {
  return {
    title: paper.title,
    school: heading.school,
    subject: heading.subject,
    course: paper.learningCourseName,
    examMinutes: paper.examMinutes,
    kind: paper.kind === 2 ? 'homework' : 'paper',
    due: paper.dueTime ? chinaTime(paper.dueTime) : null,
    classNames: paper.classNames,
    notes: (paper.description ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    sections: paper.sections.map((s) => ({
      title: s.title,
      description: s.description,
      questions: questions.flatMap((item) => {
        const q = item.question;
        if (item.sectionId !== s.id || !q) return [];
        return [
          question(
            q,
            item.score,
            q.subQuestions.map((sub) => question(sub, sub.score)),
          ),
        ];
      }),
    })),
  };
}
