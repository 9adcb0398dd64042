import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync, strFromU8 } from 'fflate';

/**
 * Reading exported files back, for the tests and the benchmark: a DOCX part
 * as text, and a PDF through Debian's poppler-utils (`pdftotext`, `pdffonts`,
 * `pdftoppm`; `.ci/run` installs them).
 */

const run = promisify(execFile);

/** A part of a DOCX (`word/document.xml`, `word/footer1.xml` …) as text; undefined when absent. */
export function docxPart(bytes: Uint8Array, part: string): string | undefined {
  const files = unzipSync(bytes, { filter: (f) => f.name === part });
  const file = files[part];
  return file ? strFromU8(file) : undefined;
}

/** The visible text of WordprocessingML: one line per paragraph, tabs as tabs. */
export function docxText(xml: string): string {
  return xml
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Whether poppler-utils are installed. */
export async function hasPoppler(): Promise<boolean> {
  try {
    await run('pdftotext', ['-v']);
    return true;
  } catch {
    return false;
  }
}

async function withPdf<T>(bytes: Uint8Array, work: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'paper-pdf-'));
  try {
    const file = join(dir, 'paper.pdf');
    await writeFile(file, bytes);
    return await work(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's text (`pdftotext -layout`), pages separated by form feeds. */
export const pdfText = (bytes: Uint8Array) =>
  withPdf(bytes, async (file) => (await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout);

/** The PDF's fonts as `pdffonts` lists them: name, type, embedded, subset. */
export const pdfFonts = (bytes: Uint8Array) =>
  withPdf(bytes, async (file) => {
    const { stdout } = await run('pdffonts', [file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        // name type [type …] encoding emb sub uni object ID
        const [emb, sub] = cols.slice(-5, -3);
        return { name: cols[0] ?? '', embedded: emb === 'yes', subset: sub === 'yes' };
      });
  });

/** How many images the PDF draws (`pdfimages -list`). */
export const pdfImageCount = (bytes: Uint8Array) =>
  withPdf(bytes, async (file) => {
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim()).length;
  });

/** Renders pages to PNG (`pdftoppm -png -r <dpi>`), answering the images' bytes in page order. */
export const pdfPagesPng = (bytes: Uint8Array, dpi = 60, pages?: { first: number; last: number }) =>
  withPdf(bytes, async (file, dir) => {
    const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
    await run('pdftoppm', ['-png', '-r', String(dpi), ...range, file, join(dir, 'page')]);
    const names = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    return Promise.all(names.map((n) => readFile(join(dir, n))));
  });
