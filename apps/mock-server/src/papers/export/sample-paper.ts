import { deflateSync } from 'node:zlib';
import type { PaperRenderModel, RenderQuestion } from './model.ts';

/**
 * A paper with every question type and every rich-text feature the export
 * handles, for the tests and the benchmark (`sample(n)` repeats the
 * questions up to `n`).
 */

const q = (over: Partial<RenderQuestion> & Pick<RenderQuestion, 'type' | 'stem'>): RenderQuestion => ({
  score: 2,
  options: [],
  blanks: null,
  trueFalseAnswer: null,
  referenceAnswer: null,
  analysis: null,
  subQuestions: [],
  ...over,
});

const opts = (contents: string[], correct: number[]) =>
  contents.map((content, i) => ({ label: 'ABCDEFGHIJ'[i] ?? '', content, isCorrect: correct.includes(i) }));

export const SINGLE: RenderQuestion[] = [
  q({ type: 1, stem: '<p>下列各数中，是质数的是</p>', options: opts(['21', '27', '29', '33'], [2]), analysis: '<p>29 只能被 1 和它本身整除。</p>' }),
  q({ type: 1, stem: '<p>水的化学式是 H<sub>2</sub>O，其中氢元素的化合价为</p>', options: opts(['+1', '-1', '+2', '0'], [0]) }),
  q({
    type: 1,
    stem: '<p>There ____ a book and two pens on the desk.</p>',
    options: opts(['is', 'are', 'be', 'am'], [0]),
    analysis: 'There be 句型遵循就近原则。',
  }),
  q({
    type: 1,
    stem: '<p>下列关于<strong>光合作用</strong>的说法中，<u>正确</u>的是</p>',
    options: opts(
      [
        '光合作用只在白天进行，晚上植物只进行呼吸作用',
        '光合作用的原料是二氧化碳和水，产物是有机物和氧气',
        '所有植物细胞都能进行光合作用',
        '光合作用不需要光',
      ],
      [1],
    ),
  }),
  q({ type: 1, stem: '<p>若 x<sup>2</sup> = 9，则 x 的值是</p>', options: opts(['3', '-3', '±3', '9'], [2]) }),
];

export const MULTIPLE: RenderQuestion[] = [
  q({
    type: 2,
    stem: '<p>下列属于可再生能源的有</p>',
    score: 3,
    options: opts(['太阳能', '风能', '煤炭', '石油'], [0, 1]),
    analysis: '<p>煤炭、石油属于化石能源，不可再生。</p>',
  }),
  q({
    type: 2,
    stem: '<p>下列诗句与作者对应正确的是</p>',
    score: 3,
    options: opts(['“床前明月光”——李白', '“春眠不觉晓”——孟浩然', '“海内存知己”——王维', '“白日依山尽”——王之涣'], [0, 1, 3]),
  }),
];

export const INDEFINITE: RenderQuestion[] = [
  q({
    type: 7,
    stem: '<p>下列物质中，属于纯净物的是</p>',
    score: 4,
    options: opts(['蒸馏水', '洁净的空气', '液氧', '矿泉水'], [0, 2]),
    analysis: '<p>蒸馏水、液氧都只含一种物质。</p>',
  }),
  q({ type: 7, stem: '<p>下列数中，是偶数的是</p>', score: 4, options: opts(['15', '22', '37', '49'], [1]) }),
];

export const TRUE_FALSE: RenderQuestion[] = [
  q({ type: 3, stem: '<p>一个数的倒数一定比这个数小。</p>', trueFalseAnswer: false, analysis: '<p>例如 0.5 的倒数是 2。</p>' }),
  q({ type: 3, stem: '<p>地球绕太阳公转一周约需 365 天。</p>', trueFalseAnswer: true }),
  q({ type: 3, stem: '<p>声音可以在真空中传播。</p>', trueFalseAnswer: false }),
];

export const FILL: RenderQuestion[] = [
  q({ type: 4, stem: '<p>床前明月光，____。</p>', blanks: [['疑是地上霜']] }),
  q({ type: 4, stem: '<p>学而时习之，____？有朋自远方来，____？</p>', score: 4, blanks: [['不亦说乎', '不亦悦乎'], ['不亦乐乎']] }),
  q({ type: 4, stem: '<p>压强的单位是 ____，符号是 ____。</p>', score: 4, blanks: [['帕斯卡', '帕'], ['Pa']], analysis: '压强的国际单位是帕斯卡。' }),
];

export const SHORT: RenderQuestion[] = [
  q({
    type: 5,
    stem: '<p>简述光合作用的过程及其意义。</p>',
    score: 10,
    referenceAnswer:
      '绿色植物利用光能，在叶绿体中把二氧化碳和水转化成储存能量的有机物，并释放出氧气。\n意义：为生物提供食物和能量，维持大气中氧气和二氧化碳的平衡。',
  }),
];

export const MATERIAL: RenderQuestion[] = [
  q({
    type: 6,
    stem: '<p>阅读下面的材料，回答问题。</p><p>小明去文具店买笔记本，每本 <strong>5</strong> 元，他买了 4 本，付给售货员 50 元。</p>',
    score: 6,
    subQuestions: [
      q({ type: 4, stem: '小明一共要付 ____ 元。', score: 2, blanks: [['20']] }),
      q({ type: 1, stem: '售货员应找回小明多少元？', score: 2, options: opts(['20', '25', '30', '35'], [2]) }),
      q({ type: 5, stem: '如果每本笔记本降价 1 元，小明用同样的钱最多能买几本？写出计算过程。', score: 2, referenceAnswer: '20 ÷ 4 = 5（本）' }),
    ],
  }),
];

/** The sample paper: one section per type; `n` stretches it to n questions by repeating them. */
export function samplePaper(n?: number): PaperRenderModel {
  const groups: Array<[string, RenderQuestion[]]> = [
    ['一、单选题', SINGLE],
    ['多选题', MULTIPLE],
    ['判断题', TRUE_FALSE],
    ['填空题', FILL],
    ['简答题', SHORT],
    ['材料题', MATERIAL],
    ['不定项选择题', INDEFINITE],
  ];
  const base = groups.reduce((s, [, qs]) => s + qs.length, 0);
  const factor = n ? n / base : 1;
  return {
    title: '2024—2025学年第一学期期中考试 七年级综合 A 卷',
    school: '示范实验中学',
    subject: '综合',
    course: null,
    examMinutes: 90,
    kind: 'paper',
    due: null,
    classNames: [],
    notes: ['答题前，考生务必将自己的班级、学号、姓名填写在密封线内。', '请用黑色签字笔作答，答案写在试卷指定位置。'],
    sections: groups.map(([title, qs]) => ({
      title,
      description: null,
      questions: Array.from({ length: Math.max(1, Math.round(qs.length * factor)) }, (_v, i) => qs[i % qs.length]).filter(
        (x): x is RenderQuestion => x !== undefined,
      ),
    })),
  };
}

/** A solid grey PNG of the given size (8-bit greyscale), written by hand. */
export function samplePng(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_v, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    Buffer.from(data).copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}
