import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { htmlToRuns, runsToText } from './html-runs.ts';
import { renderPaper } from './index.ts';
import { unzipSync } from 'fflate';
import { imageSize, type ImageSource } from './images.ts';
import { docxPart, docxText, hasPoppler, pdfFonts, pdfImageCount, pdfPagesPng, pdfText } from './inspect.ts';
import { chineseOrdinal, INDEFINITE_RULE, layoutPaper, noteLines, optionsPerLine, restatesScores, sectionHeaderText, type Block } from './layout.ts';
import { typesetMath } from './math.ts';
import { SHORT, samplePaper, samplePng } from './sample-paper.ts';

const SHORT_FALLBACK = SHORT[0]!;

const poppler = await hasPoppler();
if (!poppler)
  console.warn('poppler-utils (pdftotext, pdffonts, pdftoppm) are not installed: the PDF read-back checks are skipped; .ci/run installs them.');

describe('rich text to runs', () => {
  it('keeps bold, italic, underline, sub/superscripts, breaks and blanks', () => {
    const runs = htmlToRuns('<p>H<sub>2</sub>O 与 x<sup>2</sup></p><p><strong>粗</strong><em>斜</em><u>线</u>&nbsp;&lt;a&gt; ____ 结束</p>');
    expect(runs).toEqual([
      { kind: 'text', text: 'H' },
      { kind: 'text', text: '2', script: 'sub' },
      { kind: 'text', text: 'O 与 x' },
      { kind: 'text', text: '2', script: 'sup' },
      { kind: 'break' },
      { kind: 'text', text: '粗', bold: true },
      { kind: 'text', text: '斜', italic: true },
      { kind: 'text', text: '线', underline: true },
      { kind: 'text', text: '\u00a0<a> ' },
      { kind: 'blank', width: 5 },
      { kind: 'text', text: ' 结束' },
    ]);
  });

  it('sets Unicode super- and subscripts (missing from the font) as script runs', () => {
    expect(htmlToRuns('<p>3×10⁸ m/s，O₂ 和 x⁻¹</p>')).toEqual([
      { kind: 'text', text: '3×10' },
      { kind: 'text', text: '8', script: 'sup' },
      { kind: 'text', text: ' m/s，O' },
      { kind: 'text', text: '2', script: 'sub' },
      { kind: 'text', text: ' 和 x' },
      { kind: 'text', text: '\u22121', script: 'sup' },
    ]);
  });

  it('reads an equation the importer kept as LaTeX into a math run, its entities decoded', () => {
    expect(htmlToRuns('<p>若 <span class="math-tex">\\(\\frac{1}{2} &lt; {x}^{2}\\)</span>，则</p>')).toEqual([
      { kind: 'text', text: '若 ' },
      { kind: 'math', latex: '\\frac{1}{2} < {x}^{2}' },
      { kind: 'text', text: '，则' },
    ]);
  });

  it('marks images, lists and table cells', () => {
    expect(runsToText(htmlToRuns('<p>如图<img src="/File/GetFile?token=x" alt="三角形">所示</p><ul><li>甲</li><li>乙</li></ul>'))).toBe(
      '如图【图：三角形】所示\n• 甲\n• 乙',
    );
    expect(runsToText(htmlToRuns('<table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>'))).toBe('1\u30002\n3\u30004');
  });
});

