import {
  CreateQuestionInput,
  OPTION_LABELS,
  Permissions,
  QuestionOptionDto,
  QuestionType,
  TestQuestionDto,
  questionFingerprint as fingerprintOf,
  reviewables,
  type GetAllQuestionInput,
} from '@edu/sdk';
import type { z } from 'zod';
import { childCollection, type ChildTable } from '../kit/children.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { contentHandlers, distinctIds, reviewFields, sanitizeRichText, type ContentTableOf } from '../kit/content.ts';
import type { Cond, RowOf, WhereOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { PENDING_REVIEW } from '../kit/review.ts';
import { AbpValidationError, EntityNotFoundError } from '../kit/errors.ts';
import { answerColumns, answerErrors, isChoice, MATERIAL, storedSub, titleOf, type In } from './rules.ts';

/**
 * The question bank (题库). Questions are content (kit/content.ts): scoped
 * lists, the two-step review of the registry, the standard/university
 * variants, sanitized rich text and sensitive words. This module adds what is
 * the bank's own: the answer rules per type (questions/rules.ts), options as a
 * child collection, blanks and material sub-questions (JSON), the duplicate
 * fingerprint, sister families, and Create's batch write for the imports.
 */

type Row = RowOf<'TestQuestion'>;
export type Columns = {
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

export const bank = contentHandlers({
  reviewable: reviewables.testQuestion,
  input: CreateQuestionInput,
  model: (ctx: RequestContext): ContentTableOf<'TestQuestion', Columns> => ctx.db.testQuestion,
  richFields: ['stem', 'analysis'],
  textFields: ['referenceAnswer'],
  keywordColumns: ['title'],
  keywordIndex: true,
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
        const word = await ctx.app.dictionaryCache.findSensitiveWord(tenantId, text, { rich: true });
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

/** A stored type as the SDK's `QuestionType` (every value, 不定项 included); anything else is a broken row. */
export function narrowType(type: number): QuestionType {
  const parsed = QuestionType.safeParse(type);
  if (!parsed.success) throw new Error(`Unknown question type ${type}`);
  return parsed.data;
}

/** Other live questions of the tenant with the same fingerprint (the duplicate warning). */
export async function withDuplicates(dto: TestQuestionDto, ctx: RequestContext): Promise<TestQuestionDto> {
  const same = await ctx.db.testQuestion.findMany({
    where: { fingerprint: dto.fingerprint, id: { not: dto.id } },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: 20,
  });
  return { ...dto, duplicateIds: same.map((s) => s.id) };
}

/** A question the caller may see (tenant, soft delete, its bank's permission), or a 404/403. */
export async function question(id: number, ctx: RequestContext): Promise<TestQuestionDto> {
  return bank.Get({ Id: id }, ctx);
}

/** A question's row through the data filters, or a 404. */
export async function rowOf(id: number, ctx: RequestContext): Promise<Row> {
  const row = await ctx.db.testQuestion.findFirst({ where: { id } });
  if (!row) throw new EntityNotFoundError('TestQuestion', id);
  return row;
}

/** Create's checks and batch write, for the imports (the bank's, and a paper's from a file). */
export const questionBankWriter = { prepare: bank.prepare, insertMany: insertQuestions };

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
export async function leaveFamily(ctx: RequestContext, group: number) {
  const left = await ctx.db.testQuestion.count({ where: { sisterGroupId: group } });
  if (left === 1) await ctx.db.testQuestion.updateMany({ where: { sisterGroupId: group }, data: { sisterGroupId: null } });
}
