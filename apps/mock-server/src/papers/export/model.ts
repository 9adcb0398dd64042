import type { QuestionType } from '@edu/sdk';

/**
 * The paper render model: everything the export needs to typeset a paper,
 * independent of where the paper came from (`from-paper.ts` maps the paper
 * service's DTOs into it). Rich text (stems, options, analyses) is the bank's
 * sanitized HTML; `html-runs.ts` turns it into formatted runs.
 */
export interface PaperRenderModel {
  /** 试卷名称, e.g. 2024–2025学年第一学期期中考试 七年级数学 A 卷. */
  title: string;
  /** First line of the title block: the school (the tenant's `App.General.SchoolName`); null leaves it out. */
  school: string | null;
  /** 科目: the subject of the paper's questions (their category path's subject level, 数学); null leaves it out. */
  subject: string | null;
  /** 课程: a homework's course; null leaves it out. */
  course: string | null;
  /** 考试时间 in minutes; null leaves it out. */
  examMinutes: number | null;
  /** 试卷 or 作业: homework says 作业 in its info line and has no 密封线 fields of an exam. */
  kind: 'paper' | 'homework';
  /** Homework: 截止时间 as shown (already formatted), and the classes. */
  due: string | null;
  classNames: readonly string[];
  /** 注意事项 / 说明 (plain text, one item per line); empty: none. */
  notes: readonly string[];
  sections: readonly RenderSection[];
}

export interface RenderSection {
  /** The section's name (单选题); a leading ordinal (一、) is dropped, the position numbers it. */
  title: string;
  /** The section's own note (plain text), shown under its header. */
  description: string | null;
  questions: readonly RenderQuestion[];
}

export interface RenderOption {
  label: string;
  /** Sanitized HTML. */
  content: string;
  isCorrect: boolean;
}

export interface RenderQuestion {
  type: QuestionType;
  /** Sanitized HTML; blanks are runs of two or more underscores (`____`). */
  stem: string;
  /** The question's score in this paper (sub-questions: their bank scores). */
  score: number;
  options: readonly RenderOption[];
  /** Fill in the blank: accepted answers per blank, the first the canonical one. */
  blanks: ReadonlyArray<readonly string[]> | null;
  trueFalseAnswer: boolean | null;
  /** Short answer: the reference answer (plain text). */
  referenceAnswer: string | null;
  /** 解析, sanitized HTML. */
  analysis: string | null;
  /** Material: the sub-questions in order (never material themselves). */
  subQuestions: readonly RenderQuestion[];
}

/** Which of the three documents of one render. */
export type PaperDocument = 'paper' | 'answers' | 'answerSheet';
export type PaperFormat = 'docx' | 'pdf';