describe('layout (the one render both formats typeset)', () => {
  const model = samplePaper();
  const paper = layoutPaper(model, 'paper');
  const headers = paper.blocks.flatMap((b) => (b.kind === 'sectionHeader' ? [b.text] : []));

  it('titles sections with their ordinal, type and scores', () => {
    expect(headers).toEqual([
      '一、单选题（每小题 2 分，共 10 分）',
      '二、多选题（每小题 3 分，共 6 分）',
      '三、判断题（每小题 2 分，共 6 分）',
      '四、填空题（共 10 分）',
      '五、简答题（每小题 10 分，共 10 分）',
      '六、材料题（每小题 6 分，共 6 分）',
      '七、不定项选择题（每小题 4 分，共 8 分）',
    ]);
    expect(sectionHeaderText({ title: '三、判断题', description: null, questions: [] }, 2)).toBe('三、判断题（共 0 分）');
    expect(['每小题 2 分，共 24 分', '（共 10 分）', '每小题2分', '本题考查名句默写'].map(restatesScores)).toEqual([true, true, true, false]);
    expect([0, 9, 10, 11, 19, 20, 21].map(chineseOrdinal)).toEqual(['一', '十', '十一', '十二', '二十', '二十一', '二十二']);
  });

  it('has a score table whose columns add up to the full score', () => {
    const table = paper.blocks.find((b): b is Extract<Block, { kind: 'scoreTable' }> => b.kind === 'scoreTable');
    const full = model.sections.flatMap((s) => s.questions).reduce((s, q) => s + q.score, 0);
    expect(table?.columns.map((c) => c.label)).toEqual(['一', '二', '三', '四', '五', '六', '七']);
    expect(table?.columns.reduce((s, c) => s + c.score, 0)).toBe(full);
    expect(table?.total).toBe(full);
  });

  it('numbers questions across sections and lays options out by width', () => {
    const numbers = paper.blocks.flatMap((b) => (b.kind === 'paragraph' && b.level === 0 ? [/^(\d+)．/.exec(runsToText(b.runs))?.[1]] : []));
    expect(numbers).toEqual(Array.from({ length: 17 }, (_v, i) => String(i + 1)));
    const options = paper.blocks.filter((b): b is Extract<Block, { kind: 'options' }> => b.kind === 'options');
    expect(options.map((o) => o.perLine)).toEqual([4, 4, 4, 1, 4, 4, 2, 4, 4, 4]);
    const text = (t: string) => ({ runs: htmlToRuns(t) });
    expect(optionsPerLine([text('甲'), text('乙')], 0)).toBe(4);
    expect(optionsPerLine([text('一二三四五六七八九十一二三四五')], 0)).toBe(2);
    expect(optionsPerLine([text('短'), text('一<br>二')], 0)).toBe(1);
  });

  it('gives choice stems brackets, blank stems their blanks, short answers lines', () => {
    const paragraphs = paper.blocks.flatMap((b) => (b.kind === 'paragraph' ? [runsToText(b.runs)] : []));
    expect(paragraphs).toContain('1．下列各数中，是质数的是（\u3000\u3000）');
    expect(paragraphs).toContain('8．一个数的倒数一定比这个数小。（\u3000\u3000）');
    // A stem with its own blank gets no brackets.
    expect(paragraphs).toContain('3．There _____ a book and two pens on the desk.');
    expect(paragraphs).toContain('11．（2 分）床前明月光，_____。');
    expect(paper.blocks.filter((b) => b.kind === 'answerLines').map((b) => (b.kind === 'answerLines' ? b.count : 0))).toEqual([6, 3]);
  });

  it('keys every question in the answer document, with analyses', () => {
    const answers = layoutPaper(model, 'answers');
    const lines = answers.blocks.flatMap((b) => (b.kind === 'paragraph' ? [runsToText(b.runs)] : []));
    expect(answers.sealLine).toBe(false);
    expect(lines).toEqual(
      expect.arrayContaining([
        '1．【答案】C\u3000【解析】29 只能被 1 和它本身整除。',
        '2．【答案】A',
        '6．【答案】AB\u3000【解析】煤炭、石油属于化石能源，不可再生。',
        '8．【答案】错误（×）\u3000【解析】例如 0.5 的倒数是 2。',
        '12．【答案】（1）不亦说乎（或 不亦悦乎）；（2）不亦乐乎',
        '14．【参考答案】绿色植物利用光能，在叶绿体中把二氧化碳和水转化成储存能量的有机物，并释放出氧气。\n意义：为生物提供食物和能量，维持大气中氧气和二氧化碳的平衡。',
        '（2）【答案】C',
      ]),
    );
    expect(answers.blocks.some((b) => b.kind === 'scoreTable')).toBe(false);
  });
});

