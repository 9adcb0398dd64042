import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  ImageRun,
  HeightRule,
  Packer,
  PageNumber,
  Paragraph,
  Tab,
  Table,
  TableAnchorType,
  TableCell,
  TableRow,
  TabStopType,
  TextDirection,
  TextRun,
  VerticalAlignTable,
  WidthType,
  type IBorderOptions,
  type IRunOptions,
} from 'docx';
import { DOCX_FONTS } from './fonts.ts';
import { imageMarker, mathSource, type Run } from './html-runs.ts';
import { PAGE, SEAL_FIELDS, SEAL_WORDS, formatScore, type Block, type PaperLayout } from './layout.ts';

/**
 * Typesets a paper layout as DOCX (the `docx` package) for teachers who edit:
 * A4 with the layout's margins, 宋体 / Times New Roman at 五号 (10.5 pt),
 * 黑体 headings. Word breaks the lines itself. The 密封线 is a floating
 * table in the page header (so it repeats on every page) placed in the left
 * margin: its cells' text runs bottom to top (班级 / 学号 / 姓名 with lines
 * to write on, then 密封线内不要答题), its right border dashed. Options go
 * on tab stops at the layout's columns; blanks are underlined full-width
 * spaces; answer space is underlined tabs to the right margin; the footer
 * is 第 PAGE 页 共 NUMPAGES 页 (fields Word fills in).
 */

const TWIPS_PER_MM = 1440 / 25.4;
const tw = (mm: number) => Math.round(mm * TWIPS_PER_MM);
const TEXT_WIDTH = tw(PAGE.widthMm - PAGE.leftMm - PAGE.rightMm);
/** Half-points. */
const BODY = PAGE.bodyPt * 2;
/** One em of body text in twips (two em: the usual first-level indent). */
const EM = PAGE.bodyPt * 20;
const headingFont = { ascii: DOCX_FONTS.latin, hAnsi: DOCX_FONTS.latin, eastAsia: DOCX_FONTS.heading };

function textRuns(runs: readonly Run[], base: Partial<IRunOptions> = {}): Array<TextRun | ImageRun> {
  return runs.map((run) => {
    switch (run.kind) {
      case 'image':
        // docx sizes pictures in pixels at 96 dpi.
        return run.picture
          ? new ImageRun({
              type: run.picture.format,
              data: run.picture.bytes,
              transformation: { width: Math.round(run.picture.widthPt / 0.75), height: Math.round(run.picture.heightPt / 0.75) },
              altText: { name: run.alt || 'image', description: run.alt, title: run.alt },
            })
          : new TextRun({ ...base, text: imageMarker(run) });
      case 'math':
        return new TextRun({ ...base, text: mathSource(run) });
      case 'break':
        return new TextRun({ ...base, break: 1 });
      case 'blank':
        return new TextRun({ ...base, text: '\u3000'.repeat(Math.round(run.width)), underline: {} });
      case 'text':
        return new TextRun({
          ...base,
          text: run.text,
          ...(run.bold && { bold: true }),
          ...(run.italic && { italics: true }),
          ...(run.underline && { underline: {} }),
          ...(run.script === 'sub' && { subScript: true }),
          ...(run.script === 'sup' && { superScript: true }),
        });
    }
  });
}

const plain = (text: string, options: Partial<IRunOptions> = {}) => new TextRun({ text, ...options });
const indentOf = (level: 0 | 1) => (level ? 2 * EM : 0);

function scoreTable(columns: ReadonlyArray<{ label: string; score: number }>, total: number): Table {
  const headers = ['题号', ...columns.map((c) => c.label), '总分'];
  const scores = ['分值', ...columns.map((c) => formatScore(c.score)), formatScore(total)];
  const cellWidth = Math.min(tw(16), Math.floor(TEXT_WIDTH / headers.length));
  const row = (cells: string[], height: number) =>
    new TableRow({
      height: { value: tw(height), rule: HeightRule.ATLEAST },
      children: cells.map(
        (label, i) =>
          new TableCell({
            width: { size: cellWidth, type: WidthType.DXA },
            verticalAlign: VerticalAlignTable.CENTER,
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [plain(label, { bold: i === 0 })] })],
          }),
      ),
    });
  return new Table({
    alignment: AlignmentType.CENTER,
    width: { size: cellWidth * headers.length, type: WidthType.DXA },
    columnWidths: headers.map(() => cellWidth),
    rows: [row(headers, 7), row(scores, 7), row(['得分', ...headers.slice(1).map(() => '')], 10)],
  });
}

