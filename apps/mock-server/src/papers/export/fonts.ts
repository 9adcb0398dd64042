import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The PDF's Chinese font: Noto Serif SC (思源宋体, SIL Open Font License 1.1)
 * from the npm package `@expo-google-fonts/noto-serif-sc`, never a system
 * font, so a PDF made on a machine without Chinese fonts still shows Chinese.
 * A serif (宋体) face is what Chinese papers are set in. The TrueType files
 * are about 14.8 MB each; pdfkit (through fontkit) embeds only the glyphs a
 * document uses. Read once per process and kept.
 */
const require = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf',
} as const;

export type FontFace = keyof typeof FILES;
export type FontSet = Readonly<Record<FontFace, Buffer>>;

let loading: Promise<FontSet> | null = null;

/** The regular and bold faces' bytes (loaded on first use). */
export function paperFonts(): Promise<FontSet> {
  loading ??= Promise.all([readFile(require.resolve(FILES.regular)), readFile(require.resolve(FILES.bold))]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  // A failed read is not cached: the next export tries again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** What a DOCX names (the teacher's Word supplies them): 宋体 for text, 黑体 for headings, Times New Roman for Latin. */
export const DOCX_FONTS = { body: '宋体', heading: '黑体', latin: 'Times New Roman' } as const;
