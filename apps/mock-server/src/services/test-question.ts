import {
  CreateQuestionInput,
  OPTION_LABELS,
  Permissions,
  QuestionOptionDto,
  TestQuestionDto,
  TestQuestionService,
  UserIdentity,
  normaliseQuestionText as normaliseText,
  questionFingerprint as fingerprintOf,
  reviewables,
  type GetAllQuestionInput,
  type QuestionStatisticsDto,
  type ValidationErrorInfo,
} from '@edu/sdk';
import { Prisma } from '@edu/db';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { subtreeIds } from '../kit/categories.ts';
import { childCollection, type ChildTable } from '../kit/children.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { contentHandlers, distinctIds, reviewFields, sanitizeRichText, type ContentTableOf } from '../kit/content.ts';
import type { Cond, RowOf, WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { PENDING_REVIEW } from '../kit/review.ts';
import { AbpValidationError, EntityNotFoundError, invalid, UserFriendlyError } from '../kit/errors.ts';
import { fullNameOf } from '../kit/names.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';
import { questionImportHandlers } from './test-question-import.ts';
import { paperExportHandlers } from './test-paper-export.ts';
import { paperQuestionHandlers } from './test-paper.ts';

/**
 * The question bank (题库). Questions are content (kit/content.ts): scoped
 * lists, the two-step review of the registry, the standard/university
 * variants, sanitized rich text and sensitive words. This file adds what is
 * the bank's own: the answer rules per type, options as a child collection,
 * blanks and material sub-questions (JSON), the duplicate fingerprint, sister
 * families, the show state and the statistics.
 */

type In = z.output<typeof CreateQuestionInput>;
type Part = Pick<In, 'questionType' | 'stem' | 'analysis' | 'score' | 'trueFalseAnswer' | 'blanks' | 'referenceAnswer'> & {
  options: ReadonlyArray<{ content: string; isCorrect: boolean }>;
};
type Row = RowOf<'TestQuestion'>;
type Columns = {
  questionType: number;
  title: string;
  stem: string;
  analysis: string | null;
  difficulty: number;
  score: number;
  categoryId: number;
  chapterTypeId: number | null;
  isUniversity: boolean;
  isShow: boolean;
  trueFalseAnswer: boolean | null;
  blanksJson: string | null;
  referenceAnswer: string | null;
  subQuestionsJson: string | null;
  fingerprint: string;
};
type OptionColumns = { content: string; isCorrect: boolean; sort: number };

const SINGLE = 1;
const MULTIPLE = 2;
const TRUE_FALSE = 3;
const FILL_BLANK = 4;
const SHORT_ANSWER = 5;
const MATERIAL = 6;
const isChoice = (type: number) => type === SINGLE || type === MULTIPLE;

// ---------------------------------------------------------------------------
// Titles

const plainText = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

/** The stem as a one-line title (lists, notifications). */
function titleOf(stem: string): string {
  const text = plainText(stem).replace(/\s+/g, ' ').trim();
  if (!text) return '[图片]';
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

// ---------------------------------------------------------------------------
// Answer rules

/** Every broken answer rule of a question (or a sub-question, under `prefix`), with the field path. */
export function answerErrors(q: Part & { subQuestions?: ReadonlyArray<Part> }, t: RequestContext['t'], prefix = ''): ValidationErrorInfo[] {
  const out: ValidationErrorInfo[] = [];
  const err = (member: string, key: string, ...args: Array<string | number>) => out.push({ message: t(key, ...args), members: [prefix + member] });
  const type = q.questionType;
  if (isChoice(type)) {
    if (q.options.length < 2) err('options', 'QuestionNeedsOptions');
    const seen = new Map<string, number>();
    q.options.forEach((o, i) => {
      const key = normaliseText(o.content);
      const first = seen.get(key);
      if (first !== undefined) err(`options[${i}].content`, 'OptionRepeated', OPTION_LABELS[first] ?? '?');
      else seen.set(key, i);
    });
    const keys = q.options.flatMap((o, i) => (o.isCorrect ? [i] : []));
    if (type === SINGLE) {
      if (keys.length === 0 && q.options.length >= 2) err('options', 'SingleChoiceNeedsKey');
      for (const i of keys.slice(1)) err(`options[${i}].isCorrect`, 'SingleChoiceOneKey');
    } else if (keys.length < 2 && q.options.length >= 2) err('options', 'MultipleChoiceNeedsKeys');
  } else if (q.options.length > 0) err('options', 'OptionsOnlyForChoice');
  if (type === TRUE_FALSE && (q.trueFalseAnswer === null || q.trueFalseAnswer === undefined)) err('trueFalseAnswer', 'TrueFalseNeedsAnswer');
  if (type === FILL_BLANK) {
    const blanks = q.blanks ?? [];
    if (blanks.length === 0) err('blanks', 'FillBlankNeedsBlanks');
    blanks.forEach((b, i) => {
      if (!b.answers.some((a) => a.trim())) err(`blanks[${i}].answers`, 'BlankNeedsAnswer');
    });
  }
  if (type === SHORT_ANSWER && !q.referenceAnswer?.trim()) err('referenceAnswer', 'ShortAnswerNeedsReference');
  const subs = q.subQuestions ?? [];
  if (type === MATERIAL) {
    if (subs.length === 0) err('subQuestions', 'MaterialNeedsSubQuestions');
    subs.forEach((s, i) => {
      if (s.questionType === MATERIAL) out.push({ message: t('MaterialNotNested'), members: [`${prefix}subQuestions[${i}].questionType`] });
      else out.push(...answerErrors(s, t, `${prefix}subQuestions[${i}].`));
    });
  } else if (subs.length > 0) err('subQuestions', 'SubQuestionsOnlyForMaterial');
  return out;
}

/** Only the answer fields the type uses are stored; accepted answers are trimmed, empty ones dropped. */
function answerColumns(q: Part) {
  return {
    trueFalseAnswer: q.questionType === TRUE_FALSE ? (q.trueFalseAnswer ?? null) : null,
    blanks: q.questionType === FILL_BLANK ? (q.blanks ?? []).map((b) => ({ answers: b.answers.map((a) => a.trim()).filter(Boolean) })) : null,
    referenceAnswer: q.questionType === SHORT_ANSWER ? (q.referenceAnswer?.trim() ?? null) : null,
  };
}

/** A sub-question as stored (and read back): rich text sanitized, answer fields by type, options labelled. */
function storedSub(s: In['subQuestions'][number]) {
  const a = answerColumns(s);
  return {
    questionType: s.questionType,
    stem: sanitizeRichText(s.stem),
    analysis: s.analysis ? sanitizeRichText(s.analysis) : null,
    score: s.score,
    ...a,
    options: isChoice(s.questionType)
      ? s.options.map((o, i) => ({ label: OPTION_LABELS[i] ?? '?', content: sanitizeRichText(o.content), isCorrect: o.isCorrect }))
      : [],
  };
}

// ---------------------------------------------------------------------------
// Options: the child collection

const optionDto = dtoMapper(QuestionOptionDto);
const questionDto = dtoMapper(TestQuestionDto);

/** An option's columns: sanitized text, key mark, position (the label). */
function optionColumns(o: NonNullable<In['options']>[number], sort: number): OptionColumns {
  return { content: sanitizeRichText(o.content), isCorrect: o.isCorrect, sort };
}

export const questionOptions = childCollection({
  field: 'options',
  model: (
    ctx,
  ): ChildTable<
    RowOf<'TestQuestionOption'>,
    WhereOf<'TestQuestionOption'>,
    OptionColumns,
    OptionColumns & { questionId: number; tenantId: number }
  > => ctx.db.testQuestionOption,
  ofParents: (ids) => ({ questionId: { in: ids } }),
  parentOf: (o) => o.questionId,
  orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  toData: optionColumns,
  toNew: (data, q: { id: number; tenantId: number }) => ({ ...data, questionId: q.id, tenantId: q.tenantId }),
  toDto: (o) => optionDto(o, { label: OPTION_LABELS[o.sort] ?? '?' }),
});

// ---------------------------------------------------------------------------
// Content handlers

/** A JSON column read back through the SDK schema of what it holds (a stored value that no longer fits fails loudly here). */
function parseJson<S extends z.ZodType>(schema: S, text: string | null, fallback: z.output<S>): z.output<S> {
  if (text === null) return fallback;
  return schema.parse(JSON.parse(text));
}

/** Family sizes of the given families, one grouped query. */
async function familySizes(ctx: RequestContext, groupIds: number[]): Promise<Map<number, number>> {
  if (!groupIds.length) return new Map();
  const groups = await ctx.db.testQuestion.groupBy({ by: ['sisterGroupId'], where: { sisterGroupId: { in: groupIds } }, _count: { _all: true } });
  return new Map(groups.flatMap((g) => (g.sisterGroupId === null ? [] : [[g.sisterGroupId, g._count._all] as const])));
}

/** The lowest live id of each family: the one that stands for it when a family is listed once. */
async function familyRepresentatives(ctx: RequestContext): Promise<number[]> {
  const groups = await ctx.db.testQuestion.groupBy({ by: ['sisterGroupId'], where: { sisterGroupId: { not: null } }, _min: { id: true } });
  return groups.flatMap((g) => (g._min.id === null ? [] : [g._min.id]));
}

type Query = z.output<typeof GetAllQuestionInput>;

const bank = contentHandlers({
  reviewable: reviewables.testQuestion,
  input: CreateQuestionInput,
  model: (ctx: RequestContext): ContentTableOf<'TestQuestion', Columns> => ctx.db.testQuestion,
  richFields: ['stem', 'analysis'],
  textFields: ['referenceAnswer'],
  keywordColumns: ['title'],
  sortable: {
    id: 'id',
    creationTime: 'creationTime',
    questionType: 'questionType',
    difficulty: 'difficulty',
    score: 'score',
    auditStatus: 'auditStatus',
    title: 'title',
  },
  variant: { standard: Permissions.QuestionsTestQuestion, university: Permissions.QuestionsUniversityQuestion },
  filter: async (q: Query, ctx): Promise<Cond<WhereOf<'TestQuestion'>> | undefined> => {
    const and: Array<Cond<WhereOf<'TestQuestion'>>> = [];
    if (q.QuestionType !== undefined) and.push({ questionType: q.QuestionType });
    if (q.Difficulty !== undefined) and.push({ difficulty: q.Difficulty });
    if (q.ChapterTypeId !== undefined) and.push({ chapterTypeId: q.ChapterTypeId });
    if (q.IsShow !== undefined) and.push({ isShow: q.IsShow });
    if (q.SisterGroupId !== undefined) and.push({ sisterGroupId: q.SisterGroupId });
    if (q.OnePerFamily) and.push({ OR: [{ sisterGroupId: null }, { id: { in: await familyRepresentatives(ctx) } }] });
    return and.length ? { AND: and } : undefined;
  },
  /** The answer rules of the type (every broken one reported at once), and the chapter belongs to the category. */
  validate: async (input, ctx) => {
    const errors = answerErrors(input, ctx.t);
    if (input.chapterTypeId) {
      const chapter = await ctx.db.chapterType.findFirst({ where: { id: input.chapterTypeId }, select: { categoryId: true } });
      if (!chapter || chapter.categoryId !== input.categoryId) errors.push({ message: ctx.t('ChapterNotInCategory'), members: ['chapterTypeId'] });
    }
    // The kit checks stem, analysis and reference answer; options and sub-questions are checked here.
    const tenantId = ctx.session.tenantId;
    if (tenantId !== null) {
      const texts: Array<[string, string]> = [
        ...input.options.map((o, i): [string, string] => [`options[${i}].content`, o.content]),
        ...input.subQuestions.flatMap((q, i): Array<[string, string]> => [
          [`subQuestions[${i}].stem`, q.stem],
          ...q.options.map((o, j): [string, string] => [`subQuestions[${i}].options[${j}].content`, o.content]),
        ]),
      ];
      for (const [member, text] of texts) {
        const word = await ctx.app.dictionaryCache.findSensitiveWord(tenantId, text);
        if (word) errors.push({ message: ctx.t('ContainsSensitiveWord', word), members: [member] });
      }
    }
    if (errors.length) throw new AbpValidationError(errors);
  },
  toData: (input, rich) => {
    const stem = rich('stem') ?? '';
    const subs = input.questionType === MATERIAL ? input.subQuestions.map(storedSub) : [];
    const options = isChoice(input.questionType) ? input.options : [];
    const { blanks, ...answer } = answerColumns(input);
    return {
      questionType: input.questionType,
      title: titleOf(stem),
      stem,
      analysis: rich('analysis'),
      difficulty: input.difficulty,
      // A material question is worth what its parts are.
      score: input.questionType === MATERIAL ? subs.reduce((sum, s) => sum + s.score, 0) : input.score,
      categoryId: input.categoryId,
      chapterTypeId: input.chapterTypeId ?? null,
      isUniversity: input.isUniversity,
      isShow: input.isShow,
      ...answer,
      blanksJson: blanks === null ? null : JSON.stringify(blanks),
      subQuestionsJson: subs.length ? JSON.stringify(subs) : null,
      fingerprint: fingerprintOf({ stem, options, subQuestions: subs }),
    };
  },
  afterWrite: (q, input, tx) => questionOptions.sync(tx, q, isChoice(input.questionType) ? input.options : []),
  /** Chapter names, options and family sizes for a page: one query each. */
  toDtos: async (rows: Row[], l, ctx) => {
    const ids = rows.map((r) => r.id);
    const chapterIds = distinctIds(rows.map((r) => r.chapterTypeId));
    const [chapters, options, sizes] = await Promise.all([
      chapterIds.length ? ctx.db.chapterType.findMany({ where: { id: { in: chapterIds } }, select: { id: true, name: true } }) : [],
      questionOptions.read(ctx, ids),
      familySizes(ctx, distinctIds(rows.map((r) => r.sisterGroupId))),
    ]);
    const chapterNames = new Map(chapters.map((c) => [c.id, c.name]));
    return rows.map((r) =>
      questionDto(r, {
        questionType: narrowType(r.questionType),
        difficulty: r.difficulty === 1 ? 1 : r.difficulty === 3 ? 3 : 2,
        categoryName: l.category(r.categoryId),
        chapterName: r.chapterTypeId === null ? null : (chapterNames.get(r.chapterTypeId) ?? null),
        sisterCount: r.sisterGroupId === null ? 0 : (sizes.get(r.sisterGroupId) ?? 0),
        blanks: parseJson(TestQuestionDto.shape.blanks, r.blanksJson, null),
        subQuestions: parseJson(TestQuestionDto.shape.subQuestions, r.subQuestionsJson, []),
        options: options.get(r.id) ?? [],
        duplicateIds: [],
        ...reviewFields(r, l),
      }),
    );
  },
});

function narrowType(type: number): 1 | 2 | 3 | 4 | 5 | 6 {
  switch (type) {
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
    case 6:
      return type;
    default:
      throw new Error(`Unknown question type ${type}`);
  }
}

/** Other live questions of the tenant with the same fingerprint (the duplicate warning). */
async function withDuplicates(dto: TestQuestionDto, ctx: RequestContext): Promise<TestQuestionDto> {
  const same = await ctx.db.testQuestion.findMany({
    where: { fingerprint: dto.fingerprint, id: { not: dto.id } },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: 20,
  });
  return { ...dto, duplicateIds: same.map((s) => s.id) };
}

/** A question the caller may see (tenant, soft delete, its bank's permission), or a 404/403. */
async function question(id: number, ctx: RequestContext): Promise<TestQuestionDto> {
  return bank.Get({ Id: id }, ctx);
}

/** A question's row through the data filters, or a 404. */
async function rowOf(id: number, ctx: RequestContext): Promise<Row> {
  const row = await ctx.db.testQuestion.findFirst({ where: { id } });
  if (!row) throw new EntityNotFoundError('TestQuestion', id);
  return row;
}

// ---------------------------------------------------------------------------
// Statistics

const CHINA_OFFSET_MS = 8 * 3600_000;
/** 00:00 UTC+8 of a `YYYY-MM-DD` day, as an instant. */
function chinaMidnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + plusDays) - CHINA_OFFSET_MS);
}