describe('不定项 (indefinite choice) and the notes', () => {
  const model = samplePaper();
  const at = (document: 'paper' | 'answers' | 'answerSheet') => layoutPaper(model, document).blocks;
  const texts = (blocks: Block[]) => blocks.flatMap((b) => (b.kind === 'paragraph' ? [runsToText(b.runs)] : []));

  it('prints its section with the scoring rule, its options, its key and its answer-sheet boxes', () => {
    const header = at('paper').find((b): b is Extract<Block, { kind: 'sectionHeader' }> => b.kind === 'sectionHeader' && b.text.startsWith('七、'));
    expect(header).toEqual({ kind: 'sectionHeader', text: '七、不定项选择题（每小题 4 分，共 8 分）', description: INDEFINITE_RULE });
    expect(texts(at('paper'))).toContain('16．下列物质中，属于纯净物的是（\u3000\u3000）');
    expect(texts(at('answers'))).toEqual(expect.arrayContaining(['16．【答案】AC\u3000【解析】蒸馏水、液氧都只含一种物质。', '17．【答案】B']));
    const sheet = at('answerSheet');
    const boxes = sheet.filter((b): b is Extract<Block, { kind: 'options' }> => b.kind === 'options').at(-1);
    expect(boxes?.items.map((i) => `${i.label}${runsToText(i.runs)}`)).toEqual(['16．［A］［B］［C］［D］', '17．［A］［B］［C］［D］']);
  });

  it("names the rule for the indefinite questions of a mixed section, after the section's own note", () => {
    const [single] = model.sections[0]?.questions ?? [];
    const [indefinite] = model.sections.at(-1)?.questions ?? [];
    const mixed = { ...model, sections: [{ title: '选择题', description: '请将答案填在答题卡上。', questions: [single!, indefinite!] }] };
    const header = layoutPaper(mixed, 'paper').blocks.find((b) => b.kind === 'sectionHeader');
    expect(header).toMatchObject({ description: `请将答案填在答题卡上。不定项选择题${INDEFINITE_RULE}` });
  });

  it("numbers notes once: the author's own numbers are kept, unnumbered lines are numbered", () => {
    expect(noteLines(['1. 本试卷共 4 页。', '2、考试时间 90 分钟。'])).toEqual(['1. 本试卷共 4 页。', '2、考试时间 90 分钟。']);
    expect(noteLines(['（1）用黑色签字笔作答。', '（2）不得使用计算器。'])).toEqual(['（1）用黑色签字笔作答。', '（2）不得使用计算器。']);
    expect(noteLines(['本试卷共 4 页。', '考试时间 90 分钟。'])).toEqual(['1．本试卷共 4 页。', '2．考试时间 90 分钟。']);
    expect(noteLines(['2024 年秋季学期使用。'])).toEqual(['2024 年秋季学期使用。']);
    const notes = at('paper').find((b) => b.kind === 'notes');
    expect(notes).toMatchObject({
      lines: ['1．答题前，考生务必将自己的班级、学号、姓名填写在密封线内。', '2．请用黑色签字笔作答，答案写在试卷指定位置。'],
    });
    const own = layoutPaper({ ...model, notes: ['1. 本试卷共 4 页。', '2. 考试时间 90 分钟。'] }, 'paper').blocks.find((b) => b.kind === 'notes');
    expect(own).toMatchObject({ lines: ['1. 本试卷共 4 页。', '2. 考试时间 90 分钟。'] });
  });
});