/** The 密封线 as a floating table in the left margin (see the file comment). */
function sealTable(): Table {
  const none: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const noBorders = { top: none, bottom: none, left: none, right: none };
  const height = tw(PAGE.heightMm - 50);
  const fields = SEAL_FIELDS.flatMap((f, i) => [plain(`${i ? '\u3000\u3000' : ''}${f}：`), plain('\u3000'.repeat(8), { underline: {} })]);
  const cell = (children: Paragraph[], width: number, right = none) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      textDirection: TextDirection.BOTTOM_TO_TOP_LEFT_TO_RIGHT,
      verticalAlign: VerticalAlignTable.CENTER,
      // The default cell margins would leave a narrow column less room than one line of text.
      margins: { left: 0, right: 0, top: 0, bottom: 0 },
      borders: { ...noBorders, right },
      children,
    });
  return new Table({
    float: {
      horizontalAnchor: TableAnchorType.PAGE,
      absoluteHorizontalPosition: tw(6),
      verticalAnchor: TableAnchorType.PAGE,
      absoluteVerticalPosition: tw(25),
    },
    width: { size: tw(19), type: WidthType.DXA },
    columnWidths: [tw(10), tw(9)],
    borders: { ...noBorders, insideHorizontal: none, insideVertical: none },
    rows: [
      new TableRow({
        height: { value: height, rule: HeightRule.EXACT },
        children: [
          cell([new Paragraph({ alignment: AlignmentType.CENTER, children: fields })], tw(10)),
          cell([new Paragraph({ alignment: AlignmentType.CENTER, children: [plain(SEAL_WORDS)] })], tw(9), {
            style: BorderStyle.DASHED,
            size: 6,
            color: '000000',
          }),
        ],
      }),
    ],
  });
}

function blockChildren(block: Block): Array<Paragraph | Table> {
  switch (block.kind) {
    case 'title':
      return [
        ...(block.school
          ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [plain(block.school, { bold: true, size: 24, font: headingFont })] })]
          : []),
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { before: 60, after: 60 },
          children: [plain(block.title, { bold: true, size: 32, font: headingFont })],
        }),
        ...(block.subtitle
          ? [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                spacing: { after: 60 },
                children: [plain(block.subtitle, { bold: true, size: 28, font: headingFont })],
              }),
            ]
          : []),
        new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 120 }, children: [plain(block.info)] }),
      ];
    case 'scoreTable':
      return [scoreTable(block.columns, block.total), new Paragraph({ spacing: { after: 60 }, children: [] })];
    case 'notes':
      return [
        new Paragraph({ children: [plain(block.heading, { bold: true })] }),
        ...block.lines.map(
          (line) =>
            new Paragraph({
              indent: {
                left: 2 * EM + (block.lines.length > 1 ? Math.round(1.5 * EM) : 0),
                hanging: block.lines.length > 1 ? Math.round(1.5 * EM) : 0,
              },
              children: [plain(line)],
            }),
        ),
      ];
    case 'sectionHeader':
      return [
        new Paragraph({ keepNext: true, spacing: { before: 160 }, children: [plain(block.text, { bold: true, size: 22, font: headingFont })] }),
        ...(block.description ? [new Paragraph({ keepNext: true, indent: { left: 2 * EM }, children: [plain(block.description)] })] : []),
      ];
    case 'paragraph':
      return [new Paragraph({ indent: { left: indentOf(block.level) }, children: textRuns(block.runs) })];
    case 'options': {
      const left = indentOf(block.level) + 2 * EM;
      const column = Math.floor((TEXT_WIDTH - left) / block.perLine);
      const paragraphs: Paragraph[] = [];
      for (let r = 0; r < block.items.length; r += block.perLine) {
        const row = block.items.slice(r, r + block.perLine);
        paragraphs.push(
          new Paragraph({
            indent: { left },
            tabStops: Array.from({ length: block.perLine - 1 }, (_v, i) => ({ type: TabStopType.LEFT, position: left + column * (i + 1) })),
            children: row.flatMap((item, i) => [...(i ? [new TextRun({ children: [new Tab()] })] : []), plain(item.label), ...textRuns(item.runs)]),
          }),
        );
      }
      return paragraphs;
    }
    case 'answerLines': {
      const left = indentOf(block.level) + 2 * EM;
      return Array.from(
        { length: block.count },
        () =>
          new Paragraph({
            indent: { left },
            spacing: { line: 480 },
            tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
            children: [new TextRun({ children: [new Tab()], underline: {} })],
          }),
      );
    }
  }
}

/** The layout as DOCX bytes. */
export async function writeDocx(layout: PaperLayout): Promise<Buffer> {
  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ size: 18, children: ['第 ', PageNumber.CURRENT, ' 页 共 ', PageNumber.TOTAL_PAGES, ' 页'] })],
      }),
    ],
  });
  const doc = new Document({
    title: layout.documentTitle,
    creator: '在线教育考试平台',
    styles: {
      default: {
        document: {
          run: {
            size: BODY,
            font: { ascii: DOCX_FONTS.latin, hAnsi: DOCX_FONTS.latin, eastAsia: DOCX_FONTS.body },
            language: { value: 'zh-CN', eastAsia: 'zh-CN' },
          },
          paragraph: { spacing: { line: 360 } },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: tw(PAGE.widthMm), height: tw(PAGE.heightMm) },
            margin: {
              top: tw(PAGE.topMm),
              bottom: tw(PAGE.bottomMm),
              left: tw(PAGE.leftMm),
              right: tw(PAGE.rightMm),
              header: tw(10),
              footer: tw(10),
            },
          },
        },
        ...(layout.sealLine && { headers: { default: new Header({ children: [sealTable(), new Paragraph({ children: [] })] }) } }),
        footers: { default: footer },
        children: layout.blocks.flatMap(blockChildren),
      },
    ],
  });
  return Packer.toBuffer(doc);
}
