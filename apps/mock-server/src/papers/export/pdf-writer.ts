import PDFDocument from 'pdfkit';
import { paperFonts, type FontSet } from './fonts.ts';
import { imageMarker, mathSource, type Picture, type Run } from './html-runs.ts';
import { PAGE, SEAL_FIELDS, SEAL_WORDS, formatScore, type Block, type PaperLayout } from './layout.ts';
import { typesetMath, type Formula } from './math.ts';

/**
 * Typesets a paper layout as a PDF with pdfkit: A4, the 密封线 in the left
 * margin of every page, footers 第 x 页 共 y 页 (pages are buffered so the
 * count is known), Noto Serif SC embedded as a subset. Lines are broken here
 * rather than by pdfkit so that sub/superscripts, blanks and option columns
 * sit where the layout says: Chinese text breaks between any two characters,
 * Latin words stay whole, closing punctuation never starts a line and
 * opening brackets never end one. Italic text is set upright (the font has
 * no italic face, and Chinese papers do not slant Chinese). Equations are
 * typeset by MathJax (`math.ts`) and drawn as filled outlines on the
 * baseline, a line made taller when one needs it.
 */

const MM = 72 / 25.4;
const W = PAGE.widthMm * MM;
const H = PAGE.heightMm * MM;
const LEFT = PAGE.leftMm * MM;
const RIGHT = W - PAGE.rightMm * MM;
const TOP = PAGE.topMm * MM;
/** Content stops above the footer. */
const BOTTOM = H - PAGE.bottomMm * MM;
const BODY = PAGE.bodyPt;
const LINE = BODY * 1.75;
/** Noto Serif SC's ascender and descender (hhea, per em): where pdfkit puts the baseline below a line's top. */
const ASCENT = 1.151;
const DESCENT = 0.286;

interface Style {
  bold: boolean;
  size: number;
  underline: boolean;
  script: 'sub' | 'sup' | null;
}
interface Atom {
  text: string;
  width: number;
  style: Style;
  /** A blank: an underline `width` wide, no text. */
  blank: boolean;
  /** An embedded picture, `width` wide, standing on the baseline. */
  image?: Picture;
  /** A typeset equation, `width` wide, at `style.size`. */
  formula?: Formula;
  space: boolean;
  /** Cannot start a line (closing punctuation) / cannot end one (opening brackets). */
  glueBefore: boolean;
  glueAfter: boolean;
  hardBreak: boolean;
}

const NO_LINE_START = new Set('，。、；：！？）》」』】〕”’…—,.;:!?)]}%'.split(''));
const NO_LINE_END = new Set('（《「『【〔“‘([{'.split(''));