describe('DOCX', () => {
  let xml = '';
  let footer = '';
  let header = '';
  beforeAll(async () => {
    const file = await renderPaper(samplePaper(), 'docx', 'paper');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(file.fileName).toBe('2024—2025学年第一学期期中考试 七年级综合 A 卷.docx');
    xml = docxPart(file.bytes, 'word/document.xml') ?? '';
    footer = docxPart(file.bytes, 'word/footer1.xml') ?? '';
    header = docxPart(file.bytes, 'word/header1.xml') ?? '';
  });

  it('holds the title, Chinese section headers, options and blanks', () => {
    const text = docxText(xml);
    expect(text).toContain('2024—2025学年第一学期期中考试 七年级综合 A 卷');
    expect(text).toContain('科目：综合\u3000\u3000考试时间：90 分钟\u3000\u3000满分：56 分');
    expect(text).toContain('一、单选题（每小题 2 分，共 10 分）');
    expect(text).toContain('三、判断题（每小题 2 分，共 6 分）');
    expect(text).toContain('A．21\tB．27\tC．29\tD．33');
    expect(xml).toMatch(/<w:u w:val="single"\/><\/w:rPr><w:t xml:space="preserve">\u3000{5}<\/w:t>/);
    expect(xml).toContain('<w:vertAlign w:val="subscript"/>');
  });

  it('has a 计分栏 that sums to the full score', () => {
    const table = /<w:tbl>[\s\S]*?<\/w:tbl>/.exec(xml)?.[0] ?? '';
    const rows = [...table.matchAll(/<w:tr>[\s\S]*?<\/w:tr>/g)].map((r) =>
      [...r[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((c) => docxText(c[0]).trim()),
    );
    expect(rows[0]).toEqual(['题号', '一', '二', '三', '四', '五', '六', '七', '总分']);
    expect(rows[1]?.[0]).toBe('分值');
    const scores = (rows[1] ?? []).slice(1).map(Number);
    expect(scores.slice(0, -1).reduce((a, b) => a + b, 0)).toBe(scores[scores.length - 1]);
    expect(scores[scores.length - 1]).toBe(56);
    expect(rows[2]?.[0]).toBe('得分');
  });

  it('is A4 with a 3 cm left margin, a 密封线 in the header and 第 x 页 共 y 页 in the footer', () => {
    expect(xml).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    expect(xml).toMatch(/<w:pgMar [^>]*w:left="1701"/);
    expect(docxText(header)).toContain('班级：');
    expect(docxText(header)).toContain('学号：');
    expect(docxText(header)).toContain('姓名：');
    expect(header).toContain('<w:textDirection w:val="btLr"/>');
    expect(header).toContain('w:val="dashed"');
    expect(footer).toMatch(/第 [\s\S]*PAGE[\s\S]* 页 共 [\s\S]*NUMPAGES[\s\S]* 页/);
  });

  it('writes the answer key without a 密封线', async () => {
    const file = await renderPaper(samplePaper(), 'docx', 'answers');
    expect(file.fileName).toContain('（答案与解析）');
    expect(docxPart(file.bytes, 'word/header1.xml')).toBeUndefined();
    const text = docxText(docxPart(file.bytes, 'word/document.xml') ?? '');
    expect(text).toContain('1．【答案】C\u3000【解析】29 只能被 1 和它本身整除。');
  });
});

describe.skipIf(!poppler)('PDF', () => {
  let bytes: Buffer = Buffer.alloc(0);
  let text = '';
  beforeAll(async () => {
    const file = await renderPaper(samplePaper(), 'pdf', 'paper');
    expect(file.contentType).toBe('application/pdf');
    bytes = file.bytes;
    text = await pdfText(bytes);
  });

  it('reads back: title, section headers, options, footers on every page', () => {
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBe(2);
    expect(text).toContain('2024—2025学年第一学期期中考试 七年级综合 A 卷');
    expect(text).toContain('一、单选题（每小题 2 分，共 10 分）');
    expect(text).toContain('四、填空题（共 10 分）');
    expect(text).toMatch(/A．21\s+B．27\s+C．29\s+D．33/);
    // pdftotext may drop the thin spaces around the numbers.
    pages.forEach((page, i) => expect(page).toMatch(new RegExp(`第\\s*${i + 1}\\s*页\\s*共\\s*${pages.length}\\s*页`)));
    // The 密封线 fields on every page.
    for (const page of pages) for (const field of ['班级', '学号', '姓名']) expect(page).toContain(field);
  });

  it('embeds the Chinese font as a subset, and stays small', async () => {
    const fonts = await pdfFonts(bytes);
    const noto = fonts.filter((f) => f.name.includes('NotoSerifSC'));
    expect(noto.length).toBeGreaterThan(0);
    expect(noto.every((f) => f.embedded && f.subset)).toBe(true);
    expect(bytes.length).toBeLessThan(300_000);
  });

  it('renders its first page to an image', async () => {
    const [page] = await pdfPagesPng(bytes, 60, { first: 1, last: 1 });
    // A4 at 60 dpi: about 496 × 702 pixels (PNG header: width and height at bytes 16 and 20).
    expect(Math.abs((page?.readUInt32BE(16) ?? 0) - 496)).toBeLessThanOrEqual(1);
    expect(Math.abs((page?.readUInt32BE(20) ?? 0) - 702)).toBeLessThanOrEqual(1);
  });

  it('keeps long words inside the margin and renders an empty paper', async () => {
    const long = samplePaper();
    const word = 'https://example.edu.cn/' + 'abcdefghij'.repeat(20);
    const model = {
      ...long,
      sections: [
        { title: '简答题', description: null, questions: [{ ...(long.sections[4]?.questions[0] ?? SHORT_FALLBACK), stem: `<p>${word}</p>` }] },
      ],
    };
    const text = await pdfText((await renderPaper(model, 'pdf', 'paper')).bytes);
    // Broken over lines, every character still there.
    // (pdftotext reads the 密封线's words in between.)
    const lines = text.split('\n').map((l) => l.replace(/姓名：|学号：|班级：|[密封线内不要答题]/g, '').trim());
    const at = lines.findIndex((l) => l.includes('https://example.edu.cn/'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at]?.length).toBeLessThan(word.length);
    expect(lines.slice(at).join('').replace(/\s+/g, '')).toContain(word);
    const empty = await pdfText((await renderPaper({ ...long, sections: [] }, 'pdf', 'paper')).bytes);
    expect(empty).toContain('满分：0 分');
    expect(empty).toMatch(/第\s*1\s*页\s*共\s*1\s*页/);
  });

  it('writes the answer key and the answer sheet', async () => {
    const answers = await pdfText((await renderPaper(samplePaper(), 'pdf', 'answers')).bytes);
    expect(answers).toContain('答案与解析');
    expect(answers).toContain('1．【答案】C');
    expect(answers).not.toContain('班级');
    const sheet = await pdfText((await renderPaper(samplePaper(), 'pdf', 'answerSheet')).bytes);
    expect(sheet).toContain('答题卡');
    expect(sheet).toMatch(/1．［A］［B］［C］［D］/);
  });
});

describe.skipIf(!poppler)('equations in the PDF', () => {
  const STEM = '<p>化简 <span class="math-tex">\\(\\frac{1}{2}+\\sqrt{{x}^{2}+1} &lt; \\sum_{i=1}^{n}{i}\\)</span> 的结果是</p>';

  it('typesets a LaTeX equation into drawing operations (glyph outlines and the fraction bar)', () => {
    const formula = typesetMath('\\frac{1}{2}+\\sqrt{{x}^{2}+1}');
    expect(formula?.ops.filter((o) => o.kind === 'path').length).toBeGreaterThan(5);
    expect(formula?.ops.some((o) => o.kind === 'rect')).toBe(true);
    // A fraction reaches above and below the baseline.
    expect(formula?.ascent).toBeGreaterThan(0.8);
    expect(formula?.descent).toBeGreaterThan(0.3);
    expect(typesetMath('\\frac{1}{')).toBeNull();
  });

  it("draws a stem's equation, not its LaTeX source, on the printed paper", async () => {
    const base = samplePaper();
    const first = base.sections[0]?.questions[0] ?? SHORT_FALLBACK;
    const model = {
      ...base,
      sections: [
        { title: '单选题', description: null, questions: [{ ...first, stem: STEM }] },
        {
          title: '简答题',
          description: null,
          questions: [{ ...SHORT_FALLBACK, stem: '<p>解释：<span class="math-tex">\\(\\frac{1}{\\)</span></p>' }],
        },
      ],
    };
    const bytes = (await renderPaper(model, 'pdf', 'paper')).bytes;
    const text = await pdfText(bytes);
    expect(text).toContain('化简');
    expect(text).toContain('的结果是');
    // The equation is drawn (outlines), so its LaTeX is nowhere in the text.
    expect(text).not.toMatch(/\\frac\{1\}\{2\}|\\sqrt|\\sum|math-tex/);
    // LaTeX MathJax cannot read is printed as its source rather than lost.
    expect(text).toContain('\\(\\frac{1}{\\)');
    const [page] = await pdfPagesPng(bytes, 150, { first: 1, last: 1 });
    expect(page).toBeDefined();
    // For looking at it: EXPORT_SHOTS=<folder> keeps the page.
    if (process.env.EXPORT_SHOTS) await writeFile(path.join(process.env.EXPORT_SHOTS, 'paper-equation.png'), page!);
  });
});

describe('pictures', () => {
  const picture = samplePng(400, 200);
  const source: ImageSource = async (src) => (src === '/File/GetFile?token=ours' ? { bytes: picture, contentType: 'image/png' } : null);
  const model = samplePaper();
  const withImages = {
    ...model,
    sections: [
      {
        title: '单选题',
        description: null,
        questions: [
          {
            ...(model.sections[0]?.questions[0] ?? SHORT_FALLBACK),
            stem: '<p>如图所示：<img src="/File/GetFile?token=ours" alt="数轴"></p><p>另见<img src="https://elsewhere.example/a.png" alt="外链"></p>',
          },
        ],
      },
    ],
  };

  it('reads PNG and JPEG sizes', () => {
    expect(imageSize(picture, 'png')).toEqual({ width: 400, height: 200 });
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 30, 0, 50, 1, 1, 0x11, 0]);
    expect(imageSize(jpeg, 'jpg')).toEqual({ width: 50, height: 30 });
    expect(imageSize(Uint8Array.from([1, 2, 3]), 'png')).toBeNull();
  });

  it('embeds stored pictures in the DOCX and keeps the marker for others', async () => {
    const file = await renderPaper(withImages, 'docx', 'paper', source);
    const xml = docxPart(file.bytes, 'word/document.xml') ?? '';
    expect(xml.match(/<w:drawing>/g)?.length).toBe(1);
    expect(docxText(xml)).toContain('另见【图：外链】');
    const media = Object.keys(unzipSync(file.bytes)).filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
  });

  it.skipIf(!poppler)('embeds stored pictures in the PDF, fitted to the page', async () => {
    const file = await renderPaper(withImages, 'pdf', 'paper', source);
    expect(await pdfImageCount(file.bytes)).toBe(1);
    expect(await pdfText(file.bytes)).toContain('另见【图：外链】');
    // Without a source every picture is a marker.
    expect(await pdfImageCount((await renderPaper(withImages, 'pdf', 'paper')).bytes)).toBe(0);
  });
});
