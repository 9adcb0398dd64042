import { writeDocx } from './docx-writer.ts';
import { layoutPaper } from './layout.ts';
import type { PaperDocument, PaperFormat, PaperRenderModel } from './model.ts';
import { writePdf } from './pdf-writer.ts';

export type { PaperDocument, PaperFormat, PaperRenderModel, RenderQuestion, RenderSection } from './model.ts';

/** MIME types of the two formats. */
export const PAPER_CONTENT_TYPES: Readonly<Record<PaperFormat, string>> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export interface RenderedPaper {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/** Characters Windows refuses in a file name become `_`. */
const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim() || 'paper';

/** One document of a paper in one format: laid out once, then typeset. */
export async function renderPaper(model: PaperRenderModel, format: PaperFormat, document: PaperDocument): Promise<RenderedPaper> {
  const layout = layoutPaper(model, document);
  const bytes = format === 'pdf' ? await writePdf(layout) : await writeDocx(layout);
  return { bytes, fileName: `${safeFileName(layout.documentTitle)}.${format}`, contentType: PAPER_CONTENT_TYPES[format] };
}
