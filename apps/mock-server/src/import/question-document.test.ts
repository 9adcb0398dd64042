import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesOfDocxRawText, type SourceLine } from './document-lines.ts';
import { docxLines } from './docx-lines.ts';
import { parseQuestionDocument, type DocumentParse } from './question-document.ts';

/**
 * The Word/TXT grammar (docs/architecture/imports.md, "Questions (bank)"), one rule per test, on text
 * and on .docx files other programs wrote (python-docx, LibreOffice; the ep-*
 * files are equivalents of codeages/exam-parser's fixtures, checked as its
 * ParserTest checks them).
 */

const base = { categoryId: 1, chapterTypeId: null, isUniversity: false };
const parse = (source: string | SourceLine[], culture: 'zh-Hans' | 'en' = 'zh-Hans') => parseQuestionDocument(source, base, culture);
const docx = async (name: string) => (await docxLines(new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures/word', name))))).lines;
const drafts = (p: DocumentParse) => p.items.map((i) => i.input?.draft);
const readings = (p: DocumentParse) => p.items.map((i) => i.input?.reading);
const messages = (p: DocumentParse) => p.items.flatMap((i) => i.errors.map((e) => e.message));

describe('questions and their separation', () => {
  it('reads questions separated by blank lines with any numbering or none', () => {
    const p = parse(
      [
        '1、一加一等于几？',
        'A. 1',
        'B. 2',
        '答案：B',
        '',
        '2. 二加二？',
        'A. 4',
        'B. 5',
        '答案：A',
        '',
        '（3）三加三？',
        'A. 6',
        'B. 7',
        '答案：A',
        '',
        '四加四？',
        'A. 8',
        'B. 9',
        '答案：A',
      ].join('\n'),
    );
    expect(messages(p)).toEqual([]);
    expect(p.items.map((i) => [i.question, i.row])).toEqual([
      [1, 1],
      [2, 6],
      [3, 11],
      [null, 16],
    ]);
    expect(drafts(p).map((d) => d?.stem)).toEqual(['<p>一加一等于几？</p>', '<p>二加二？</p>', '<p>三加三？</p>', '<p>四加四？</p>']);
  });

  it('still reads numbered questions with no blank lines between them, titles and section headings skipped', () => {
    const p = parse(
      [
        '五年级练习',
        '一、选择题',
        '1、甲？',
        'A. 是',
        'B. 否',
        '【答案】A',
        '2、乙？',
        '【答案】正确',
        '3、丙的意义？',
        '4、丁？',
        '【答案】错误',
      ].join('\n'),
    );
    expect(messages(p)).toEqual([]);
    expect(p.items.map((i) => [i.question, i.input?.draft.questionType])).toEqual([
      [1, 1],
      [2, 3],
      // An essay without its answer line is not cut short: 4、 follows 3、.
      [3, 5],
      [4, 3],
    ]);
  });

  it('keeps numbered lines inside a stem that is not yet whole (past the first question: before it they read as a title)', () => {
    const p = parse(['甲？', '答案：正确', '', '下列说法正确的是', '1. 水是液体', '2. 冰是固体', 'A. 只有1', 'B. 1和2', '答案：B'].join('\n'));
    expect(p.items).toHaveLength(2);
    expect(drafts(p)[1]?.stem).toBe('<p>下列说法正确的是</p><p>1. 水是液体</p><p>2. 冰是固体</p>');
  });

  it('ignores everything before 【导入开始】 and numbers lines as the file has them', () => {
    const p = parse(
      ['说明：题目之间空一行。', 'A. 这不是选项', '答案：这也不是', '【导入开始】', '', '甲？', 'A. 是', 'B. 否', '答案：A'].join('\n'),
    );
    expect(messages(p)).toEqual([]);
    expect(p.items.map((i) => i.row)).toEqual([6]);
    expect(readings(p)[0]).toMatchObject({ from: 6, to: 9, questionType: 1, answer: 'A' });
  });
});

describe('answers', () => {
  it.each(['答案', '参考答案', '正确答案', '[答案]', '【答案】', '【正确答案】', '【参考答案】', '[参考答案]', '[正确答案]'])(
    'reads the prefix %s with and without a colon',
    (prefix) => {
      for (const sep of ['：', ':', '', ' ']) {
        const p = parse(['甲？', 'A. 1', 'B. 2', 'C. 3', `${prefix}${sep}AC`].join('\n'));
        expect(messages(p)).toEqual([]);
        expect(readings(p)[0]).toMatchObject({ questionType: 2, answer: 'AC' });
      }
    },
  );

  it('reads true/false answers inline in the stem, full- and half-width brackets, and removes them from the stem', () => {
    const p = parse(['地球是圆的。（正确）', '', '太阳从西边升起。(错误)', '', '水会结冰。( 正确 )'].join('\n'));
    expect(messages(p)).toEqual([]);
    expect(drafts(p).map((d) => [d?.questionType, d?.trueFalseAnswer, d?.stem])).toEqual([
      [3, true, '<p>地球是圆的。</p>'],
      [3, false, '<p>太阳从西边升起。</p>'],
      [3, true, '<p>水会结冰。</p>'],
    ]);
  });

  it('reads blanks with alternatives and an essay’s answer lines', () => {
    const p = parse(['李白字[[太白]]，号[[青莲居士|谪仙人]]。', '', '为什么？', '答案: 理由如下', '①其一', '②其二'].join('\n'));
    expect(drafts(p)[0]).toMatchObject({ questionType: 4, blanks: [{ answers: ['太白'] }, { answers: ['青莲居士', '谪仙人'] }] });
    expect(readings(p)[0]).toMatchObject({ blanks: 2, answer: '太白；青莲居士|谪仙人' });
    expect(drafts(p)[1]).toMatchObject({ questionType: 5, referenceAnswer: '理由如下\n①其一\n②其二' });
  });

  it('reads a question after 【不定项选择题】 as indefinite choice (type 7), one key or several, said in the reading', () => {
    const p = parse(
      ['【不定项选择题】', '甲？', 'A. 1', 'B. 2', 'C. 3', '正确答案：AC', '', '【不定项选择题】', '乙？', 'A. 1', 'B. 2', '答案：B'].join('\n'),
    );
    expect(messages(p)).toEqual([]);
    expect(readings(p).map((r) => [r?.questionType, r?.indefinite, r?.from])).toEqual([
      [7, true, 1],
      [7, true, 8],
    ]);
    expect(drafts(p).map((d) => d?.options?.map((o) => o.isCorrect))).toEqual([
      [true, false, true],
      [false, true],
    ]);
    expect(p.items.map((i) => i.row)).toEqual([2, 9]);
  });

  it('reads options written `A 北京` only in sequence, so a stem starting with a capital is not an option', () => {
    const p = parse(['A student has 3 apples. How many?', 'A 2', 'B 3', '答案：B'].join('\n'));
    expect(drafts(p)[0]).toMatchObject({ stem: '<p>A student has 3 apples. How many?</p>' });
    expect(drafts(p)[0]?.options?.map((o) => o.content)).toEqual(['2', '3']);
  });
});

describe('解析, 难度, 分数', () => {
  it('reads them bare or bracketed, with or without a colon, 2分 with its unit; defaults 一般 and no score', () => {
    const p = parse(
      [
        '甲？',
        'A. 1',
        'B. 2',
        '答案：A',
        '解析 因为如此',
        '难度：简单',
        '分数 3分',
        '',
        '乙？',
        '答案：正确',
        '[解析]：乙',
        '[难度]困难',
        '[分数]2.5 分',
        '',
        '丙？',
        '答案：正确',
        '【解析】丙',
        '【难度】一般',
        '【分数】：4',
      ].join('\n'),
    );
    expect(messages(p)).toEqual([]);
    expect(drafts(p).map((d) => [d?.analysis, d?.difficulty, d?.score])).toEqual([
      ['<p>因为如此</p>', 1, 3],
      ['<p>乙</p>', 3, 2.5],
      ['<p>丙</p>', 2, 4],
    ]);
    const plain = parse('丁？\n答案：正确');
    expect([drafts(plain)[0]?.difficulty, drafts(plain)[0]?.score]).toEqual([2, undefined]);
  });

  it('does not take a stem that starts with 分数 or 难度 for a tag', () => {
    const p = parse(['分数的意义是什么？', '答案：把单位一平均分。'].join('\n'));
    expect(drafts(p)[0]).toMatchObject({ questionType: 5, stem: '<p>分数的意义是什么？</p>' });
  });
});

describe('material questions', () => {
  it('reads the material and sub-questions separated by blank lines, with the material’s own 解析', () => {
    const p = parse(
      [
        '【材料题开始】',
        '6、甲公司的税率为 25%。',
        '【解析】按税率计算。',
        '',
        '（1）应纳税额是多少？',
        'A. 25',
        'B. 30',
        '答案：A',
        '',
        '（2）税后余额是[[75]]。',
        '【材料题结束】',
      ].join('\n'),
    );
    expect(messages(p)).toEqual([]);
    expect(drafts(p)[0]).toMatchObject({ questionType: 6, stem: '<p>甲公司的税率为 25%。</p>', analysis: '<p>按税率计算。</p>' });
    expect(drafts(p)[0]?.subQuestions?.map((s) => s.questionType)).toEqual([1, 4]);
    expect(p.items[0]?.input?.subs).toEqual([
      { question: 1, line: 5 },
      { question: 2, line: 10 },
    ]);
    expect(readings(p)[0]).toMatchObject({ from: 1, to: 11, questionType: 6 });
  });

  it('reports unclosed and stray markers on their lines, the other questions still read', () => {
    const p = parse(['【材料题结束】', '', '甲？', '答案：正确', '', '【材料题开始】', '材料'].join('\n'));
    expect(messages(p)).toEqual(['第 1 行：【材料题结束】之前没有【材料题开始】。', '第 6 行：【材料题开始】之后没有【材料题结束】。']);
    expect(p.items.filter((i) => i.input).length).toBe(1);
  });
});

describe('problems named by question and line', () => {
  it('finds a choice question without a stem on its line rather than dropping it', () => {
    const p = parse(['甲？', '答案：正确', '', 'A. 1', 'B. 2', '答案：A'].join('\n'));
    expect(p.items.map((i) => i.row)).toEqual([1, 4]);
    expect(messages(p)).toEqual(['第 4 行：选择题缺少题干：这一行直接是选项 A，请在选项前写出题干。']);
    // A question that failed still shows its lines and what was read in the preview.
    expect(p.items[1]?.preview).toMatchObject({
      questionType: 1,
      answer: 'A',
      lines: [
        { line: 4, text: 'A. 1' },
        { line: 5, text: 'B. 2' },
        { line: 6, text: '答案：A' },
      ],
    });
  });

  it('names the numbered question and its line, in English too', () => {
    const p = parse(['1、甲？', 'A. 1', 'B. 2', '答案：E', '', '2、乙？', 'A. 1', 'B. 2', '【分数】许多'].join('\n'), 'en');
    expect(p.items.map((i) => i.errors.map((e) => [e.question, e.row, e.column]))).toEqual([
      [[1, 1, '【答案】']],
      [
        [2, 6, '【分数】'],
        [2, 6, null],
      ],
    ]);
    expect(p.items[1]?.errors.map((e) => e.reason)).toEqual(['"许多" is not a number.', 'The 【答案】 (answer) is missing.']);
  });

  it('says when answer letters have no option lines', () => {
    const p = parse(['甲？', '北京', '上海', '答案：A'].join('\n'));
    expect(messages(p)).toEqual(['第 1 行“【答案】”：答案“A”是选项字母，但没有找到以“A.”开头的选项行。']);
  });

  it('answers a file problem for a file with no questions', () => {
    expect(parse('').fileProblem).toBe('文件是空的（【导入开始】之后没有内容）。');
    expect(parse('说明\n【导入开始】\n').fileProblem).toBe('文件是空的（【导入开始】之后没有内容）。');
  });

  it('refuses prose with nothing of a question (a contract, a letter) rather than reading it as short answers', () => {
    const noQuestions = '文件中没有找到题目：题目之间用空行分隔，选项以“A.”开头，并写明“答案：”。';
    expect(parse('not questions at all').fileProblem).toBe(noQuestions);
    expect(parse('甲方：某某学校\n\n乙方：某某公司\n\n双方约定如下。').fileProblem).toBe(noQuestions);
    // One real question among the prose keeps the file: the paragraphs are reported as the questions they look like.
    const mixed = parse('甲方：某某学校\n\n1、简述光合作用。\n答案：略');
    expect(mixed.fileProblem).toBeNull();
    expect(mixed.items).toHaveLength(2);
  });
});

describe('.docx files other programs wrote', () => {
  it('reads paragraphs, not mammoth’s raw text blank lines', () => {
    expect(linesOfDocxRawText('甲\n\n\n\n乙\n\n')).toEqual([{ text: '甲' }, { text: '' }, { text: '乙' }]);
  });

  // exam-parser's ParserTest, one test per fixture.
  it('single choice with a picture paragraph inside: one question, single choice, 2分', async () => {
    const p = parse(await docx('ep-single-choice.docx'));
    expect(messages(p)).toEqual([]);
    expect(p.items).toHaveLength(1);
    expect(drafts(p)[0]).toMatchObject({ questionType: 1, score: 2 });
    expect(drafts(p)[0]?.stem).toMatch(/^<p>单选题/);
    expect(drafts(p)[0]?.options?.map((o) => o.isCorrect)).toEqual([false, false, true, false]);
  });

  it('multiple choice: 正确答案：ACD', async () => {
    const p = parse(await docx('ep-choice.docx'));
    expect(p.items).toHaveLength(1);
    expect(readings(p)[0]).toMatchObject({ questionType: 2, answer: 'ACD' });
    expect(drafts(p)[0]?.stem).toMatch(/^<p>多选题/);
  });

  it('indefinite choice after 【不定项选择题】, a picture inside', async () => {
    const p = parse(await docx('ep-uncertain-choice.docx'));
    expect(p.items).toHaveLength(1);
    expect(readings(p)[0]).toMatchObject({ questionType: 7, indefinite: true, answer: 'ACD' });
    expect(drafts(p)[0]?.stem).toMatch(/^<p>不定项/);
  });

  it('essay in Word list numbering: the stem and the three answer lines', async () => {
    const p = parse(await docx('ep-essay.docx'));
    expect(messages(p)).toEqual([]);
    expect(drafts(p)[0]).toMatchObject({
      questionType: 5,
      referenceAnswer: '是正确的，理由如下\n①光是光合作用的能量来源\n②没有光，叶绿体不能制造有机物',
    });
    expect(drafts(p)[0]?.stem).toMatch(/^<p>问答题/);
  });

  it('fill in the blank: 太白, 青莲居士|谪仙人', async () => {
    const p = parse(await docx('ep-fill.docx'));
    expect(drafts(p)[0]).toMatchObject({ questionType: 4, blanks: [{ answers: ['太白'] }, { answers: ['青莲居士', '谪仙人'] }] });
  });

  it('true/false inline: 正确', async () => {
    const p = parse(await docx('ep-determine.docx'));
    expect(drafts(p)[0]).toMatchObject({ questionType: 3, trueFalseAnswer: true });
    expect(drafts(p)[0]?.stem).toMatch(/^<p>判断题/);
  });

  it('material with two sub-questions separated by blank paragraphs', async () => {
    const p = parse(await docx('ep-material.docx'));
    expect(p.items).toHaveLength(1);
    expect(drafts(p)[0]?.stem).toMatch(/^<p>材料题/);
    expect(drafts(p)[0]?.subQuestions).toHaveLength(2);
  });

  it('a choice without a stem is reported (exam-parser keeps it with an empty stem)', async () => {
    const p = parse(await docx('ep-choice-no-stem.docx'));
    expect(p.items).toHaveLength(1);
    expect(p.items[0]?.errors.map((e) => [e.row, e.reason])).toEqual([[1, '选择题缺少题干：这一行直接是选项 A，请在选项前写出题干。']]);
  });

  it('a teacher’s whole file: instructions, unnumbered questions, every prefix, a material question', async () => {
    const p = parse(await docx('teacher-format.docx'));
    expect(messages(p)).toEqual([]);
    expect(readings(p).map((r) => [r?.questionType, r?.answer, r?.score])).toEqual([
      [1, 'C', 3],
      [2, 'AC', null],
      [3, '错误', null],
      [4, '100', 1],
      [7, 'A', null],
      [5, '100', null],
      [6, '', null],
    ]);
    expect(readings(p)[4]?.indefinite).toBe(true);
    expect(drafts(p)[0]?.difficulty).toBe(1);
    expect(drafts(p)[6]?.subQuestions?.map((s) => s.questionType)).toEqual([1, 4]);
  });

  it('LibreOffice’s .docx of a text file', async () => {
    const p = parse(await docx('libreoffice-format.docx'));
    expect(messages(p)).toEqual([]);
    expect(readings(p).map((r) => [r?.questionType, r?.answer, r?.score])).toEqual([
      [1, 'B', null],
      [3, '正确', null],
      [5, '地球公转且地轴倾斜。', 5],
    ]);
  });

  it('options in Word’s list numbering: the file is refused saying so, naming the lines', async () => {
    const p = parse(await docx('auto-numbered-options.docx'));
    expect(p.fileProblem).toBe(
      '文件使用了 Word 的自动编号（第 2, 3, 4 行），题号和选项字母不会被读入：请关闭自动编号，把题号和“A.”等字母作为文字输入后重新导入。',
    );
  });
});
