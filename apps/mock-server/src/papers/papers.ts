import { CreateTestPaperInput, reviewables, TestPaperDto, type GetAllTestPaperInput, type PaperSectionDto, type ValidationErrorInfo } from '@edu/sdk';
import { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { contentHandlers, distinctIds, reviewFields, type ContentTableOf } from '../kit/content.ts';
import type { Cond, RowOf, WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { AbpValidationError, EntityNotFoundError, UserFriendlyError } from '../kit/errors.ts';
import { iso } from '../kit/paging.ts';
import { HOMEWORK, narrowAssembly, narrowKind, requireCell, visibleCells } from './access.ts';
import { sectionsOf, type Columns } from './sections.ts';

/**
 * Test papers and homework (试卷, 作业). Papers are content (kit/content.ts):
 * lists with category subtree and review state, the registry's review, the
 * sensitive-word and category checks. This module holds the paper table's
 * content handlers (the homework fields, course names, sections on single
 * reads) and the reads the handlers share.
 */

type Row = RowOf<'TestPaper'>;
type Query = z.output<typeof GetAllTestPaperInput>;

const paperDto = dtoMapper(TestPaperDto);
const ClassNames = z.array(z.string());

export const papers = contentHandlers({
  reviewable: reviewables.testPaper,
  input: CreateTestPaperInput,
  model: (ctx: RequestContext): ContentTableOf<'TestPaper', Columns> => ctx.db.testPaper,
  richFields: [],
  textFields: ['title', 'description'],
  keywordColumns: ['title'],
  sortable: {
    id: 'id',
    creationTime: 'creationTime',
    title: 'title',
    totalQuestion: 'totalQuestion',
    totalFraction: 'totalFraction',
    money: 'money',
    auditStatus: 'auditStatus',
    dueTime: 'dueTime',
  },
  filter: async (q: Query, ctx): Promise<Cond<WhereOf<'TestPaper'>> | undefined> => {
    const and: Array<Cond<WhereOf<'TestPaper'>>> = [];
    if (q.Kind !== undefined) and.push({ kind: q.Kind });
    if (q.Assembly !== undefined) and.push({ assembly: q.Assembly });
    if (q.IsUniversity !== undefined) and.push({ isUniversity: q.IsUniversity });
    if (q.IsActive !== undefined) and.push({ isActive: q.IsActive });
    if (q.IsShow !== undefined) and.push({ isShow: q.IsShow });
    const cells = await visibleCells(ctx, q);
    if (cells) and.push(cells);
    return and.length ? { AND: and } : undefined;
  },
  /** Homework fields only on homework, no university homework, a live course. */
  validate: async (input, ctx) => {
    const errors: ValidationErrorInfo[] = [];
    const homeworkOnly = (member: string) => errors.push({ message: ctx.t('HomeworkOnly'), members: [member] });
    if (input.kind !== HOMEWORK) {
      if (input.dueTime) homeworkOnly('dueTime');
      if (input.learningCourseId) homeworkOnly('learningCourseId');
      if (input.classNames.length) homeworkOnly('classNames');
    } else if (input.isUniversity) errors.push({ message: ctx.t('UniversityHomework'), members: ['isUniversity'] });
    if (input.learningCourseId && !(await ctx.db.learningCourse.findFirst({ where: { id: input.learningCourseId }, select: { id: true } })))
      errors.push({ message: ctx.t('PaperCourseUnknown', input.learningCourseId), members: ['learningCourseId'] });
    if (errors.length) throw new AbpValidationError(errors);
  },
  toData: (input) => ({
    kind: input.kind,
    isUniversity: input.isUniversity,
    title: input.title,
    description: input.description ?? null,
    categoryId: input.categoryId,
    examMinutes: input.examMinutes ?? null,
    dueTime: input.dueTime ? new Date(input.dueTime) : null,
    learningCourseId: input.learningCourseId ?? null,
    classNamesJson: input.classNames.length ? JSON.stringify([...new Set(input.classNames)]) : null,
  }),
  /** Course names on every read; sections with question summaries on single reads only. */
  toDtos: async (rows: Row[], l, ctx, detail) => {
    const courseIds = distinctIds(rows.map((r) => r.learningCourseId));
    const [courses, sections] = await Promise.all([
      courseIds.length ? ctx.db.learningCourse.findMany({ where: { id: { in: courseIds } }, select: { id: true, title: true } }) : [],
      detail
        ? sectionsOf(
            ctx,
            rows.map((r) => r.id),
          )
        : Promise.resolve(new Map<number, PaperSectionDto[]>()),
    ]);
    const courseNames = new Map(courses.map((c) => [c.id, c.title]));
    return rows.map((r) =>
      paperDto(r, {
        kind: narrowKind(r.kind),
        assembly: narrowAssembly(r.assembly),
        categoryName: l.category(r.categoryId),
        dueTime: iso(r.dueTime),
        learningCourseName: r.learningCourseId === null ? null : (courseNames.get(r.learningCourseId) ?? null),
        classNames: r.classNamesJson ? ClassNames.parse(JSON.parse(r.classNamesJson)) : [],
        sections: sections.get(r.id) ?? [],
        ...reviewFields(r, l),
      }),
    );
  },
});

// ---------------------------------------------------------------------------
// Reads

/** A paper's row through the data filters, or a 404. */
export async function rowOf(id: number, ctx: RequestContext): Promise<Row> {
  const row = await ctx.db.testPaper.findFirst({ where: { id } });
  if (!row) throw new EntityNotFoundError('TestPaper', id);
  return row;
}

/** The paper's DTO after a write. */
export const paperOf = (id: number, ctx: RequestContext) => papers.Get({ Id: id }, ctx);

/** A paper as `Get` answers it, for whoever may read it (its cell's permission or a reviewer's); the export reads papers through this. */
export async function readPaper(id: number, ctx: RequestContext) {
  await requireCell(ctx, await rowOf(id, ctx), 'read');
  return papers.Get({ Id: id }, ctx);
}

/** Approval is refused while the paper holds questions the bank has not approved (deleted ones show as unavailable and do not block). */
export async function assertQuestionsApproved(ctx: RequestContext, paperId: number) {
  const links = await ctx.db.testPaperQuestion.findMany({ where: { paperId }, select: { questionId: true } });
  if (!links.length) return;
  const pending = await ctx.db.testQuestion.findMany({
    where: { id: { in: distinctIds(links.map((l) => l.questionId)) }, auditStatus: { not: 1 } },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  if (pending.length) throw new UserFriendlyError(ctx.t('PaperQuestionsNotApproved', pending.map((q) => q.id).join('、')));
}
