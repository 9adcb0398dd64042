import type { TestQuestionService } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { pathIds } from '../kit/categories.ts';
import { readStoredFile } from '../kit/files.ts';
import type { HandlersOf } from '../kit/register-service.ts';
import { paperRenderModel } from './export/from-paper.ts';
import { renderPaper, type ImageSource } from './export/index.ts';
import { schoolNameOf } from '../services/tenant-settings.ts';
import { readPaper } from './papers.ts';
import { paperQuestionHandlers } from './question-calls.ts';

/**
 * `PreviewTestPaper` and `ExportTestPaper` (TestQuestion's paper calls; SDK
 * services/test-paper-export.ts). The paper is read as `TestPaper/Get`
 * reads it (the cell's permission or a reviewer's, the tenant filter, 404),
 * its questions as `GetAllQuestionOfPaper` lists them, and both go through
 * the one render (papers/export).
 */

type Handlers = HandlersOf<typeof TestQuestionService>;
/** `GetAllQuestionOfPaper`'s handler: a paper's questions in order with the bank's DTOs. */
type QuestionsOfPaper = ReturnType<typeof paperQuestionHandlers>['GetAllQuestionOfPaper'];

/**
 * The title block's subject (科目): the subject level (the second level, under
 * 小学 / 初中 / 高中) of the paper's questions' categories, in order of first
 * use; several subjects are joined (数学、物理); none when every question sits
 * at a stage root. A paper's own category is an exam kind (期中考试), never a subject.
 */
async function subjectOf(ctx: RequestContext, questions: ReadonlyArray<{ question: { categoryId: number } | null }>): Promise<string | null> {
  const categoryIds = [...new Set(questions.flatMap((q) => (q.question ? [q.question.categoryId] : [])))];
  if (!categoryIds.length) return null;
  const rows = await ctx.db.multiLevelCategory.findMany({ where: { id: { in: categoryIds } }, select: { id: true, path: true } });
  const pathOf = new Map(rows.map((r) => [r.id, pathIds(r.path)]));
  const subjectIds = [...new Set(categoryIds.flatMap((id) => pathOf.get(id)?.slice(1, 2) ?? []))];
  if (!subjectIds.length) return null;
  const names = await ctx.db.multiLevelCategory.findMany({ where: { id: { in: subjectIds } }, select: { id: true, name: true } });
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const subjects = [...new Set(subjectIds.flatMap((id) => nameOf.get(id) ?? []))];
  return subjects.length ? subjects.join('、') : null;
}

/**
 * Pictures this site stores (`/File/GetFile?token=`, as a relative or an
 * absolute URL), read from the database; nothing is fetched from anywhere.
 */
function storedImages(ctx: RequestContext): ImageSource {
  return async (src) => {
    let url: URL;
    try {
      url = new URL(src, 'http://site.invalid');
    } catch {
      return null;
    }
    const token = url.searchParams.get('token') ?? url.searchParams.get('Token');
    if (url.pathname.toLowerCase() !== '/file/getfile' || !token) return null;
    const file = await readStoredFile(ctx.prisma, token).catch(() => null);
    return file ? { bytes: new Uint8Array(await file.blob.arrayBuffer()), contentType: file.contentType } : null;
  };
}

async function render(
  ctx: RequestContext,
  questionsOfPaper: QuestionsOfPaper,
  id: number,
  format: 'docx' | 'pdf',
  document: 'paper' | 'answers' | 'answerSheet',
) {
  const paper = await readPaper(id, ctx);
  const [{ items }, school] = await Promise.all([questionsOfPaper({ PaperId: id }, ctx), schoolNameOf(ctx.prisma, ctx.session.tenantId)]);
  const subject = await subjectOf(ctx, items);
  const file = await renderPaper(paperRenderModel(paper, items, { school, subject }), format, document, storedImages(ctx));
  return { blob: new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), fileName: file.fileName, contentType: file.contentType };
}

/**
 * The preview and export handlers, spread into TestQuestion's implementation,
 * given the bank's list of questions by id (as `paperQuestionHandlers` takes it).
 */
export function paperExportHandlers(
  questionsWhere: Parameters<typeof paperQuestionHandlers>[0],
): Pick<Handlers, 'PreviewTestPaper' | 'ExportTestPaper'> {
  const questionsOfPaper = paperQuestionHandlers(questionsWhere).GetAllQuestionOfPaper;
  return {
    /** The print PDF itself, shown inline: preview equals print. */
    PreviewTestPaper: async ({ id, document }, ctx) => ({ ...(await render(ctx, questionsOfPaper, id, 'pdf', document)), inline: true }),
    ExportTestPaper: ({ id, format, document }, ctx) => render(ctx, questionsOfPaper, id, format, document),
  };
}