class PaperPdf {
  private y = TOP;
  /** Widths by face, size and text: a paper repeats few distinct characters many times. */
  private readonly widths = new Map<string, number>();
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly layout: PaperLayout,
  ) {}

  private font(bold: boolean, size: number) {
    this.doc.font(bold ? 'bold' : 'regular').fontSize(size);
  }

  private width(text: string, style: Pick<Style, 'bold' | 'size'>): number {
    const key = `${style.bold ? 'b' : 'r'}${style.size}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      this.font(style.bold, style.size);
      w = this.doc.widthOfString(text);
      this.widths.set(key, w);
    }
    return w;
  }

  private newPage() {
    this.doc.addPage({ size: 'A4', margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    this.y = TOP;
  }

  /** Starts a new page when `height` does not fit. */
  private ensure(height: number) {
    if (this.y + height > BOTTOM) this.newPage();
  }

  private atoms(runs: readonly Run[], base: Omit<Style, 'script' | 'underline'>): Atom[] {
    const out: Atom[] = [];
    const plain = { blank: false, space: false, glueBefore: false, glueAfter: false, hardBreak: false };
    for (const run of runs) {
      if (run.kind === 'break') {
        out.push({ ...plain, text: '', width: 0, style: { ...base, underline: false, script: null }, hardBreak: true });
        continue;
      }
      if (run.kind === 'image') {
        if (run.picture)
          out.push({ ...plain, text: '', width: run.picture.widthPt + 2, style: { ...base, underline: false, script: null }, image: run.picture });
        else out.push(...this.atoms([{ kind: 'text', text: imageMarker(run) }], base));
        continue;
      }
      if (run.kind === 'blank') {
        out.push({ ...plain, text: '', width: run.width * base.size, style: { ...base, underline: true, script: null }, blank: true });
        continue;
      }
      if (run.kind === 'math') {
        const formula = typesetMath(run.latex);
        // A little air either side, as TeX leaves around inline math.
        if (formula)
          out.push({ ...plain, text: '', width: (formula.width + 0.3) * base.size, style: { ...base, underline: false, script: null }, formula });
        else out.push(...this.atoms([{ kind: 'text', text: mathSource(run) }], base));
        continue;
      }
      const style: Style = {
        bold: base.bold || !!run.bold,
        size: run.script ? base.size * 0.65 : base.size,
        underline: !!run.underline,
        script: run.script ?? null,
      };
      // Latin words whole, runs of ASCII spaces as one, anything else (CJK, full-width space) by itself.
      for (const m of run.text.matchAll(/[\x21-\x7e\u00c0-\u024f]+|[ \t\r\n\u00a0]+|[^]/gu)) {
        const text = /^[ \t\r\n\u00a0]+$/.test(m[0]) ? ' ' : m[0];
        out.push({
          ...plain,
          text,
          width: this.width(text, style),
          style,
          space: text === ' ',
          glueBefore: NO_LINE_START.has(text),
          glueAfter: NO_LINE_END.has(text),
        });
      }
    }
    return out;
  }

  /** Breaks atoms into lines: the first `width` wide, the rest `width - hang`. */
  private lines(atoms: Atom[], width: number, hang = 0): Atom[][] {
    const lines: Atom[][] = [];
    let line: Atom[] = [];
    let used = 0;
    const close = () => {
      while (line[line.length - 1]?.space) line.pop();
      lines.push(line);
      line = [];
      used = 0;
    };
    for (let i = 0; i < atoms.length;) {
      const first = atoms[i];
      if (!first) break;
      if (first.hardBreak) {
        close();
        i++;
        continue;
      }
      // The unbreakable group starting here.
      let j = i + 1;
      while (j < atoms.length && !atoms[j]?.hardBreak && (atoms[j]?.glueBefore || atoms[j - 1]?.glueAfter)) j++;
      const group = atoms.slice(i, j);
      const groupWidth = group.reduce((s, a) => s + a.width, 0);
      const full = lines.length ? width - hang : width;
      const room = full - used;
      if (groupWidth > full && group.length === 1 && first.text.length > 1) {
        // A word longer than a line (a URL, a formula) is broken between characters rather than run past the margin.
        const pieces = [...first.text].map((ch) => ({ ...first, text: ch, width: this.width(ch, first.style), glueBefore: false, glueAfter: false }));
        atoms.splice(i, 1, ...pieces);
        continue;
      }
      if (groupWidth > room && line.length) {
        close();
        if (first.space) {
          i = j;
          continue;
        }
      }
      line.push(...group);
      used += groupWidth;
      i = j;
    }
    if (line.length || !lines.length) close();
    return lines;
  }

  /** How much taller than `lineHeight` a line's pictures and equations make it. */
  private extra(line: readonly Atom[], lineHeight: number): number {
    const tallest = Math.max(0, ...line.map((a) => a.image?.heightPt ?? 0));
    const pictures = tallest ? Math.max(0, tallest + 4 - lineHeight * 0.75) : 0;
    // An equation reaching past the line's leading (a fraction, a matrix) takes the room it needs, above and below.
    const reach = Math.max(0, ...line.map((a) => (a.formula ? (a.formula.ascent + a.formula.descent) * a.style.size : 0)));
    return Math.max(pictures, reach ? Math.max(0, reach + 2 - lineHeight * 0.85) : 0);
  }

  /** Draws an equation with its baseline at `baseline`, its left edge at `x`. */
  private drawFormula(formula: Formula, x: number, baseline: number, size: number) {
    const doc = this.doc;
    const scale = size / 1000;
    for (const op of formula.ops) {
      doc.save();
      doc.transform(scale, 0, 0, scale, x, baseline);
      doc.transform(...op.m);
      switch (op.kind) {
        case 'path':
          doc.path(op.d).fill('#000000');
          break;
        case 'rect':
          doc.rect(op.x, op.y, op.width, op.height).fill('#000000');
          break;
        case 'line':
          doc.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(op.lineWidth).stroke('#000000');
          break;
        case 'text':
          // A character MathJax's fonts lack, set in the paper's font on the same baseline.
          this.font(false, op.size);
          doc.fillColor('#000000').text(op.text, 0, -op.size * ASCENT, { lineBreak: false });
          break;
      }
      doc.restore();
    }
  }

  /** Draws one line of atoms with its top at `top`; pictures add `extra` above the text. */
  private drawLine(line: Atom[], x: number, lineBoxTop: number, lineHeight: number) {
    const doc = this.doc;
    const top = lineBoxTop + this.extra(line, lineHeight);
    let cx = x;
    for (let i = 0; i < line.length;) {
      const atom = line[i];
      if (!atom) break;
      if (atom.image) {
        const baseline = top + (lineHeight - BODY * (ASCENT + DESCENT)) / 2 + BODY * ASCENT;
        doc.image(Buffer.from(atom.image.bytes), cx + 1, baseline - atom.image.heightPt, { width: atom.image.widthPt, height: atom.image.heightPt });
        cx += atom.width;
        i++;
        continue;
      }
      if (atom.formula) {
        const baseline = top + (lineHeight - BODY * (ASCENT + DESCENT)) / 2 + BODY * ASCENT;
        this.drawFormula(atom.formula, cx + 0.15 * atom.style.size, baseline, atom.style.size);
        cx += atom.width;
        i++;
        continue;
      }
      if (atom.blank) {
        const base = top + (lineHeight - atom.style.size * (ASCENT + DESCENT)) / 2 + atom.style.size * ASCENT;
        doc
          .moveTo(cx + 1, base + 1.5)
          .lineTo(cx + atom.width - 1, base + 1.5)
          .lineWidth(0.6)
          .stroke();
        cx += atom.width;
        i++;
        continue;
      }
      // Same-styled neighbours go out as one string.
      let j = i + 1;
      while (j < line.length && !line[j]?.blank && !line[j]?.image && !line[j]?.formula && line[j]?.style === atom.style) j++;
      const text = line
        .slice(i, j)
        .map((a) => a.text)
        .join('');
      const width = line.slice(i, j).reduce((s, a) => s + a.width, 0);
      const s = atom.style;
      const bodySize = s.script ? s.size / 0.65 : s.size;
      const lineTop = top + (lineHeight - bodySize * (ASCENT + DESCENT)) / 2;
      const shift = s.script === 'sub' ? bodySize * 0.55 : s.script === 'sup' ? -bodySize * 0.05 : 0;
      this.font(s.bold, s.size);
      doc.text(text, cx, lineTop + shift, { lineBreak: false });
      if (s.underline) {
        const base = lineTop + bodySize * ASCENT + 1.5;
        doc
          .moveTo(cx, base)
          .lineTo(cx + width, base)
          .lineWidth(0.5)
          .stroke();
      }
      cx += width;
      i = j;
    }
  }

  /** A paragraph of runs from `x`, `width` wide; wrapped lines start `hang` further in. Returns nothing; moves `y`. */
  private paragraph(
    runs: readonly Run[],
    opts: { x: number; width: number; hang?: number; bold?: boolean; size?: number; align?: 'left' | 'center'; lineHeight?: number },
  ) {
    const size = opts.size ?? BODY;
    const lineHeight = opts.lineHeight ?? size * 1.75;
    const lines = this.lines(this.atoms(runs, { bold: !!opts.bold, size }), opts.width, opts.hang ?? 0);
    lines.forEach((line, i) => {
      const height = lineHeight + this.extra(line, lineHeight);
      this.ensure(height);
      const width = line.reduce((s, a) => s + a.width, 0);
      const indent = i > 0 ? (opts.hang ?? 0) : 0;
      const x = opts.align === 'center' ? opts.x + (opts.width - width) / 2 : opts.x + indent;
      this.drawLine(line, x, this.y, lineHeight);
      this.y += height;
    });
  }

  private text(t: string): Run[] {
    return [{ kind: 'text', text: t }];
  }

  private indent(level: 0 | 1) {
    return level ? BODY * 2 : 0;
  }

  block(block: Block) {
    const width = RIGHT - LEFT;
    switch (block.kind) {
      case 'title':
        if (block.school) this.paragraph(this.text(block.school), { x: LEFT, width, size: 12, bold: true, align: 'center' });
        this.paragraph(this.text(block.title), { x: LEFT, width, size: 16, bold: true, align: 'center', lineHeight: 16 * 1.6 });
        if (block.subtitle)
          this.paragraph(this.text(block.subtitle), { x: LEFT, width, size: 14, bold: true, align: 'center', lineHeight: 14 * 1.6 });
        this.paragraph(this.text(block.info), { x: LEFT, width, align: 'center' });
        this.y += BODY * 0.5;
        return;
      case 'scoreTable':
        this.scoreTable(block.columns, block.total);
        return;
      case 'notes':
        this.paragraph(this.text(block.heading), { x: LEFT, width, bold: true });
        block.lines.forEach((line) =>
          this.paragraph(this.text(line), {
            x: LEFT + BODY * 2,
            width: width - BODY * 2,
            hang: block.lines.length > 1 ? BODY * 1.5 : 0,
          }),
        );
        this.y += BODY * 0.3;
        return;
      case 'sectionHeader':
        // A header never ends a page: it keeps two lines of its questions.
        this.ensure(LINE * 3.4);
        this.y += BODY * 0.4;
        this.paragraph(this.text(block.text), { x: LEFT, width, bold: true, size: 11 });
        if (block.description) this.paragraph(this.text(block.description), { x: LEFT + BODY * 2, width: width - BODY * 2 });
        return;
      case 'paragraph': {
        const x = LEFT + this.indent(block.level);
        this.paragraph(block.runs, { x, width: RIGHT - x });
        return;
      }
      case 'options':
        this.options(block);
        return;
      case 'answerLines': {
        const x = LEFT + this.indent(block.level) + BODY * 2;
        const gap = LINE * 1.25;
        for (let i = 0; i < block.count; i++) {
          this.ensure(gap);
          const lineY = this.y + gap - 3;
          this.doc.save().moveTo(x, lineY).lineTo(RIGHT, lineY).lineWidth(0.5).strokeColor('#888888').stroke().restore();
          this.y += gap;
        }
        return;
      }
    }
  }

  private options(block: Extract<Block, { kind: 'options' }>) {
    const x0 = LEFT + this.indent(block.level) + BODY * 2;
    const width = RIGHT - x0;
    const column = width / block.perLine;
    for (let r = 0; r < block.items.length; r += block.perLine) {
      const row = block.items.slice(r, r + block.perLine);
      const laid = row.map((item) => {
        const label = this.atoms(this.text(item.label), { bold: false, size: BODY });
        const hang = label.reduce((s, a) => s + a.width, 0);
        const atoms = [...label, ...this.atoms(item.runs, { bold: false, size: BODY })];
        return this.lines(atoms, column - BODY * 0.5, hang).map((line, i) => ({ line, indent: i ? hang : 0 }));
      });
      // Line i of the row is as tall as its tallest column's line i.
      const heights = Array.from({ length: Math.max(...laid.map((l) => l.length)) }, (_v, i) =>
        Math.max(
          ...laid.map((lines) => {
            const l = lines[i];
            return l ? LINE + this.extra(l.line, LINE) : 0;
          }),
        ),
      );
      const height = heights.reduce((a, b) => a + b, 0);
      this.ensure(Math.min(height, LINE * 3 + Math.max(0, ...heights) - LINE));
      const top = this.y;
      laid.forEach((lines, c) =>
        lines.forEach(({ line, indent }, i) =>
          this.drawLine(line, x0 + c * column + indent, top + heights.slice(0, i).reduce((a, b) => a + b, 0), LINE),
        ),
      );
      this.y = top + height;
    }
  }

  private scoreTable(columns: ReadonlyArray<{ label: string; score: number }>, total: number) {
    const doc = this.doc;
    const headers = ['题号', ...columns.map((c) => c.label), '总分'];
    const scores = ['分值', ...columns.map((c) => formatScore(c.score)), formatScore(total)];
    const width = RIGHT - LEFT;
    const cell = Math.min(16 * MM, width / headers.length);
    const heights = [7 * MM, 7 * MM, 10 * MM];
    const tableWidth = cell * headers.length;
    this.ensure(heights.reduce((a, b) => a + b) + BODY);
    const x0 = LEFT + (width - tableWidth) / 2;
    let top = this.y;
    const rows = [headers, scores, ['得分', ...headers.slice(1).map(() => '')]];
    rows.forEach((row, r) => {
      const h = heights[r] ?? 7 * MM;
      row.forEach((label, c) => {
        const x = x0 + c * cell;
        doc.rect(x, top, cell, h).lineWidth(0.6).stroke();
        if (!label) return;
        this.font(c === 0, BODY);
        const w = doc.widthOfString(label);
        doc.text(label, x + (cell - w) / 2, top + (h - BODY * (ASCENT + DESCENT)) / 2, { lineBreak: false });
      });
      top += h;
    });
    this.y = top + BODY;
  }

  /** Footer and 密封线 on every page, once the page count is known. */
  finishPages() {
    const doc = this.doc;
    const { start, count } = doc.bufferedPageRange();
    for (let i = 0; i < count; i++) {
      doc.switchToPage(start + i);
      const footer = `第 ${i + 1} 页 共 ${count} 页`;
      this.font(false, 9);
      doc.text(footer, (W - doc.widthOfString(footer)) / 2, H - 13 * MM, { lineBreak: false });
      if (this.layout.sealLine) this.sealLine();
    }
  }

  /**
   * The 密封线: a dashed line down the left margin with 密封线内不要答题 on it,
   * and 班级 / 学号 / 姓名 with lines to write on, reading bottom to top.
   */
  private sealLine() {
    const doc = this.doc;
    const lineX = 22 * MM;
    doc
      .save()
      .moveTo(lineX, 12 * MM)
      .lineTo(lineX, H - 12 * MM)
      .lineWidth(0.6)
      .dash(4, { space: 3 })
      .stroke()
      .undash()
      .restore();
    // Rotated a quarter turn back: the text runs up the page.
    const fieldsX = 13 * MM;
    this.font(false, BODY);
    const blank = 30 * MM;
    const gap = 10 * MM;
    const parts = SEAL_FIELDS.map((f) => ({ label: `${f}：`, width: doc.widthOfString(`${f}：`) }));
    const total = parts.reduce((s, p) => s + p.width + blank, 0) + gap * (parts.length - 1);
    doc.save().rotate(-90, { origin: [fieldsX, H / 2] });
    let x = fieldsX - total / 2;
    const top = H / 2 - BODY * 0.7;
    for (const p of parts) {
      doc.text(p.label, x, top, { lineBreak: false });
      x += p.width;
      doc
        .moveTo(x, top + BODY * 1.3)
        .lineTo(x + blank, top + BODY * 1.3)
        .lineWidth(0.5)
        .stroke();
      x += blank + gap;
    }
    doc.restore();
    // The words sit on the line, which is blanked behind them.
    const words = SEAL_WORDS;
    const wordsWidth = doc.widthOfString(words);
    doc.save().rotate(-90, { origin: [lineX, H / 2] });
    doc.rect(lineX - wordsWidth / 2 - 2, H / 2 - BODY * 0.8, wordsWidth + 4, BODY * 1.6).fill('#ffffff');
    doc.fillColor('#000000').text(words, lineX - wordsWidth / 2, H / 2 - (BODY * (ASCENT + DESCENT)) / 2, { lineBreak: false });
    doc.restore();
  }

  start() {
    this.newPage();
    for (const block of this.layout.blocks) this.block(block);
    this.finishPages();
  }
}

/** The layout as PDF bytes. */
export async function writePdf(layout: PaperLayout, fonts?: FontSet): Promise<Buffer> {
  const faces = fonts ?? (await paperFonts());
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    size: 'A4',
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    info: { Title: layout.documentTitle, Creator: '在线教育考试平台', Producer: 'pdfkit' },
    lang: 'zh-CN',
  });
  doc.registerFont('regular', faces.regular);
  doc.registerFont('bold', faces.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new PaperPdf(doc, layout).start();
  doc.end();
  return done;
}
