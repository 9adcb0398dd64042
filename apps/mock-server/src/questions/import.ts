import { localize, textsIn } from '../localization/texts.ts';
import { CreateQuestionInput, Permissions, QUESTION_IMPORT_MAX_ROWS, type TestQuestionService } from '@edu/sdk';
import type { z } from 'zod';
import { toValidationErrors, validate } from '../kit/bind-input.ts';
import { assertCategory } from '../kit/categories.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { AbpValidationError, ForbiddenError, invalid } from '../kit/errors.ts';
import { storeFileBytes } from '../kit/files.ts';
import { fileError, readTable, type Table } from '../kit/import/reading.ts';
import { readPool } from '../kit/import/read-pool.ts';
import { startImport, type ImportItem, type Importer } from '../kit/import/running.ts';
import { templateWorkbook } from '../kit/import/workbooks.ts';
import type { HandlersOf } from '../kit/register-service.ts';
import { looksLikeAiken, parseAiken } from '../import/aiken.ts';
import { looksLikeGift, parseGift } from '../import/gift.ts';
import type { Base } from '../import/migration.ts';
import { withDocumentMedia, type ImportPicture } from '../import/pictures.ts';
import { documentPlaceOf, parseQuestionDocument, type DocumentParse, type DocumentQuestion } from '../import/question-document.ts';
import type { DocxPicture, SourceLine } from '../import/document-lines.ts';
import type { QuestionDraft } from '../import/question-format.ts';
import {
  QUESTION_COLUMNS,
  TEMPLATE_LISTS,
  TEMPLATE_NOTES,
  TEMPLATE_ROWS,
  sheetColumnOf,
  sheetItems,
  type SheetQuestion,
} from '../import/question-sheet.ts';

/**
 * Question import (extensions of TestQuestion, SDK
 * services/test-question-import.ts): the Excel template and the upload of
 * Excel/CSV/Word/TXT files, run through the import kit (kit/import.ts) as a
 * job. Every question passes CreateQuestion's own checks (`bank.prepare`) and
 * is written by CreateQuestion's own create (`bank.create`), all in one
 * transaction; the bank is handed in by services/test-question.ts
 * (questions/bank.ts).
 */

type In = z.output<typeof CreateQuestionInput>;

/**
 * What import uses of the bank: Create's checks without the write (`prepare`,
 * answering the columns Create would write, the fingerprint among them) and
 * Create's write of many checked questions at once (`insertMany`: rows and
 * options, pending review, the caller as author; distinct fingerprints).
 */
export interface QuestionBankWriter<Data extends { fingerprint: string }> {
  prepare(input: In, ctx: RequestContext): Promise<Data>;
  insertMany(items: ReadonlyArray<{ input: In; data: Data }>, tx: RequestContext): Promise<number[]>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const QUESTION_CLASS_TYPE = 3;

/** Either kind of item the two formats give: a sheet row or a document question. */
type Source = { kind: 'sheet'; q: SheetQuestion } | { kind: 'document'; q: DocumentQuestion };

const isZip = (b: Uint8Array) => b.length > 3 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Uint8Array) => b.length > 7 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/**
 * The lines of a .docx (its paragraphs, Word's list numbering and pictures
 * marked: import/docx-lines.ts) or the text of a .txt (UTF-8 or GBK), read in
 * a worker (kit/import/read-pool.ts).
 */
async function documentLines(
  fileName: string,
  bytes: Uint8Array,
  ctx: RequestContext,
): Promise<string | { lines: SourceLine[]; pictures: DocxPicture[] }> {
  const T = textsIn(ctx.culture);
  const docx = /\.docx?$/i.test(fileName);
  if (docx && !isZip(bytes)) fileError(isOle(bytes) ? T('QuestionImportOldWord') : T('QuestionImportNotDocx'));
  const read = await readPool().read({ kind: docx ? 'docx' : 'text', name: fileName, bytes }, ctx);
  if ('unreadable' in read) fileError(T('QuestionImportNotDocx'));
  return read.lines ? { lines: read.lines, pictures: read.pictures ?? [] } : read.text;
}

/**
 * A document upload by its format: Word (.docx) and the Chinese TXT format;
 * Moodle GIFT (`.gift`, or a .txt reading as GIFT) and Aiken (a .txt with
 * `ANSWER:` lines); QTI 2.1 (an item `.xml` or a content package `.zip`, read
 * in the worker). Each gives the same document items (question, line, preview).
 */
