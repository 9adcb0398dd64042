import { QUESTION_EXPORT_MAX, type TestQuestionService } from '@edu/sdk';
import type { z } from 'zod';
import type { GetAllQuestionInput } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { invalid } from '../kit/errors.ts';
import { readStoredFile } from '../kit/files.ts';
import type { HandlersOf } from '../kit/register-service.ts';
import { qtiPackage, unimportablePackage, zipFiles, type PackagePicture, type QtiSection, type UnimportablePackage } from '../import/qti-export.ts';
import type { QuestionExport } from '../import/word-export.ts';
import { readPaper } from '../papers/papers.ts';
import type { paperQuestionHandlers } from '../papers/question-calls.ts';
import type { Picture } from '../papers/export/html-runs.ts';

/**
 * `ExportQuestions` (the question list's filters, as Word in the import
 * format or a QTI 2.1 package) and `ExportTestPaperQti` (a paper's questions
 * by section as a QTI 2.1 package with its test); SDK services/test-question.ts.
 * The questions are read by the bank's own list (GetAllQuestion's filters,
 * permission and tenant) and the paper's own reads; pictures stored on this
 * site travel with them, read from the file store.
 */

type Handlers = HandlersOf<typeof TestQuestionService>;
type ListQuery = z.output<typeof GetAllQuestionInput>;
type QuestionsOfPaper = ReturnType<typeof paperQuestionHandlers>['GetAllQuestionOfPaper'];
type ExportedQuestion = QuestionExport & { id: number };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ZIP = 'application/zip';

const MB = 1024 * 1024;

const texts = {
  'zh-Hans': {
    tooMany: (n: number, max: number) => `筛选出 ${n} 道题，一次最多导出 ${max} 道，请缩小筛选范围。`,
    /** A QTI package the question import would refuse (qti-export.ts `unimportablePackage`). */
    unimportable: (p: UnimportablePackage) =>
      `QTI 包${
        p.kind === 'items'
          ? `有 ${p.count} 个题目文件（材料题每个小题一个），超过导入一次可读的 ${p.limit} 个`
          : p.kind === 'files'
            ? `有 ${p.count} 个文件（题目和图片），超过导入可读的 ${p.limit} 个`
            : `超过导入可读的 ${p.limit / MB} MB`
      }，请缩小范围分批导出。`,
    file: '题目导出',
  },
  en: {
    tooMany: (n: number, max: number) => `The filters select ${n} questions; at most ${max} can be exported at once: narrow the filters.`,
    unimportable: (p: UnimportablePackage) =>
      `The QTI package would hold ${
        p.kind === 'items'
          ? `${p.count} item files (one per sub-question of a material), more than the ${p.limit} an import reads at once`
          : p.kind === 'files'
            ? `${p.count} files (items and pictures), more than the ${p.limit} an import reads`
            : `more than the ${p.limit / MB} MB an import reads`
      }: export a smaller selection, in parts.`,
    file: 'questions',
  },
};

/** The Word writer with docx, loaded on the first export instead of at start (docs/architecture/speed.md). */
const wordExport = () => import('../import/word-export.ts');

/** The stored pictures (`/File/GetFile?token=`) the questions show, by `src`. */
async function storedPictures(ctx: RequestContext, questions: readonly QuestionExport[]): Promise<Map<string, PackagePicture>> {
  const out = new Map<string, PackagePicture>();
  for (const src of (await wordExport()).pictureSources(questions)) {
    let url: URL;
    try {
      url = new URL(src, 'http://site.invalid');
    } catch {
      continue;
    }
    const token = url.searchParams.get('token');
    if (url.pathname.toLowerCase() !== '/file/getfile' || !token) continue;
    const file = await readStoredFile(ctx.prisma, token).catch(() => null);
    if (file) out.set(src, { bytes: new Uint8Array(await file.blob.arrayBuffer()), contentType: file.contentType });
  }
  return out;
}

/** The package zipped, or a 400 on `field` when our own import would refuse it (the export never writes what it cannot read back). */
function importableZip(files: ReadonlyMap<string, Uint8Array>, field: string, T: (typeof texts)[keyof typeof texts]): Uint8Array {
  const before = unimportablePackage(files);
  if (before) invalid(field, T.unimportable(before));
  const zip = zipFiles(files);
  const after = unimportablePackage(files, zip.length);
  if (after) invalid(field, T.unimportable(after));
  return zip;
}

const fileOf = (bytes: Uint8Array, fileName: string, contentType: string) => ({
  blob: new Blob([new Uint8Array(bytes)], { type: contentType }),
  fileName,
  contentType,
});

export function questionExportHandlers(
  list: (q: ListQuery, ctx: RequestContext) => Promise<{ totalCount: number; items: ExportedQuestion[] }>,
  questionsOfPaper: QuestionsOfPaper,
): Pick<Handlers, 'ExportQuestions' | 'ExportTestPaperQti'> {
  return {
    ExportQuestions: async ({ format, ...filters }, ctx) => {
      const T = texts[ctx.culture];
      const page = await list({ ...filters, SkipCount: 0, MaxResultCount: QUESTION_EXPORT_MAX }, ctx);
      if (page.totalCount > QUESTION_EXPORT_MAX) invalid('format', T.tooMany(page.totalCount, QUESTION_EXPORT_MAX));
      const pictures = await storedPictures(ctx, page.items);
      if (format === 'docx') {
        const { embeddable, questionsToDocx } = await wordExport();
        const embedded = new Map<string, Picture>();
        for (const [src, p] of pictures) {
          const e = embeddable(p.bytes, p.contentType);
          if (e) embedded.set(src, e);
        }
        return fileOf(await questionsToDocx(page.items, embedded), `${T.file}.docx`, DOCX);
      }
      const files = qtiPackage([{ title: T.file, questions: page.items }], pictures);
      return fileOf(importableZip(files, 'format', T), `${T.file}（QTI 2.1）.zip`, ZIP);
    },
    ExportTestPaperQti: async ({ id }, ctx) => {
      const paper = await readPaper(id, ctx);
      const { items } = await questionsOfPaper({ PaperId: id }, ctx);
      const sections: QtiSection[] = paper.sections.map((s) => ({
        title: s.title,
        questions: items.flatMap((i) => (i.sectionId === s.id && i.question ? [{ ...i.question, score: i.score }] : [])),
      }));
      const pictures = await storedPictures(
        ctx,
        sections.flatMap((s) => s.questions),
      );
      const zip = importableZip(qtiPackage(sections, pictures, { title: paper.title }), 'id', texts[ctx.culture]);
      return fileOf(zip, `${paper.title}（QTI 2.1）.zip`, ZIP);
    },
  };
}
