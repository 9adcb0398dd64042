import { OPTION_LABELS, type TestQuestionDto } from '@edu/sdk';
import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { htmlToRuns, imageMarker, mathSource, type Picture, type Run } from '../papers/export/html-runs.ts';
import { imageSize } from '../papers/export/images.ts';
import { DIFFICULTY_NAMES } from './question-format.ts';

/**
 * The bank's questions as a Word file in the Word importer's own format
 * (question-document.ts), so `ImportQuestions` reads it back into the same
 * questions: an instructions page, 【导入开始】, then per question its number
 * and stem, options `A.` …, 【答案】, 【解析】, 【难度】, 【分数】 and 【题型】 (the
 * type named, never inferred), a blank paragraph between questions; blanks
 * of a fill-in question as `[[答案|别名]]` where they stand; a material
 * question between 【材料题开始】 and 【材料题结束】, its passage (with its own
 * 【解析】 and 【难度】) then its sub-questions `（1）` … separated by blank
 * paragraphs. Rich text keeps bold, italic, underline and scripts; pictures
 * stored on this site (PNG, JPEG) are embedded where they stand, others show
 * as 【图】; empty paragraphs are left out (a blank paragraph ends a question).
 */

export type QuestionExport = Pick<
  TestQuestionDto,
  'questionType' | 'stem' | 'analysis' | 'difficulty' | 'score' | 'trueFalseAnswer' | 'blanks' | 'referenceAnswer' | 'subQuestions'
> & { options: ReadonlyArray<{ content: string; isCorrect: boolean }> };
type Part = Omit<QuestionExport, 'difficulty' | 'subQuestions'> & { difficulty?: QuestionExport['difficulty'] };

/** 【题型】 names as the importer reads them (question-format.ts `questionTypeOf`). */
const TYPE_WORD: Record<number, string> = { 1: '单选', 2: '多选', 3: '判断', 4: '填空', 5: '简答', 7: '不定项' };

const INSTRUCTIONS = [
  '题目导出（Word 导入格式）',
  '本文件可直接通过“导入题目”导入：【导入开始】之后每道题以题号开始，题与题之间空一行。',
  '选项以“A.”开头；【答案】写选项字母、正确/错误或参考答案；填空题的答案写在题干的 [[答案|别名]] 中；【题型】【难度】【分数】【解析】可选。',
];

/** Rich-text runs as paragraphs (split at breaks), blanks replaced by `blank(i)`; empty paragraphs dropped. */
function paragraphsOf(html: string, pictures: ReadonlyMap<string, Picture>, blank: (i: number) => string): Run[][] {
  const out: Run[][] = [[]];
  let blanks = 0;
  for (const run of htmlToRuns(html, pictures)) {
    if (run.kind === 'break') out.push([]);
    else if (run.kind === 'blank') out.at(-1)!.push({ kind: 'text', text: blank(blanks++) });
    else out.at(-1)!.push(run);
  }
  return out.filter((p) => p.some((r) => r.kind === 'image' || r.kind === 'math' || (r.kind === 'text' && r.text.trim())));
}

function docxRuns(runs: readonly Run[]): Array<TextRun | ImageRun> {
  return runs.map((r) => {
    if (r.kind === 'image') {
      if (!r.picture) return new TextRun(imageMarker(r));
      return new ImageRun({
        type: r.picture.format,
        data: r.picture.bytes,
        transformation: { width: Math.round(r.picture.widthPt / 0.75), height: Math.round(r.picture.heightPt / 0.75) },
        ...(r.alt ? { altText: { name: r.alt, description: r.alt, title: r.alt } } : {}),
      });
    }
    if (r.kind === 'text')
      return new TextRun({
        text: r.text,
        ...(r.bold && { bold: true }),
        ...(r.italic && { italics: true }),
        ...(r.underline && { underline: {} }),
        ...(r.script === 'sub' && { subScript: true }),
        ...(r.script === 'sup' && { superScript: true }),
      });
    if (r.kind === 'math') return new TextRun(mathSource(r));
    return new TextRun(r.kind === 'blank' ? '____' : ' ');
  });
}