async function readDocument(fileName: string, bytes: Uint8Array, base: Base, ctx: RequestContext): Promise<DocumentParse> {
  const T = textsIn(ctx.culture);
  const name = fileName.toLowerCase();
  if (name.endsWith('.xml') || name.endsWith('.zip')) {
    if (name.endsWith('.zip') && !isZip(bytes)) fileError(T('QuestionImportNotZip'));
    const read = await readPool().read({ kind: 'qti', name: fileName, bytes, base }, ctx);
    if ('unreadable' in read) return fileError(T('QuestionImportNotZip'));
    if ('fileProblem' in read.qti) return fileError(read.qti.fileProblem);
    return { items: read.qti.items, fileProblem: null };
  }
  if (!name.endsWith('.docx') && !name.endsWith('.doc') && !name.endsWith('.txt') && !name.endsWith('.gift'))
    fileError(T('QuestionImportUnsupportedFile'));
  const source = await documentLines(fileName, bytes, ctx);
  if (typeof source === 'string') {
    const gift = name.endsWith('.gift') || (looksLikeGift(source) && !source.includes('答案'));
    const migrated = gift ? parseGift(source, base, ctx.culture) : looksLikeAiken(source) ? parseAiken(source, base, ctx.culture) : null;
    if (migrated)
      return migrated.length
        ? { items: migrated, fileProblem: null }
        : { items: [], fileProblem: source.trim() !== '' ? T('QuestionImportNoQuestions') : T('QuestionImportEmptyFile') };
  }
  if (typeof source === 'string') return parseQuestionDocument(source, base, ctx.culture);
  const parsed = parseQuestionDocument(source.lines, base, ctx.culture);
  withDocumentMedia(parsed.items, source.pictures);
  return parsed;
}

function mapItems<A, B>(items: Array<ImportItem<A>>, f: (a: A) => B): Array<ImportItem<B>> {
  return items.map((i) => ({ ...i, input: i.input === null ? null : f(i.input) }));
}

/** Reads the file into items (file-level problems are a 400 on `file`). */
async function readItems(
  file: Blob,
  base: Pick<QuestionDraft, 'categoryId' | 'chapterTypeId' | 'isUniversity'>,
  ctx: RequestContext,
): Promise<{ items: Array<ImportItem<Source>>; table: Table<Record<string, unknown>> | null; fileName: string }> {
  const T = textsIn(ctx.culture);
  const fileName = file instanceof File ? file.name : 'questions';
  const name = fileName.toLowerCase();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (name.endsWith('.xlsx') || name.endsWith('.xls') || name.endsWith('.csv')) {
    const table = await readTable({ name: fileName, bytes }, QUESTION_COLUMNS, ctx, { maxRows: QUESTION_IMPORT_MAX_ROWS });
    const items = mapItems(sheetItems(table, base, ctx.culture), (q): Source => ({ kind: 'sheet', q }));
    return { items, table, fileName };
  }
  const parsed = await readDocument(fileName, bytes, base, ctx);
  if (parsed.fileProblem) fileError(parsed.fileProblem);
  if (parsed.items.length > QUESTION_IMPORT_MAX_ROWS) fileError(T('QuestionImportTooManyQuestions', QUESTION_IMPORT_MAX_ROWS));
  return { items: mapItems(parsed.items, (q): Source => ({ kind: 'document', q })), table: null, fileName };
}

/** The importer of questions into one category: Create's checks, fingerprints for duplicates, Create's write. */
function questionImporter<Data extends { fingerprint: string }>(
  bank: QuestionBankWriter<Data>,
  chapters: Map<string, number>,
  table: Table<Record<string, unknown>> | null,
): Importer<Source, { input: In; data: Data; pictures: ImportPicture[] }> {
  const draftOf = (s: Source) => s.q.draft;
  return {
    name: 'TestQuestion.Import',
    title: 'JobTitleQuestionImport',
    async check(source, ctx) {
      const draft = { ...draftOf(source) };
      if (source.kind === 'sheet' && source.q.chapterName) {
        const id = chapters.get(source.q.chapterName.normalize('NFKC').trim());
        if (id === undefined) invalid('chapterTypeId', localize(ctx.culture, 'QuestionImportUnknownChapter', source.q.chapterName));
        draft.chapterTypeId = id;
      }
      const parsed = validate(CreateQuestionInput, draft, ctx.culture);
      if (!parsed.success) throw new AbpValidationError(toValidationErrors(parsed.error, ctx.culture));
      const data = await bank.prepare(parsed.data, ctx);
      const pictures = source.kind === 'document' ? (source.q.pictures ?? []) : [];
      return { value: { input: parsed.data, data, pictures }, key: data.fingerprint };
    },
    async existing(keys, ctx) {
      const rows = await ctx.db.testQuestion.findMany({
        where: { fingerprint: { in: keys } },
        select: { id: true, fingerprint: true },
        orderBy: { id: 'asc' },
      });
      const out = new Map<string, number>();
      for (const r of rows) if (!out.has(r.fingerprint)) out.set(r.fingerprint, r.id);
      return out;
    },
    /** Create's write; the pictures of the questions written are stored with them (a dry run never gets here). */
    async write(batch, tx) {
      const owner = { tenantId: tx.session.tenantId, userId: tx.session.userId };
      // Under their tokens, inside the import's transaction.
      for (const picture of batch.flatMap((b) => b.value.pictures)) await storeFileBytes(tx.db, owner, picture);
      return bank.insertMany(
        batch.map((b) => b.value),
        tx,
      );
    },
    locate(member, item, culture) {
      const source = item.input;
      if (source?.kind === 'document') return documentPlaceOf(member, { ...item, input: source.q });
      if (source?.kind === 'sheet' && table) return { column: sheetColumnOf(member, { ...item, input: source.q }, table, culture) };
      return { column: null };
    },
  };
}