async function sectionIds(ctx: RequestContext, sectionId: number): Promise<number[]> {
  const ids = await subtreeIds(ctx, sectionId);
  if (!ids.length) throw new EntityNotFoundError('MultiLevelCategory', sectionId);
  return ids;
}

const count = (n: { _all: number }) => n._all;

// ---------------------------------------------------------------------------

/** Create's checks and batch write, for the imports (the bank's, and a paper's from a file). */
export const questionBankWriter = { prepare: bank.prepare, insertMany: insertQuestions };

export const testQuestion = implement(TestQuestionService, {
  /** The page, wrapped once more (`result.result`): see `NestedQuestionPage`. */
  GetAllQuestion: async (q, ctx) => ({ result: await bank.GetAll(q, ctx) }),
  GetAllModerated: bank.GetAllModerated,
  GetAllTeacherQuestion: async (q, ctx) => {
    const teachers = await ctx.db.user.findMany({ where: { identity: UserIdentity.values.Teacher }, select: { id: true } });
    return bank.GetAllWhere(q, ctx, { creatorUserId: { in: teachers.map((u) => u.id) } });
  },
  Get: bank.Get,
  CreateQuestion: async (input, ctx) => withDuplicates(await bank.Create(input, ctx), ctx),
  /** The type of a question is fixed once created (papers and answers refer to it). */
  UpdateQuestion: async (input, ctx) => {
    const existing = await rowOf(input.id, ctx);
    if (existing.questionType !== input.questionType) invalid('questionType', ctx.t('QuestionTypeFixed'));
    return withDuplicates(await bank.Update(input, ctx), ctx);
  },
  /** `QuestionType` must be the question's: a stale screen never deletes another row. Deleting leaves the family. */
  DeleteQuestion: async (input, ctx) => {
    const row = await rowOf(input.Id, ctx);
    if (row.questionType !== input.QuestionType) invalid('questionType', ctx.t('QuestionTypeMismatch'));
    await bank.Delete({ Id: input.Id }, ctx);
    if (row.sisterGroupId !== null) await leaveFamily(ctx, row.sisterGroupId);
    return null;
  },
  AuditedTestQuestion: bank.review,
  /** A decision at a named step: refused unless the question awaits that step (checked in the guarded decision). */
  AuditTestQuestionFlow: ({ stepName, ...decision }, ctx) => bank.review(decision, ctx, stepName),
  /**
   * Joins `sisterId` (or a question created from `question`) to `id`'s family,
   * created on first use with `id`'s id. A question already in another family
   * brings its family along (the two merge). Same tenant, never twice.
   */
  ImportSisterQuestion: async (input, ctx) => {
    const anchor = await question(input.id, ctx);
    if ((input.sisterId === undefined) === (input.question === undefined)) invalid('sisterId', ctx.t('SisterNeedsOne'));
    const created = input.question ? await bank.Create(input.question, ctx) : null;
    const sister = created ?? (await question(input.sisterId ?? 0, ctx));
    if (sister.id === anchor.id) invalid('sisterId', ctx.t('SisterOfItself'));
    const [a, b] = await Promise.all([rowOf(anchor.id, ctx), rowOf(sister.id, ctx)]);
    if (a.tenantId !== b.tenantId) invalid('sisterId', ctx.t('SisterOtherTenant'));
    const group = a.sisterGroupId ?? a.id;
    if (b.sisterGroupId !== null && b.sisterGroupId === group) throw new UserFriendlyError(ctx.t('AlreadySisters'));
    await ctx.transaction(async (tx) => {
      await tx.db.testQuestion.updateMany({ where: { id: a.id }, data: { sisterGroupId: group } });
      const joining = b.sisterGroupId === null ? { id: b.id } : { OR: [{ id: b.id }, { sisterGroupId: b.sisterGroupId }] };
      await tx.db.testQuestion.updateMany({ where: joining, data: { sisterGroupId: group } });
    });
    const dto = await question(sister.id, ctx);
    return created ? withDuplicates(dto, ctx) : dto;
  },
  /** Takes the question out of its family; a family left with one question is dissolved. */
  DeleteSisterQuestion: async (input, ctx) => {
    await question(input.Id, ctx);
    const row = await rowOf(input.Id, ctx);
    if (row.sisterGroupId === null) throw new UserFriendlyError(ctx.t('NotInFamily'));
    await ctx.db.testQuestion.updateMany({ where: { id: row.id }, data: { sisterGroupId: null } });
    await leaveFamily(ctx, row.sisterGroupId);
    return null;
  },
  /** Shows or hides a question; not an edit (the review state stays). */
  showStateSwitching: async (input, ctx) => {
    await question(input.id, ctx);
    await ctx.db.testQuestion.updateMany({ where: { id: input.id }, data: { isShow: input.isShow } });
    return question(input.id, ctx);
  },
  getTopicOfStatistical: async (q, ctx) => {
    const ids = await sectionIds(ctx, q.sectionId);
    const from = q.BeginTime ? chinaMidnight(q.BeginTime) : null;
    const to = q.EndTime ? chinaMidnight(q.EndTime, 1) : null;
    if (from && to && from >= to) invalid('endTime', ctx.t('EndBeforeBegin'));
    const where = { categoryId: { in: ids }, creationTime: { ...(from && { gte: from }), ...(to && { lt: to }) } };
    const t = ctx.db.testQuestion;
    const [total, byType, byDifficulty, byStatus, byAuthor, perDay] = await Promise.all([
      t.count({ where }),
      t.groupBy({ by: ['questionType'], where, _count: { _all: true }, orderBy: { questionType: 'asc' } }),
      t.groupBy({ by: ['difficulty'], where, _count: { _all: true }, orderBy: { difficulty: 'asc' } }),
      t.groupBy({ by: ['auditStatus'], where, _count: { _all: true }, orderBy: { auditStatus: 'asc' } }),
      t.groupBy({ by: ['creatorUserId'], where, _count: { _all: true } }),
      questionsPerDay(ctx, ids, from, to),
    ]);
    const usage = await questionUsage(ctx, ids, from, to, total);
    const authorIds = distinctIds(byAuthor.map((a) => a.creatorUserId));
    const users = authorIds.length
      ? await ctx.prisma.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true, surname: true } })
      : [];
    const names = new Map(users.map((u) => [u.id, fullNameOf(u)]));
    const result: QuestionStatisticsDto = {
      total,
      byType: byType.map((g) => ({ key: narrowType(g.questionType), count: count(g._count) })),
      byDifficulty: byDifficulty.map((g) => ({ key: g.difficulty === 1 ? 1 : g.difficulty === 3 ? 3 : 2, count: count(g._count) })),
      byAuditStatus: byStatus.map((g) => ({ key: g.auditStatus, count: count(g._count) })),
      byAuthor: byAuthor
        .map((g) => ({
          userId: g.creatorUserId,
          userName: g.creatorUserId === null ? null : (names.get(g.creatorUserId) ?? null),
          count: count(g._count),
        }))
        .sort((x, y) => y.count - x.count),
      perDay,
      usage,
      beginTime: iso(from),
      endTime: iso(to),
    };
    return result;
  },
  GetQuestionStatistical: async ({ SectionId }, ctx) => {
    const ids = await sectionIds(ctx, SectionId);
    const [byType, byCategory, nodes] = await Promise.all([
      ctx.db.testQuestion.groupBy({
        by: ['questionType'],
        where: { categoryId: { in: ids } },
        _count: { _all: true },
        orderBy: { questionType: 'asc' },
      }),
      ctx.db.testQuestion.groupBy({ by: ['categoryId'], where: { categoryId: { in: ids } }, _count: { _all: true } }),
      ctx.db.multiLevelCategory.findMany({
        where: { id: { in: ids } },
        select: { id: true, parentId: true, path: true, name: true, sort: true },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      }),
    ]);
    const perCategory = new Map(byCategory.map((g) => [g.categoryId, count(g._count)]));
    const children = nodes.filter((n) => n.parentId === SectionId);
    return {
      sectionId: SectionId,
      total: byCategory.reduce((sum, g) => sum + count(g._count), 0),
      byType: byType.map((g) => ({ key: narrowType(g.questionType), count: count(g._count) })),
      // A child's figure is its whole subtree's (nodes of the section only, not question rows).
      children: children.map((c) => ({
        categoryId: c.id,
        name: c.name,
        count: nodes.filter((n) => n.path.startsWith(c.path)).reduce((sum, n) => sum + (perCategory.get(n.id) ?? 0), 0),
      })),
    };
  },
  /** Extensions: the import template and upload, with Create's own checks and write. */
  ...questionImportHandlers(questionBankWriter),
  /** Preview and export of a paper (services/test-paper-export.ts). */
  ...paperExportHandlers(bank.GetAllWhere),
  /** The paper calls (services/test-paper.ts), with the bank's own DTOs. */
  ...paperQuestionHandlers(bank.GetAllWhere),
});