const line = (text: string, runs: readonly Run[] = []) => new Paragraph({ children: [new TextRun(text), ...docxRuns(runs)] });
/** A plain-text answer's lines (no blank line: it would end the question). */
const textLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** One question (or sub-question): its paragraphs after `prefix` (its number). */
function partParagraphs(q: Part, prefix: string, pictures: ReadonlyMap<string, Picture>): Paragraph[] {
  const out: Paragraph[] = [];
  const blankText = (i: number) => (q.questionType === 4 ? `[[${(q.blanks?.[i]?.answers ?? []).join('|')}]]` : '____');
  const stem = paragraphsOf(q.stem, pictures, blankText);
  if (!stem.length) stem.push([{ kind: 'text', text: '【图】' }]);
  stem.forEach((p, i) => out.push(line(i === 0 ? prefix : '', p)));
  q.options.forEach((o, i) => {
    const runs = paragraphsOf(o.content, pictures, () => '____');
    out.push(
      line(
        `${OPTION_LABELS[i]}. `,
        runs.flatMap((p, j) => (j ? [{ kind: 'text' as const, text: ' ' }, ...p] : p)),
      ),
    );
  });
  if (q.options.length) out.push(line(`【答案】${q.options.flatMap((o, i) => (o.isCorrect ? [OPTION_LABELS[i]] : [])).join('')}`));
  else if (q.questionType === 3) out.push(line(`【答案】${q.trueFalseAnswer ? '正确' : '错误'}`));
  else if (q.questionType === 5) {
    const [first = '', ...rest] = textLines(q.referenceAnswer ?? '');
    out.push(line(`【答案】${first}`), ...rest.map((l) => line(l)));
  }
  if (q.analysis) {
    const analysis = paragraphsOf(q.analysis, pictures, () => '____');
    analysis.forEach((p, i) => out.push(line(i === 0 ? '【解析】' : '', p)));
  }
  if (q.difficulty) out.push(line(`【难度】${DIFFICULTY_NAMES[q.difficulty - 1]}`));
  // A material's score is its sub-questions' sum.
  if (q.questionType !== 6) out.push(line(`【分数】${q.score}`));
  const type = TYPE_WORD[q.questionType];
  if (type) out.push(line(`【题型】${type}`));
  return out;
}

/** Every `src` of a picture in the questions' rich text. */
export function pictureSources(questions: readonly QuestionExport[]): string[] {
  const html = questions
    .flatMap((q) => [
      q.stem,
      q.analysis ?? '',
      ...q.options.map((o) => o.content),
      ...q.subQuestions.flatMap((s) => [s.stem, s.analysis ?? '', ...s.options.map((o) => o.content)]),
    ])
    .join('');
  return [...new Set([...html.matchAll(/<img\b[^>]*\bsrc\s*=\s*"([^"]*)"/gi)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&')))];
}

/** A picture as the writer embeds it (PNG and JPEG, at most 400 px wide), or null. */
export function embeddable(bytes: Uint8Array, contentType: string): Picture | null {
  const format = contentType === 'image/png' ? 'png' : contentType === 'image/jpeg' ? 'jpg' : null;
  const size = format && imageSize(bytes, format);
  if (!format || !size) return null;
  const scale = Math.min(1, 400 / size.width);
  return { bytes, format, widthPt: size.width * scale * 0.75, heightPt: size.height * scale * 0.75 };
}

/** The questions as a .docx in the import format; `pictures` by `src`. */
export async function questionsToDocx(questions: readonly QuestionExport[], pictures: ReadonlyMap<string, Picture>): Promise<Buffer> {
  const children: Paragraph[] = [...INSTRUCTIONS.map((t) => line(t)), line(''), line('【导入开始】')];
  questions.forEach((q, i) => {
    const n = `${i + 1}、`;
    if (q.questionType === 6) {
      children.push(line('【材料题开始】'));
      children.push(...partParagraphs(q, n, pictures));
      q.subQuestions.forEach((s, j) => {
        children.push(line(''), ...partParagraphs(s, `（${j + 1}）`, pictures));
      });
      children.push(line('【材料题结束】'));
    } else children.push(...partParagraphs(q, n, pictures));
    children.push(line(''));
  });
  const doc = new Document({ sections: [{ children }] });
  return Packer.toBuffer(doc);
}