/** The import calls, spread into TestQuestion's implementation. */
export function questionImportHandlers<Data extends { fingerprint: string }>(
  bank: QuestionBankWriter<Data>,
): Pick<HandlersOf<typeof TestQuestionService>, 'GetQuestionImportTemplate' | 'ImportQuestions'> {
  return {
    /** The Excel template: headers (required ones in red), drop-down lists for 题型 and 难度, two examples per type, and a sheet of notes. */
    GetQuestionImportTemplate: async () => {
      const bytes = await templateWorkbook(QUESTION_COLUMNS, 'zh-Hans', TEMPLATE_ROWS, {
        sheetName: '题目',
        lists: TEMPLATE_LISTS,
        notes: TEMPLATE_NOTES,
      });
      return { blob: new Blob([Buffer.from(bytes)], { type: XLSX_TYPE }), fileName: '题目导入模板.xlsx', contentType: XLSX_TYPE };
    },
    /**
     * Checks permission (the bank's create permission for the variant), the
     * category and chapter, reads the file (a 400 on `file` when it cannot be
     * read as a whole) and starts the import job.
     */
    ImportQuestions: async (input, ctx) => {
      const run = await questionImportRun(bank, input, ctx);
      return startImport(ctx, run.importer, run.items, {
        fileName: run.fileName,
        mode: input.mode,
        allOrNothing: input.allOrNothing,
        headers: run.headers,
        target: run.target,
      });
    },
  };
}

/** Where the questions of an import land: a category, optionally a chapter, and the bank. */
export interface QuestionImportTarget {
  categoryId: number;
  chapterTypeId?: number | undefined;
  isUniversity: boolean;
}

/**
 * The bank's import up to its job, for ImportQuestions and for the paper's
 * file import (papers/import.ts), which adds its `place` step to the
 * importer: checks permission (the bank's create permission for the variant,
 * 403 naming it), the category and chapter, and reads the file (a 400 on
 * `file` when it cannot be read as a whole, or holds more than `maxItems`).
 */
export async function questionImportRun<Data extends { fingerprint: string }>(
  bank: QuestionBankWriter<Data>,
  input: QuestionImportTarget & { file: Blob },
  ctx: RequestContext,
  options: { maxItems?: number } = {},
) {
  const needed = input.isUniversity ? Permissions.QuestionsUniversityQuestion : Permissions.QuestionsTestQuestion;
  const user = await ctx.requireUser();
  if (!user.granted.has(needed)) throw new ForbiddenError([needed]);
  tenantOf(ctx);
  await assertCategory(ctx, input.categoryId, QUESTION_CLASS_TYPE);
  const chapterRows = await ctx.db.chapterType.findMany({ where: { categoryId: input.categoryId }, select: { id: true, name: true } });
  if (input.chapterTypeId !== undefined && !chapterRows.some((c) => c.id === input.chapterTypeId)) {
    invalid('chapterTypeId', ctx.t('ChapterNotInCategory'));
  }
  const base = { categoryId: input.categoryId, chapterTypeId: input.chapterTypeId ?? null, isUniversity: input.isUniversity };
  const { items, table, fileName } = await readItems(input.file, base, ctx);
  const max = options.maxItems;
  if (max !== undefined && items.length > max) fileError(localize(ctx.culture, 'QuestionImportTooManyQuestions', max));
  const chapters = new Map(chapterRows.map((c) => [c.name.normalize('NFKC').trim(), c.id]));
  return {
    importer: questionImporter(bank, chapters, table),
    items,
    fileName,
    headers: table?.headers,
    target: { categoryId: input.categoryId, chapterTypeId: input.chapterTypeId ?? null, isUniversity: input.isUniversity },
  };
}
