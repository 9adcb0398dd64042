import {
  CreateTestPaperInput,
  PaperQuestionDto,
  PaperSectionDto,
  Permissions,
  TestPaperDto,
  TestPaperService,
  GetAllQuestionInput,
  chineseOrdinal,
  paperPermission,
  paperTotals,
  PAPER_CELLS,
  PAPER_SECTION_NAMES,
  MAX_PAPER_QUESTIONS,
  reviewables,
  type GetAllTestPaperInput,
  type PaperAssembly,
  type PaperKind,
  type QuestionType,
  type RandomParams,
  type TestQuestionDto,
  type ValidationErrorInfo,
  type ImportQuestionOfPaperInput,
  type ImportRowDto,
  type PaperImportPlacement,
} from '@edu/sdk';
import { randomInt } from 'node:crypto';
import { writeVersions } from '@edu/db';
import { z } from 'zod';
import { childCollection, type ChildTable } from '../kit/children.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { contentHandlers, distinctIds, reviewFields, type ContentTableOf } from '../kit/content.ts';
import type { Cond, RowOf, WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { AbpValidationError, EntityNotFoundError, ForbiddenError, invalid, UserFriendlyError } from '../kit/errors.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';
import { PENDING_REVIEW } from '../kit/review.ts';
import { startImport } from '../kit/import.ts';
import { questionImportRun, type QuestionBankWriter } from './test-question-import.ts';
import { drawQuestions, randomDryRun, type Rule } from '../papers/random.ts';

/**
 * Test papers and homework (试卷, 作业). Papers are content (kit/content.ts):
 * lists with category subtree and review state, the registry's review, the
 * sensitive-word and category checks. This file adds the cells kind ×
 * assembly × bank with their permissions (the SDK's `paperPermission` table),
 * sections and question links as child collections, totals computed from the
 * content, the switches gated by review, random assembly (papers/random.ts),
 * the import from another paper and TestQuestion's paper calls.
 */

type In = z.output<typeof CreateTestPaperInput>;
type Row = RowOf<'TestPaper'>;
type Columns = {
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
type Query = z.output<typeof GetAllTestPaperInput>;
type Cell = { kind: number; assembly: number; isUniversity: boolean };

const HOMEWORK = 2;
const RANDOM = 2;
const MANUAL = 1;

// ---------------------------------------------------------------------------
// Permissions by cell

const narrowKind = (k: number): PaperKind => (k === 2 ? 2 : 1);
const narrowAssembly = (a: number): PaperAssembly => (a === 2 ? 2 : 1);

/**
 * The cell's permission, or a 403 naming it. Reading (`read`) also admits
 * reviewers. University homework has no cell: a 400 on `isUniversity`.
 */
async function requireCell(ctx: RequestContext, cell: Cell, mode: 'read' | 'write') {
  const permission = paperPermission(narrowKind(cell.kind), narrowAssembly(cell.assembly), cell.isUniversity);
  if (permission === null) invalid('isUniversity', ctx.t('UniversityHomework'));
  const user = await ctx.requireUser();
  if (user.granted.has(permission) || (mode === 'read' && user.granted.has(Permissions.Manages))) return;
  throw new ForbiddenError([permission]);
}

/** The cells a list may show the caller: every cell for reviewers, else those whose permission the caller holds. */
async function visibleCells(ctx: RequestContext, q: Query): Promise<Cond<WhereOf<'TestPaper'>> | undefined> {
  const user = await ctx.requireUser();
  const wanted = PAPER_CELLS.filter(
    (c) => (q.Kind ?? c.kind) === c.kind && (q.Assembly ?? c.assembly) === c.assembly && (q.IsUniversity ?? c.isUniversity) === c.isUniversity,
  );
  if (user.granted.has(Permissions.Manages)) return undefined;
  const mine = wanted.filter((c) => user.granted.has(c.permission));
  if (!mine.length) throw new ForbiddenError([...new Set(wanted.map((c) => c.permission))]);
  return { OR: mine.map((c) => ({ kind: c.kind, assembly: c.assembly, isUniversity: c.isUniversity })) };
}

// ---------------------------------------------------------------------------
// Child collections: sections, and the question links of the whole paper

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
// Content checks

/** Bank facts about questions, deleted ones included (a paper keeps what it held): ids come from the tenant's own input or links. */
async function questionFacts(ctx: RequestContext, ids: number[]) {
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
type PaperSkipReason = 'duplicate' | 'sister' | 'unavailable';

/**
 * The rule for questions joining a paper that already holds `held`: approved,
 * shown and of the paper's variant (`unavailable`), not in it already
 * (`duplicate`), no sister of a question in it (`sister`). `admit(id)` answers
 * the reason, or null and counts the question as held from then on.
 */
function paperAdmission(facts: ReadonlyMap<number, QuestionFact>, held: Iterable<number>, isUniversity: boolean) {
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

const narrowType = (t: number): QuestionType => (t >= 1 && t <= 6 ? (t as QuestionType) : 1);

/** A section as the write takes it: input shape, ids of existing links allowed. */
type SectionPlan = {
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
async function checkContent(
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
    const err = (member: string, key: string, ...args: Array<string | number>) =>
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

const paperDto = dtoMapper(TestPaperDto);
const questionDto = dtoMapper(PaperQuestionDto);
const sectionDto = dtoMapper(PaperSectionDto);
const ClassNames = z.array(z.string());

/** Sections with their questions (summaries from the bank) of the given papers. */
async function sectionsOf(ctx: RequestContext, paperIds: number[]) {
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

const papers = contentHandlers({
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
// Writes

/** A paper's row through the data filters, or a 404. */
async function rowOf(id: number, ctx: RequestContext): Promise<Row> {
  const row = await ctx.db.testPaper.findFirst({ where: { id } });
  if (!row) throw new EntityNotFoundError('TestPaper', id);
  return row;
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
async function writePaper(
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
async function storedSections(ctx: RequestContext, paperId: number): Promise<SectionPlan[]> {
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

/** The paper's DTO after a write. */
const paperOf = (id: number, ctx: RequestContext) => papers.Get({ Id: id }, ctx);

/** A paper as `Get` answers it, for whoever may read it (its cell's permission or a reviewer's); the export reads papers through this. */
export async function readPaper(id: number, ctx: RequestContext) {
  await requireCell(ctx, await rowOf(id, ctx), 'read');
  return papers.Get({ Id: id }, ctx);
}

/** One section per question type, in type order (一、单选题 …); a section's score is set when all its questions score alike. */
function sectionsFromDraw(drawn: ReadonlyArray<{ questionId: number; questionType: number; score: number }>): SectionPlan[] {
  const types = [...new Set(drawn.map((d) => d.questionType))].sort((a, b) => a - b);
  return types.map((type, i) => {
    const questions = drawn.filter((d) => d.questionType === type);
    const scores = new Set(questions.map((q) => q.score));
    const score = scores.size === 1 ? (questions[0]?.score ?? null) : null;
    return {
      title: `${chineseOrdinal(i)}、${PAPER_SECTION_NAMES[narrowType(type)]}`,
      score,
      questions: questions.map((q) => ({ questionId: q.questionId, score: q.score })),
    };
  });
}

/** A fresh seed for a draw when none is given. */
const newSeed = () => randomInt(0, 0x1_0000_0000);

function stateText(ctx: RequestContext, auditStatus: number) {
  return ctx.t(auditStatus === 2 ? 'PaperStateRejected' : 'PaperStatePending');
}

/** A switch: the cell's permission, and only on an approved paper. */
async function switchPaper(ctx: RequestContext, id: number, data: { isActive: boolean } | { isShow: boolean }) {
  const row = await rowOf(id, ctx);
  await requireCell(ctx, row, 'write');
  if (row.auditStatus !== 1) throw new UserFriendlyError(ctx.t('PaperNotApproved', stateText(ctx, row.auditStatus)));
  await ctx.db.testPaper.update({ where: { id }, data, select: { id: true } });
  return paperOf(id, ctx);
}

/**
 * The TestPaper service, given the question bank's writer (Create's checks
 * and write, from services/test-question.ts) for the import from a file.
 */
export function testPaperService<Data extends { fingerprint: string }>(bank: QuestionBankWriter<Data>) {
  return implement(TestPaperService, {
    GetAll: papers.GetAll,
    Get: async (input, ctx) => {
      await requireCell(ctx, await rowOf(input.Id, ctx), 'read');
      return papers.Get(input, ctx);
    },
    /** Manual assembly: the paper, its sections and their questions, pending review. */
    Create: async (input, ctx) => {
      await requireCell(ctx, { ...input, assembly: MANUAL }, 'write');
      const data = await papers.prepare(input, ctx);
      return paperOf(await writePaper(ctx, { existing: null, data, assembly: MANUAL, params: null }, input.sections), ctx);
    },
    /** Either assembly; kind and bank are fixed; back to review. */
    Update: async (input, ctx) => {
      const existing = await rowOf(input.id, ctx);
      await requireCell(ctx, existing, 'write');
      if (input.kind !== existing.kind) invalid('kind', ctx.t('PaperKindFixed'));
      if (input.isUniversity !== existing.isUniversity) invalid('isUniversity', ctx.t('PaperBankFixed'));
      const data = await papers.prepare(input, ctx);
      return paperOf(await writePaper(ctx, { existing, data, assembly: existing.assembly, params: existing.params }, input.sections), ctx);
    },
    Delete: async (input, ctx) => {
      const row = await ctx.db.testPaper.findFirst({ where: { id: input.Id } });
      if (row) await requireCell(ctx, row, 'write');
      return papers.Delete(input, ctx);
    },
    /**
     * Random assembly: the joint dry run; then (unless `dryRun`) the draw and
     * the write in one transaction, or a 400 per short rule.
     */
    CreateRandomGroup: async (input, ctx) => {
      await requireCell(ctx, { ...input, assembly: RANDOM }, 'write');
      const existing = input.id ? await rowOf(input.id, ctx) : null;
      if (existing) {
        await requireCell(ctx, existing, 'write');
        if (existing.assembly !== RANDOM) throw new UserFriendlyError(ctx.t('NotARandomPaper'));
        if (input.kind !== existing.kind) invalid('kind', ctx.t('PaperKindFixed'));
        if (input.isUniversity !== existing.isUniversity) invalid('isUniversity', ctx.t('PaperBankFixed'));
      }
      const data = await papers.prepare({ ...input, sections: [] }, ctx);
      const seed = input.seed ?? newSeed();
      const request = { tenantId: tenantOf(ctx), isUniversity: input.isUniversity, rules: input.rules, seed };
      if (input.dryRun) return { report: (await randomDryRun(ctx.db, request, ctx.t, writeVersions(ctx.prisma))).report, paper: null };
      const written = await ctx.transaction(async (tx) => {
        const plan = await randomDryRun(tx.db, request, tx.t);
        if (!plan.report.feasible)
          throw new AbpValidationError(
            plan.report.rules.filter((r) => r.shortBy > 0 || r.limiting).map((r) => ({ message: r.message, members: [`rules[${r.index}].count`] })),
          );
        const drawn = await drawQuestions(tx.db, plan, seed);
        const params: RandomParams = { version: 1, seed, rules: input.rules.map(ruleRecord) };
        const id = await writePaper(tx, { existing, data, assembly: RANDOM, params: JSON.stringify(params) }, sectionsFromDraw(drawn));
        return { id, report: plan.report };
      });
      return { report: written.report, paper: await paperOf(written.id, ctx) };
    },
    /**
     * The decision; a paper taken down or rejected is switched off. Approval
     * needs every question of the paper approved (a file import adds its new
     * questions while they await the bank's review).
     */
    Review: async (input, ctx) => {
      if (input.auditStatus === 1) await assertQuestionsApproved(ctx, input.id);
      const dto = await papers.review(input, ctx);
      if (dto.auditStatus === 1) return dto;
      await ctx.db.testPaper.update({ where: { id: dto.id }, data: { isActive: false, isShow: false }, select: { id: true } });
      return paperOf(dto.id, ctx);
    },
    GetAllModerated: papers.GetAllModerated,
    Activation: (input, ctx) => switchPaper(ctx, input.id, { isActive: input.isActive }),
    UpdateTestPaperIsShow: (input, ctx) => switchPaper(ctx, input.id, { isShow: input.isShow }),
    /**
     * From another paper: copies its questions in, skipping what the paper
     * holds (or whose family it holds) and what is no longer available. From a
     * file: starts the bank's import with a step that places the questions.
     */
    ImprotQuestionOfPaper: async (input, ctx) => {
      const target = await rowOf(input.id, ctx);
      await requireCell(ctx, target, 'write');
      if (input.fromPaperId !== undefined && input.fileToken !== undefined) invalid('fileToken', ctx.t('PaperImportOneSource'));
      if (input.fileToken !== undefined) return importFromFile(bank, input, input.fileToken, target, ctx);
      if (input.fromPaperId === undefined) invalid('fromPaperId', ctx.t('PaperImportOneSource'));
      if (input.fromPaperId === input.id) invalid('fromPaperId', ctx.t('PaperImportFromItself'));
      const source = await rowOf(input.fromPaperId, ctx);
      await requireCell(ctx, source, 'read');
      if (source.isUniversity !== target.isUniversity) invalid('fromPaperId', ctx.t('PaperOtherBank'));
      const [into, from] = await Promise.all([storedSections(ctx, target.id), storedSections(ctx, source.id)]);
      const mapping =
        input.sectionMapping ?? from.map((s) => ({ fromSectionId: s.id ?? 0, toSectionId: into.find((t) => t.title === s.title)?.id ?? null }));
      const errors: ValidationErrorInfo[] = [];
      mapping.forEach((m, i) => {
        if (!from.some((s) => s.id === m.fromSectionId))
          errors.push({ message: ctx.t('PaperSectionUnknown', m.fromSectionId), members: [`sectionMapping[${i}].fromSectionId`] });
        if (m.toSectionId && !into.some((s) => s.id === m.toSectionId))
          errors.push({ message: ctx.t('PaperSectionUnknown', m.toSectionId), members: [`sectionMapping[${i}].toSectionId`] });
      });
      if (errors.length) throw new AbpValidationError(errors);
      const incoming = mapping.flatMap((m) => (from.find((s) => s.id === m.fromSectionId)?.questions ?? []).map((q) => ({ q, m })));
      const facts = await questionFacts(
        ctx,
        distinctIds([...into.flatMap((s) => s.questions), ...incoming.map((x) => x.q)].map((q) => q.questionId)),
      );
      const admit = paperAdmission(
        facts,
        into.flatMap((s) => s.questions.map((q) => q.questionId)),
        target.isUniversity,
      );
      const skipped: Array<{ questionId: number; reason: PaperSkipReason }> = [];
      const added = new Map<number | null, SectionPlan>();
      for (const { q, m } of incoming) {
        const reason = admit(q.questionId);
        if (reason) {
          skipped.push({ questionId: q.questionId, reason });
          continue;
        }
        const targetSection = m.toSectionId ? into.find((s) => s.id === m.toSectionId) : undefined;
        if (targetSection) targetSection.questions.push({ questionId: q.questionId, score: q.score });
        else {
          // A source section without a target becomes a new section at the end (one per source section).
          const origin = from.find((s) => s.id === m.fromSectionId);
          const key = m.fromSectionId;
          const section = added.get(key) ?? {
            title: origin?.title ?? '',
            description: origin?.description ?? null,
            score: origin?.score ?? null,
            questions: [],
          };
          section.questions.push({ questionId: q.questionId, score: q.score });
          added.set(key, section);
        }
      }
      const count = incoming.length - skipped.length;
      if (count > 0) {
        const data = columnsOf(target);
        await writePaper(ctx, { existing: target, data, assembly: target.assembly, params: target.params }, [...into, ...added.values()]);
      }
      return { paper: await paperOf(target.id, ctx), added: count, skipped };
    },
  });
}

// ---------------------------------------------------------------------------
// Import from a file

/** Approval is refused while the paper holds questions the bank has not approved (deleted ones show as unavailable and do not block). */
async function assertQuestionsApproved(ctx: RequestContext, paperId: number) {
  const links = await ctx.db.testPaperQuestion.findMany({ where: { paperId }, select: { questionId: true } });
  if (!links.length) return;
  const pending = await ctx.db.testQuestion.findMany({
    where: { id: { in: distinctIds(links.map((l) => l.questionId)) }, auditStatus: { not: 1 } },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  if (pending.length) throw new UserFriendlyError(ctx.t('PaperQuestionsNotApproved', pending.map((q) => q.id).join('、')));
}

/** The caller's own upload (`File/UploadFile`) by token, or a 400 on `fileToken`: another user's or tenant's token reads as missing. */
async function uploadedFile(ctx: RequestContext, token: string): Promise<File> {
  const row = await ctx.prisma.storedFile.findUnique({ where: { token } });
  if (!row || row.kind !== 'stored' || row.tenantId !== ctx.session.tenantId || row.userId !== ctx.session.userId)
    invalid('fileToken', ctx.t('PaperImportFileMissing'));
  return new File([new Uint8Array(row.bytes)], row.fileName, { type: row.contentType });
}

type ImportInput = z.output<typeof ImportQuestionOfPaperInput>;

/**
 * Starts the bank's import of the file (permission, category, reading, the
 * per-row checks and duplicates as ImportQuestions) with the step that puts
 * the questions into the paper in the import's transaction.
 */
async function importFromFile<Data extends { fingerprint: string }>(
  bank: QuestionBankWriter<Data>,
  input: ImportInput,
  fileToken: string,
  target: Row,
  ctx: RequestContext,
) {
  if (input.categoryId === undefined) invalid('categoryId', ctx.t('PaperImportNeedsCategory'));
  if (input.sectionId !== undefined && !(await ctx.db.testPaperSection.findFirst({ where: { id: input.sectionId, paperId: target.id } })))
    invalid('sectionId', ctx.t('PaperSectionUnknown', input.sectionId));
  const file = await uploadedFile(ctx, fileToken);
  const run = await questionImportRun(
    bank,
    { file, categoryId: input.categoryId, chapterTypeId: input.chapterTypeId, isUniversity: target.isUniversity },
    ctx,
    { maxItems: MAX_PAPER_QUESTIONS },
  );
  const sectionId = input.sectionId;
  const job = await startImport(
    ctx,
    {
      ...run.importer,
      name: 'TestPaper.ImportQuestions',
      title: '导入试题到试卷',
      place: (outcomes, tx, commit) =>
        placeIntoPaper(
          tx,
          { paperId: target.id, sectionId },
          outcomes.map((o) => ({ row: o.row, questionType: o.value?.input.questionType ?? null })),
          commit,
        ),
    },
    run.items,
    {
      fileName: run.fileName,
      mode: input.mode ?? 'dryRun',
      allOrNothing: input.allOrNothing ?? true,
      headers: run.headers,
      target: { ...run.target, paperId: target.id, sectionId: sectionId ?? null },
    },
  );
  return { paper: await paperOf(target.id, ctx), added: 0, skipped: [], job };
}

/**
 * The import's step for the paper: which rows' questions join it (new ones,
 * and live duplicates that are approved, shown, of the paper's bank and
 * neither held nor of a held family) and into which section (the chosen
 * one, else the first whose title names the type, else a new one per type
 * at the end); on a commit, the write (totals, back to review), new
 * questions admitted although pending.
 */
async function placeIntoPaper(
  ctx: RequestContext,
  where: { paperId: number; sectionId: number | undefined },
  outcomes: ReadonlyArray<{ row: ImportRowDto; questionType: number | null }>,
  commit: boolean,
): Promise<{ changed: boolean; result: { paper: PaperImportPlacement } }> {
  const paper = await rowOf(where.paperId, ctx);
  const into = await storedSections(ctx, paper.id);
  const held = into.flatMap((s) => s.questions.map((q) => q.questionId));
  const matched = distinctIds(outcomes.map((o) => (o.row.status === 'duplicate' ? o.row.duplicateOfId : null)));
  const facts = await questionFacts(ctx, distinctIds([...held, ...matched]));
  const admit = paperAdmission(facts, held, paper.isUniversity);
  const skipped: PaperImportPlacement['skipped'] = [];
  const adds: Array<{ questionId: number | null; questionType: QuestionType }> = [];
  for (const { row, questionType } of outcomes) {
    if (row.status === 'duplicate' && row.duplicateOfId !== null) {
      const id = row.duplicateOfId;
      const reason = admit(id);
      const fact = facts.get(id);
      if (reason || !fact) {
        skipped.push({ row: row.row, questionId: id, reason: reason ?? 'unavailable' });
        continue;
      }
      adds.push({ questionId: id, questionType: narrowType(fact.questionType) });
    } else if (row.status === 'created' || row.status === 'valid' || row.status === 'notWritten') {
      adds.push({ questionId: row.status === 'created' ? row.createdId : null, questionType: narrowType(questionType ?? 1) });
    }
  }
  if (held.length + adds.length > MAX_PAPER_QUESTIONS)
    throw new UserFriendlyError(ctx.t('PaperImportTooMany', MAX_PAPER_QUESTIONS, held.length, adds.length));
  const placement = (ids: number[]) => ({ paper: { paperId: paper.id, added: adds.length, addedQuestionIds: ids, skipped } });
  const ids = distinctIds(adds.map((a) => a.questionId));
  if (!commit || !ids.length) return { changed: false, result: placement([]) };
  const sections = [...into];
  for (const add of adds) {
    if (add.questionId === null) continue;
    const name = PAPER_SECTION_NAMES[add.questionType];
    let section = where.sectionId !== undefined ? sections.find((s) => s.id === where.sectionId) : sections.find((s) => s.title.includes(name));
    if (!section) {
      section = { title: `${chineseOrdinal(sections.length)}、${name}`, description: null, score: null, questions: [] };
      sections.push(section);
    }
    section.questions.push({ questionId: add.questionId });
  }
  const created = new Set(distinctIds(outcomes.map((o) => (o.row.status === 'created' ? o.row.createdId : null))));
  await writePaper(ctx, { existing: paper, data: columnsOf(paper), assembly: paper.assembly, params: paper.params }, sections, created);
  return { changed: true, result: placement(ids) };
}

/** A row's own columns, for a content write that keeps them. */
function columnsOf(row: Row): Columns {
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

/** A rule as recorded in `params`: only the fields it was given. */
function ruleRecord(r: Rule) {
  return {
    questionType: r.questionType,
    ...(r.categoryId ? { categoryId: r.categoryId } : {}),
    ...(r.chapterTypeId ? { chapterTypeId: r.chapterTypeId } : {}),
    ...(r.difficulty ? { difficulty: r.difficulty } : {}),
    count: r.count,
    score: r.score,
  };
}

// ---------------------------------------------------------------------------
// TestQuestion's paper calls (spread into the question service's implementation)

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