/**
 * Create's write for many questions that `bank.prepare` has checked (an
 * import's commit), inside the caller's transaction: the rows (pending
 * review, the caller as author, through the data filters) and their options,
 * one statement each instead of a few per question. The fingerprints must be
 * distinct (an import skips duplicates first): rows are matched back by them.
 * Answers the new ids in input order.
 */
export async function insertQuestions(items: ReadonlyArray<{ input: In; data: Columns }>, tx: RequestContext): Promise<number[]> {
  if (!items.length) return [];
  const tenantId = tenantOf(tx);
  const rows = await tx.db.testQuestion.createManyAndReturn({
    data: items.map((i) => ({ ...i.data, ...PENDING_REVIEW, tenantId })),
    select: { id: true, fingerprint: true },
  });
  const idOf = new Map(rows.map((r) => [r.fingerprint, r.id]));
  const ids = items.map((i) => idOf.get(i.data.fingerprint));
  if (idOf.size !== items.length || ids.some((id) => id === undefined)) throw new Error('insertQuestions needs distinct fingerprints');
  const options = items.flatMap((item, i) =>
    isChoice(item.input.questionType) ? item.input.options.map((o, sort) => ({ ...optionColumns(o, sort), questionId: ids[i] ?? 0, tenantId })) : [],
  );
  if (options.length) await tx.db.testQuestionOption.createMany({ data: options });
  return ids.map((id) => id ?? 0);
}

