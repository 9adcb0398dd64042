import type { Picture } from './html-runs.ts';
import { PAGE } from './layout.ts';
import type { PaperRenderModel, RenderQuestion } from './model.ts';

/**
 * Pictures of a paper: the `<img src>` of stems, options and analyses are
 * looked up through an `ImageSource` (the server's reads the files this site
 * stores, `/File/GetFile?token=`; nothing is fetched from elsewhere), and
 * PNG and JPEG files are embedded, fitted to at most 60% of the text width
 * and 6 cm high at 96 dpi. Anything else keeps its marker 【图】.
 */

/** Bytes and type of an image `src`, or null when it is not ours or not found. */
export type ImageSource = (src: string) => Promise<{ bytes: Uint8Array; contentType: string } | null>;

/** At most this many distinct pictures are embedded in one document (the rest keep their marker). */
export const MAX_PICTURES = 200;
const MAX_WIDTH_PT = ((PAGE.widthMm - PAGE.leftMm - PAGE.rightMm) / 25.4) * 72 * 0.6;
const MAX_HEIGHT_PT = (60 / 25.4) * 72;

function htmlOf(q: RenderQuestion): string[] {
  return [q.stem, q.analysis ?? '', ...q.options.map((o) => o.content), ...q.subQuestions.flatMap(htmlOf)];
}

/** The distinct image sources of a paper's rich text, in order. */
export function imageSources(model: PaperRenderModel): string[] {
  const html = model.sections.flatMap((s) => s.questions.flatMap(htmlOf)).join('');
  const srcs = [...html.matchAll(/<img\b[^>]*\bsrc\s*=\s*"([^"]*)"/gi)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
  return [...new Set(srcs)].filter(Boolean).slice(0, MAX_PICTURES);
}

/** Pixel size of a PNG (IHDR) or a baseline/progressive JPEG (SOFn); null when unreadable. */
export function imageSize(bytes: Uint8Array, format: 'png' | 'jpg'): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'png') {
    if (bytes.length < 24 || view.getUint32(0) !== 0x89504e47) return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return null;
  for (let i = 2; i + 9 < bytes.length;) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] ?? 0;
    const length = view.getUint16(i + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

/** Shown size in points: 96 dpi, scaled down to fit. */
function fitted(width: number, height: number) {
  const scale = Math.min(1, MAX_WIDTH_PT / (width * 0.75), MAX_HEIGHT_PT / (height * 0.75));
  return { widthPt: width * 0.75 * scale, heightPt: height * 0.75 * scale };
}

/** The paper's embeddable pictures by `src`. */
export async function loadPictures(model: PaperRenderModel, source: ImageSource): Promise<Map<string, Picture>> {
  const found = await Promise.all(
    imageSources(model).map(async (src): Promise<[string, Picture] | null> => {
      const file = await source(src).catch(() => null);
      if (!file) return null;
      const type = file.contentType.toLowerCase();
      const format = type === 'image/png' ? 'png' : type === 'image/jpeg' || type === 'image/jpg' ? 'jpg' : null;
      const size = format ? imageSize(file.bytes, format) : null;
      if (!format || !size || !size.width || !size.height) return null;
      return [src, { bytes: file.bytes, format, ...fitted(size.width, size.height) }];
    }),
  );
  return new Map(found.filter((f): f is [string, Picture] => f !== null));
}
