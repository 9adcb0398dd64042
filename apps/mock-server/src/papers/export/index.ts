import { loadPictures, type ImageSource } from './images.ts';
import { layoutPaper } from './layout.ts';
import type { PaperDocument, PaperFormat, PaperRenderModel } from './model.ts';

export type { PaperDocument, PaperFormat, PaperRenderModel, RenderQuestion, RenderSection } from './model.ts';
export type { ImageSource } from './images.ts';

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

/** One document of a paper in one format: laid out once, then typeset. `images` finds the bytes of `<img src>` (none: every picture keeps its marker). */
export async function renderPaper(
  model: PaperRenderModel,
  format: PaperFormat,
  document: PaperDocument,
  images?: ImageSource,
): Promise<RenderedPaper> {
  const pictures = images ? await loadPictures(model, images) : new Map();
  const layout = layoutPaper(model, document, pictures);
  // The writers (pdfkit, docx: ~18 MB resident) load with the first export, not at start.
  const bytes =
    format === 'pdf' ? await (await import('./pdf-writer.ts')).writePdf(layout) : await (await import('./docx-writer.ts')).writeDocx(layout);
  return { bytes, fileName: `${safeFileName(layout.documentTitle)}.${format}`, contentType: PAPER_CONTENT_TYPES[format] };
}
