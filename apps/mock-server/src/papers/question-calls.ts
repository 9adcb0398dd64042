import { GetAllQuestionInput, type TestQuestionDto } from '@edu/sdk';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { distinctIds } from '../kit/content.ts';
import { requireCell } from './access.ts';
import { rowOf } from './papers.ts';
import { columnsOf, paperLinks, paperSections, storedSections, writePaper } from './sections.ts';

/** TestQuestion's paper calls, spread into the question service's implementation. */

type QuestionQuery = z.output<typeof GetAllQuestionInput>;
type QuestionPage = (q: QuestionQuery, ctx: RequestContext, where: { id: { in: number[] } }) => Promise<{ items: TestQuestionDto[] }>;

/**
 * `GetAllQuestionOfPaper` and `DeletePaperOfQuestion`, given the bank's list
 * of questions by id (both banks, full DTOs), so the bank's DTO mapping is
 * not repeated here.
 */
export function paperQuestionHandlers(questionsWhere: QuestionPage) {
  return {
    GetAllQuestionOfPaper: async (input: { PaperId: number }, ctx: RequestContext) => {
      const paper = await rowOf(input.PaperId, ctx);
      await requireCell(ctx, paper, 'read');
      const [sections, links] = await Promise.all([paperSections.read(ctx, [paper.id]), paperLinks.read(ctx, [paper.id])]);
      const titles = new Map((sections.get(paper.id) ?? []).map((s, i) => [s.id, { title: s.title, index: i }]));
      const ordered = (links.get(paper.id) ?? []).sort(
        (a, b) => (titles.get(a.sectionId)?.index ?? 0) - (titles.get(b.sectionId)?.index ?? 0) || a.sort - b.sort,
      );
      const ids = distinctIds(ordered.map((l) => l.questionId));
      const page = ids.length
        ? await questionsWhere(GetAllQuestionInput.parse({ MaxResultCount: ids.length }), ctx, { id: { in: ids } })
        : { items: [] };
      const byId = new Map(page.items.map((q) => [q.id, q]));
      return {
        items: ordered.map((l, sort) => ({
          id: l.id,
          sectionId: l.sectionId,
          sectionTitle: titles.get(l.sectionId)?.title ?? '',
          sort,
          score: l.score,
          question: byId.get(l.questionId) ?? null,
        })),
      };
    },
    /** Removes one question (by link id) from its paper: totals recomputed, back to review. An unknown link succeeds silently. */
    DeletePaperOfQuestion: async (input: { Id: number }, ctx: RequestContext) => {
      const link = await ctx.db.testPaperQuestion.findFirst({ where: { id: input.Id }, select: { paperId: true } });
      if (!link) return null;
      const paper = await ctx.db.testPaper.findFirst({ where: { id: link.paperId } });
      if (!paper) return null;
      await requireCell(ctx, paper, 'write');
      const sections = (await storedSections(ctx, paper.id)).map((s) => ({ ...s, questions: s.questions.filter((q) => q.id !== input.Id) }));
      await writePaper(ctx, { existing: paper, data: columnsOf(paper), assembly: paper.assembly, params: paper.params }, sections);
      return null;
    },
  };
}
