import {
  countStemBlanks,
  CreateQuestionInput,
  paged,
  QuestionType,
  TestQuestionDto,
  type CallOptions,
  type ChapterTypeDto,
  type GetAllQuestionInput,
} from '@edu/sdk';
import { pathLabel, type SelectOption, type TreeOption } from '@edu/ui';
import { useMemo } from 'react';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { useApi, type ApiCall, type OptionSpec } from '../../resources/index.ts';
import { useCategoryTree, ClassType } from '../categories.tsx';
import { QUESTION_TYPES, toQuestionInput } from './question-form.ts';

/** The question bank's page (`{ totalCount, items }`). */
export const QuestionPage = paged(TestQuestionDto);

const nested = api.testQuestion.getAllQuestion;

/**
 * `TestQuestion/GetAllQuestion` read as an ordinary page. The call answers
 * `result.result` (the original backend's nesting, reproduced by the SDK); the list mechanism reads `{ totalCount, items }`, so the
 * console unwraps the inner `result` here, once. Same endpoint, same SWR key.
 */
export const listQuestions: ApiCall<typeof GetAllQuestionInput, typeof QuestionPage> = Object.assign(
  async (input?: z.input<typeof GetAllQuestionInput>, options?: CallOptions) => (await nested(input, options)).result,
  { endpoint: { ...nested.endpoint, output: QuestionPage } },
);

/** A fill-in question (or sub-question) whose answers are not one per blank of its stem: the counts, else null. */
export function blankCountMismatch(q: {
  questionType: number;
  stem: string;
  blanks?: ReadonlyArray<unknown> | null;
}): { expected: number; given: number } | null {
  if (q.questionType !== QuestionType.values.FillBlank) return null;
  const expected = countStemBlanks(q.stem);
  const given = q.blanks?.length ?? 0;
  return expected === given ? null : { expected, given };
}

/**
 * The editor's schema: the SDK's `CreateQuestionInput` after the answer parts
 * the chosen type does not use are dropped (`toQuestionInput`), so a hidden
 * options list never blocks a true/false question, and the server's rule that
 * a fill-in question has one answer per blank its stem marks (on `blanks`,
 * naming both counts). Issues keep their paths.
 */
export const QuestionFormSchema = z
  .preprocess(
    (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? toQuestionInput(Object.fromEntries(Object.entries(v))) : v),
    CreateQuestionInput,
  )
  .superRefine((q, ctx) => {
    const check = (part: Parameters<typeof blankCountMismatch>[0], path: Array<string | number>) => {
      const counts = blankCountMismatch(part);
      if (counts) ctx.addIssue({ code: 'custom', path: [...path, 'blanks'], message: 'questions.editor.blankCountMismatch', params: counts });
    };
    check(q, []);
    q.subQuestions.forEach((s, i) => check(s, ['subQuestions', i]));
  });

export const typeOptions: readonly OptionSpec[] = QUESTION_TYPES.map((value) => ({ value, labelKey: `questions.type.${value}` }));
export const difficultyOptions: readonly OptionSpec[] = [1, 2, 3].map((value) => ({ value, labelKey: `questions.difficulty.${value}` }));

/** Every value of a tree, depth first. */
function treeValues(nodes: ReadonlyArray<{ value: number | string; children?: ReadonlyArray<unknown> }>): Set<number | string> {
  const out = new Set<number | string>();
  const walk = (list: ReadonlyArray<unknown>) => {
    for (const n of list) {
      if (typeof n !== 'object' || n === null || !('value' in n)) continue;
      const value = n.value;
      if (typeof value === 'number' || typeof value === 'string') out.add(value);
      if ('children' in n && Array.isArray(n.children)) walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

type ChapterRow = Pick<ChapterTypeDto, 'id' | 'categoryId' | 'categoryName' | 'parentId' | 'name' | 'sort'>;

/**
 * Knowledge points as options named by their whole path, `初中 / 数学 / 第一章 有理数 / 1.1 正数和负数`
 * (a name alone repeats across stages and subjects): the chapters of the
 * categories in `tree`, in the tree's order, each chapter followed by its sections.
 */
export function knowledgePointOptions(tree: readonly TreeOption[], chapters: readonly ChapterRow[]): SelectOption[] {
  const order = [...treeValues(tree)];
  const rank = new Map(order.map((v, i) => [v, i]));
  const bySort = (a: ChapterRow, b: ChapterRow) => a.sort - b.sort || a.id - b.id;
  const tops = chapters
    .filter((c) => c.parentId === null && rank.has(c.categoryId))
    .sort((a, b) => rank.get(a.categoryId)! - rank.get(b.categoryId)! || bySort(a, b));
  const out: SelectOption[] = [];
  for (const chapter of tops) {
    const category = pathLabel(tree, chapter.categoryId) || chapter.categoryName || '';
    const chapterPath = category ? `${category} / ${chapter.name}` : chapter.name;
    out.push({ value: chapter.id, label: chapterPath });
    for (const section of chapters.filter((c) => c.parentId === chapter.id).sort(bySort))
      out.push({ value: section.id, label: `${chapterPath} / ${section.name}` });
  }
  return out;
}

/**
 * The chapter (knowledge point) filter's options: the chapters of every
 * question category the user may manage, by their whole path. A list
 * filter cannot read the category filter beside it, so it offers them all.
 */
export function useQuestionChapterOptions(): SelectOption[] {
  const tree = useCategoryTree(ClassType.Question);
  const { data } = useApi(api.chapterType.getAll, { MaxResultCount: 1000 }, { silent: true });
  return useMemo(() => knowledgePointOptions(tree, data?.items ?? []), [tree, data]);
}

/** The chapter picker of the editor: the chapters of the category chosen in the form. */
export function useChaptersOf(categoryId: number | null | undefined): SelectOption[] {
  const { data } = useApi(api.chapterType.getList, categoryId ? { CategoryId: categoryId } : null, { silent: true });
  return useMemo(() => {
    const list = data ?? [];
    const out: SelectOption[] = [];
    for (const chapter of list.filter((c) => c.parentId === null)) {
      out.push({ value: chapter.id, label: chapter.name });
      for (const section of list.filter((c) => c.parentId === chapter.id)) out.push({ value: section.id, label: `\u3000└ ${section.name}` });
    }
    return out;
  }, [data]);
}