/** A family left with a single question is no family: its last member is released. */
async function leaveFamily(ctx: RequestContext, group: number) {
  const left = await ctx.db.testQuestion.count({ where: { sisterGroupId: group } });
  if (left === 1) await ctx.db.testQuestion.updateMany({ where: { sisterGroupId: group }, data: { sisterGroupId: null } });
}

/**
 * Questions added per UTC+8 calendar day: one grouped SQL query. Raw SQL goes
 * past the data filters, so tenant and soft delete are written here.
 * DateTime columns hold ISO text with an offset (the adapter's iso8601 format),
 * which SQLite's date functions read.
 */
/**
 * How the section's questions (same filter as the counts) are used in live
 * papers: one grouped query for the totals, one for the ten most used. Raw
 * SQL, so tenant and soft delete are written out.
 */
async function questionUsage(ctx: RequestContext, categoryIds: number[], from: Date | null, to: Date | null, total: number) {
  const tenant = (alias: string) =>
    ctx.session.tenantId === null ? Prisma.empty : Prisma.sql`AND ${Prisma.raw(alias)}."tenantId" = ${ctx.session.tenantId}`;
  const perQuestion = Prisma.sql`
    SELECT q."id" AS "questionId", q."title" AS "title", q."questionType" AS "questionType", COUNT(DISTINCT l."paperId") AS "papers"
    FROM "TestPaperQuestion" l
    JOIN "TestPaper" p ON p."id" = l."paperId" AND p."isDeleted" = 0 ${tenant('p')}
    JOIN "TestQuestion" q ON q."id" = l."questionId" AND q."isDeleted" = 0 ${tenant('q')}
    WHERE q."categoryId" IN (${Prisma.join(categoryIds)})
      ${from ? Prisma.sql`AND q."creationTime" >= ${from}` : Prisma.empty}
      ${to ? Prisma.sql`AND q."creationTime" < ${to}` : Prisma.empty}
    GROUP BY q."id"`;
  type Row = { questionId: number; title: string; questionType: number; papers: number | bigint };
  const [sums, top] = await Promise.all([
    ctx.prisma.$queryRaw<
      Array<{ used: number | bigint; uses: number | bigint | null }>
    >`SELECT COUNT(*) AS "used", SUM("papers") AS "uses" FROM (${perQuestion})`,
    ctx.prisma.$queryRaw<Row[]>`SELECT * FROM (${perQuestion}) ORDER BY "papers" DESC, "questionId" ASC LIMIT 10`,
  ]);
  const used = Number(sums[0]?.used ?? 0);
  return {
    used,
    unused: Math.max(0, total - used),
    uses: Number(sums[0]?.uses ?? 0),
    top: top.map((r) => ({ questionId: r.questionId, title: r.title, questionType: narrowType(r.questionType), papers: Number(r.papers) })),
  };
}

async function questionsPerDay(ctx: RequestContext, categoryIds: number[], from: Date | null, to: Date | null) {
  const tenant = ctx.session.tenantId === null ? Prisma.empty : Prisma.sql`AND "tenantId" = ${ctx.session.tenantId}`;
  const rows = await ctx.prisma.$queryRaw<Array<{ day: string; n: number | bigint }>>`
    SELECT strftime('%Y-%m-%d', "creationTime", '+8 hours') AS day, COUNT(*) AS n
    FROM "TestQuestion"
    WHERE "isDeleted" = 0 ${tenant}
      AND "categoryId" IN (${Prisma.join(categoryIds)})
      ${from ? Prisma.sql`AND "creationTime" >= ${from}` : Prisma.empty}
      ${to ? Prisma.sql`AND "creationTime" < ${to}` : Prisma.empty}
    GROUP BY day ORDER BY day`;
  return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
}
