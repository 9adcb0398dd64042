import { PaperQuestionDto, PaperSectionDto, type CreateTestPaperInput } from '@edu/sdk';
import type { z } from 'zod';
import { childCollection, type ChildTable } from '../kit/children.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { distinctIds } from '../kit/content.ts';
import type { RowOf, WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { PENDING_REVIEW } from '../kit/review.ts';
import { checkContent, narrowType, type SectionPlan } from './content-rules.ts';

/**
 * Section storage: a paper's sections and the question links of the whole
 * paper as child collections, read as DTOs with question summaries, and
 * written with the row in one transaction.
 */

type In = z.output<typeof CreateTestPaperInput>;
type Row = RowOf<'TestPaper'>;
/** A paper's own columns, as a content write takes them. */
export type Columns = {
  kind: number;
  isUniversity: boolean;
  title: string;
  description: string | null;
  categoryId: number;
  examMinutes: number | null;
  dueTime: Date | null;
  learningCourseId: number | null;
  classNamesJson: string | null;
};

type SectionColumns = { title: string; description: string | null; score: number | null; sort: number };
type LinkColumns = { questionId: number; sectionId: number; score: number; sort: number };
type LinkItem = { id?: number | undefined; questionId: number; sectionId: number; score: number };

export const paperSections = childCollection({
  field: 'sections',
  model: (
    ctx,
  ): ChildTable<RowOf<'TestPaperSection'>, WhereOf<'TestPaperSection'>, SectionColumns, SectionColumns & { paperId: number; tenantId: number }> =>
    ctx.db.testPaperSection,
  ofParents: (ids) => ({ paperId: { in: ids } }),
  parentOf: (s) => s.paperId,
  orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  toData: (s: In['sections'][number], sort) => ({ title: s.title, description: s.description ?? null, score: s.score ?? null, sort }),
  toNew: (data, p: { id: number; tenantId: number }) => ({ ...data, paperId: p.id, tenantId: p.tenantId }),
  toDto: (s) => s,
});

/** Links are children of the paper (not of a section), so a question keeps its link id when it moves between sections. */
export const paperLinks = childCollection({
  field: 'sections',
  model: (
    ctx,
  ): ChildTable<RowOf<'TestPaperQuestion'>, WhereOf<'TestPaperQuestion'>, LinkColumns, LinkColumns & { paperId: number; tenantId: number }> =>
    ctx.db.testPaperQuestion,
  ofParents: (ids) => ({ paperId: { in: ids } }),
  parentOf: (l) => l.paperId,
  orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  toData: (l: LinkItem, sort) => ({ questionId: l.questionId, sectionId: l.sectionId, score: l.score, sort }),
  toNew: (data, p: { id: number; tenantId: number }) => ({ ...data, paperId: p.id, tenantId: p.tenantId }),
  toDto: (l) => l,
});

// ---------------------------------------------------------------------------
// Reads and writes

const questionDto = dtoMapper(PaperQuestionDto);
const sectionDto = dtoMapper(PaperSectionDto);

/** Sections with their questions (summaries from the bank) of the given papers. */
export async function sectionsOf(ctx: RequestContext, paperIds: number[]) {
  const [sections, links] = await Promise.all([paperSections.read(ctx, paperIds), paperLinks.read(ctx, paperIds)]);
  const allLinks = [...links.values()].flat();
  // Summaries include questions deleted from the bank since (shown as unavailable): read past the soft-delete filter, tenant kept.
  const ids = distinctIds(allLinks.map((l) => l.questionId));
  const rows = ids.length
    ? await ctx.prisma.testQuestion.findMany({
        where: { id: { in: ids }, ...(ctx.session.tenantId !== null && { tenantId: ctx.session.tenantId }) },
        select: { id: true, questionType: true, title: true, difficulty: true, sisterGroupId: true, isDeleted: true },
      })
    : [];
  const facts = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<number, PaperSectionDto[]>();
  for (const paperId of paperIds) {
    const paperLinksOf = links.get(paperId) ?? [];
    out.set(
      paperId,
      (sections.get(paperId) ?? []).map((s) => {
        const questions = paperLinksOf
          .filter((l) => l.sectionId === s.id)
          .map((l) => {
            const f = facts.get(l.questionId);
            return questionDto(l, {
              questionType: f ? narrowType(f.questionType) : null,
              title: f?.title ?? null,
              difficulty: f ? (f.difficulty === 1 ? 1 : f.difficulty === 3 ? 3 : 2) : null,
              sisterGroupId: f?.sisterGroupId ?? null,
              available: f !== undefined && !f.isDeleted,
            });
          });
        return sectionDto(s, {
          questions,
          totalQuestion: questions.length,
          totalFraction: questions.reduce((sum, q) => sum + q.score, 0),
        });
      }),
    );
  }
  return out;
}

/** Edits send a paper back to review, and a paper under review is neither active nor shown. */
const BACK_TO_REVIEW = { ...PENDING_REVIEW, isActive: false, isShow: false };

/**
 * Writes a paper's row, sections and links in one transaction: the row
 * (created, or updated and sent back to review), the sections synced (ids
 * kept), then the links of the whole paper (a link keeps its id across
 * sections), totals computed from the content. `admit`: questions that may
 * join although not approved and shown (those a file import just created).
 */
export async function writePaper(
  ctx: RequestContext,
  target: { existing: Row | null; data: Columns; assembly: number; params: string | null },
  sections: readonly SectionPlan[],
  admit?: ReadonlySet<number>,
): Promise<number> {
  const { links, totals } = await checkContent(ctx, { id: target.existing?.id ?? null, isUniversity: target.data.isUniversity }, sections, admit);
  const tenantId = target.existing?.tenantId ?? tenantOf(ctx);
  return ctx.transaction(async (tx) => {
    const columns = { ...target.data, ...totals, assembly: target.assembly, params: target.params, ...BACK_TO_REVIEW };
    const paper = target.existing
      ? await tx.db.testPaper.update({ where: { id: target.existing.id }, data: columns, select: { id: true } })
      : await tx.db.testPaper.create({ data: { ...columns, tenantId }, select: { id: true } });
    const parent = { id: paper.id, tenantId };
    await paperSections.sync(tx, parent, sections);
    const sectionIds = (
      await tx.db.testPaperSection.findMany({ where: { paperId: paper.id }, orderBy: [{ sort: 'asc' }, { id: 'asc' }], select: { id: true } })
    ).map((s) => s.id);
    await paperLinks.sync(
      tx,
      parent,
      links.map((l) => ({ id: l.id, questionId: l.questionId, score: l.score, sectionId: sectionIds[l.i] ?? 0 })),
    );
    return paper.id;
  });
}

/** The paper's sections as the write takes them (ids kept), from what is stored. */
export async function storedSections(ctx: RequestContext, paperId: number): Promise<SectionPlan[]> {
  const [sections, links] = await Promise.all([paperSections.read(ctx, [paperId]), paperLinks.read(ctx, [paperId])]);
  const all = links.get(paperId) ?? [];
  return (sections.get(paperId) ?? []).map((s) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    score: s.score,
    questions: all.filter((l) => l.sectionId === s.id).map((l) => ({ id: l.id, questionId: l.questionId, score: l.score })),
  }));
}

/** A row's own columns, for a content write that keeps them. */
export function columnsOf(row: Row): Columns {
  return {
    kind: row.kind,
    isUniversity: row.isUniversity,
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    examMinutes: row.examMinutes,
    dueTime: row.dueTime,
    learningCourseId: row.learningCourseId,
    classNamesJson: row.classNamesJson,
  };
}
