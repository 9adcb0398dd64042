/**
 * The question bank of tenant Default: about 2,100 questions over the
 * question categories (class type 3: 小学 / 初中 / 高中 × subjects), every
 * type (单选, 多选, 判断, 填空, 简答, 材料), every difficulty, every review
 * state (pending at 初审 and at 复审, approved, rejected with a reason), some
 * hidden, some in the university bank, and sister families of math questions.
 * Mathematics comes from templates of each stage's own curriculum (小学
 * arithmetic, 初中 equations and geometry, 高中 functions, sequences, vectors
 * and derivatives) with seeded numbers written as a teacher writes them; the
 * other subjects come from fixed pools and generators. Rows are written in a
 * seeded shuffle, so the newest (the list's first page) are a mix.
 * Idempotent (skips when the tenant has questions) and deterministic.
 */
import { questionFingerprint } from '@edu/sdk';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { insertRows } from '../src/bulk-insert.ts';
import { createRandom, type Random } from './random.ts';

const DAY_MS = 86_400_000;
const QUESTION_CLASS = 3;
const AUTHORS = ['admin', 'zhangwei', 'liuyang', 'huangli', 'sunyan', 'zhaolei', 'zhoujie'];
const REVIEWERS = ['zhangwei', 'liuyang', 'chenjing'];

interface Option {
  content: string;
  isCorrect: boolean;
}
interface Sub {
  questionType: number;
  stem: string;
  score: number;
  options: Option[];
  trueFalseAnswer: boolean | null;
  blanks: Array<{ answers: string[] }> | null;
  referenceAnswer: string | null;
  analysis: string | null;
}
/** A generated question before it gets its category, author and review state. */
type Draft = Sub & {
  subQuestions?: Sub[];
  /** Questions with the same family key form a sister family (same knowledge point, other numbers or wording). */
  family?: string;
  /** The knowledge point: a chapter and a section of the question's category. */
  point?: Point;
};
/** [chapter, section] of the chapter tree the seed gives each question category. */
type Point = readonly [string, string];

const base = { options: [], trueFalseAnswer: null, blanks: null, referenceAnswer: null, analysis: null };
const choice = (stem: string, options: readonly string[], correct: readonly number[], analysis?: string): Draft => ({
  ...base,
  questionType: correct.length > 1 ? 2 : 1,
  stem,
  score: correct.length > 1 ? 3 : 2,
  options: options.map((content, i) => ({ content, isCorrect: correct.includes(i) })),
  analysis: analysis ?? null,
});
const judge = (stem: string, answer: boolean, analysis?: string): Draft => ({
  ...base,
  questionType: 3,
  stem,
  score: 1,
  trueFalseAnswer: answer,
  analysis: analysis ?? null,
});
const fill = (stem: string, blanks: string[][]): Draft => ({
  ...base,
  questionType: 4,
  stem,
  score: 2 * blanks.length,
  blanks: blanks.map((answers) => ({ answers })),
});
const essay = (stem: string, reference: string, score = 10): Draft => ({ ...base, questionType: 5, stem, score, referenceAnswer: reference });
const material = (stem: string, subs: Sub[]): Draft => ({
  ...base,
  questionType: 6,
  stem,
  score: subs.reduce((s, q) => s + q.score, 0),
  subQuestions: subs,
});

/** Fixed pools of the non-math subjects. */
const POOLS: Record<string, Draft[]> = {
  语文: [
    choice('《静夜思》的作者是？', ['李白', '杜甫', '白居易', '王维'], [0], '《静夜思》是唐代诗人李白的作品。'),
    choice('“春眠不觉晓”的下一句是？', ['处处闻啼鸟', '夜来风雨声', '花落知多少', '举头望明月'], [0]),
    choice('《背影》的作者是？', ['朱自清', '鲁迅', '冰心', '老舍'], [0]),
    choice('下列词语中没有错别字的一项是？', ['迫不及待', '再接再励', '谈笑风声', '一愁莫展'], [0], '“再接再厉”“谈笑风生”“一筹莫展”。'),
    choice('成语“三顾茅庐”出自《三国演义》，说的是哪位人物？', ['刘备', '曹操', '孙权', '关羽'], [0]),
    choice('《论语》是哪一学派的经典？', ['儒家', '道家', '法家', '墨家'], [0]),
    choice('下列哪部作品是鲁迅的小说集？', ['《呐喊》', '《繁星》', '《女神》', '《子夜》'], [0]),
    choice('“但愿人长久，千里共婵娟”出自谁的作品？', ['苏轼', '李清照', '辛弃疾', '柳永'], [0]),
    choice('下列作家中，属于“唐宋八大家”的有', ['韩愈', '柳宗元', '苏轼', '李白'], [0, 1, 2]),
    choice('下列作品属于中国古典四大名著的有', ['《红楼梦》', '《水浒传》', '《聊斋志异》', '《西游记》'], [0, 1, 3]),
    choice('下列诗人属于唐代的有', ['杜甫', '王维', '陆游', '白居易'], [0, 1, 3]),
    judge('《岳阳楼记》的作者是范仲淹。', true),
    judge('“床前明月光”出自杜甫的诗。', false, '出自李白《静夜思》。'),
    judge('《红楼梦》的作者是曹雪芹。', true),
    judge('比喻和拟人是同一种修辞手法。', false),
    fill('床前明月光，____。（李白《静夜思》）', [['疑是地上霜']]),
    fill('____，处处闻啼鸟。（孟浩然《春晓》）', [['春眠不觉晓']]),
    fill('海内存知己，____。（王勃《送杜少府之任蜀州》）', [['天涯若比邻']]),
    fill('学而时习之，____？有朋自远方来，____？（《论语》）', [['不亦说乎', '不亦悦乎'], ['不亦乐乎']]),
    essay('请简要概括《背影》中父亲形象的特点。', '朴实、深沉、不善言辞却深爱儿子；从买橘子的细节可见父爱之深。'),
    essay('谈谈你对“读书破万卷，下笔如有神”的理解。', '广泛阅读积累素材与语感，写作时才能得心应手。'),
    material('<p>阅读下面的文字：</p><p>“我与父亲不相见已二年余了，我最不能忘记的是他的背影。”</p>', [
      {
        ...base,
        questionType: 1,
        stem: '这段文字出自哪篇文章？',
        score: 2,
        options: [
          { content: '《背影》', isCorrect: true },
          { content: '《春》', isCorrect: false },
          { content: '《济南的冬天》', isCorrect: false },
        ],
      },
      {
        ...base,
        questionType: 5,
        stem: '作者为什么“最不能忘记”父亲的背影？',
        score: 6,
        referenceAnswer: '背影凝聚着父亲对儿子深沉的爱，令作者感动难忘。',
      },
    ]),
  ],
  英语: [
    choice('— How are you? — ____', ["I'm fine, thank you.", "I'm ten.", 'Yes, I am.', 'Nice to meet you.'], [0]),
    choice('The Chinese meaning of “library” is ____.', ['图书馆', '实验室', '操场', '食堂'], [0]),
    choice('There ____ a book and two pens on the desk.', ['is', 'are', 'be', 'am'], [0], 'There be 句型遵循就近原则。'),
    choice('She is good ____ English.', ['at', 'in', 'on', 'for'], [0]),
    choice('— ____ is your birthday? — It’s on May 2nd.', ['When', 'Where', 'What', 'Who'], [0]),
    choice('下列单词中表示动物的有', ['cat', 'dog', 'desk', 'tiger'], [0, 1, 3]),
    choice('下列单词中属于颜色的有', ['red', 'blue', 'book', 'green'], [0, 1, 3]),
    judge('“apple” 的意思是“香蕉”。', false),
    judge('“teacher” 的复数形式是 “teachers”。', true),
    judge('“Good morning” 可以在晚上使用。', false),
    fill('I ____ (be) a student.', [['am']]),
    fill('She ____ (go) to school every day.', [['goes']]),
    fill('They ____ (play) football yesterday.', [['played']]),
    essay('用英语写一段话介绍你的家庭（不少于 5 句）。', 'There are three people in my family. My father is a doctor. ...'),
    material('<p>Read the passage.</p><p>Tom gets up at six every morning. He goes to school by bike. He likes English best.</p>', [
      { ...base, questionType: 3, stem: 'Tom goes to school by bus.', score: 2, trueFalseAnswer: false },
      { ...base, questionType: 4, stem: 'Tom gets up at ____ every morning.', score: 2, blanks: [{ answers: ['six', '6', "six o'clock"] }] },
    ]),
  ],
  物理: [
    choice('光在真空中的传播速度约为？', ['3×10⁸ m/s', '3×10⁵ m/s', '340 m/s', '3×10⁶ m/s'], [0]),
    choice('声音在 15 ℃ 空气中的传播速度约为？', ['340 m/s', '3×10⁸ m/s', '1500 m/s', '34 m/s'], [0]),
    choice('下列物质属于晶体的是？', ['冰', '玻璃', '松香', '沥青'], [0]),
    choice('力的国际单位是？', ['牛顿', '焦耳', '瓦特', '帕斯卡'], [0]),
    choice('下列现象属于光的折射的有', ['水中筷子“弯折”', '海市蜃楼', '小孔成像', '雨后彩虹'], [0, 1, 3]),
    choice('下列属于物态变化中吸热过程的有', ['熔化', '汽化', '凝固', '升华'], [0, 1, 3]),
    judge('声音可以在真空中传播。', false, '声音的传播需要介质。'),
    judge('物体的运动和静止是相对的。', true),
    judge('晶体熔化时温度不断升高。', false),
    fill('一标准大气压下，冰水混合物的温度是 ____ ℃。', [['0']]),
    fill('压强的单位是 ____，符号是 ____。', [['帕斯卡', '帕'], ['Pa']]),
    essay('请设计一个实验，证明声音是由物体振动产生的。', '将发声的音叉接触水面，水花四溅，说明发声体在振动。'),
  ],
  化学: [
    choice('水的化学式是？', ['H₂O', 'H₂O₂', 'CO₂', 'O₂'], [0]),
    choice('地壳中含量最多的元素是？', ['氧', '硅', '铝', '铁'], [0]),
    choice('空气中体积分数最大的气体是？', ['氮气', '氧气', '二氧化碳', '稀有气体'], [0]),
    choice('下列变化属于化学变化的有', ['铁生锈', '蜡烛燃烧', '冰雪融化', '酒精挥发'], [0, 1]),
    choice('下列物质属于纯净物的有', ['蒸馏水', '氧气', '空气', '冰水混合物'], [0, 1, 3]),
    judge('催化剂在反应前后质量和化学性质都不变。', true),
    judge('分子是保持物质化学性质的唯一粒子。', false, '由原子直接构成的物质，其化学性质由原子保持。'),
    judge('铁在氧气中燃烧，火星四射，生成黑色固体。', true),
    fill('氧气的化学式是 ____。', [['O2', 'O₂']]),
    fill('实验室用高锰酸钾制取氧气，反应的基本类型是 ____ 反应。', [['分解']]),
    essay('简述实验室制取二氧化碳的原理和收集方法。', '大理石与稀盐酸反应；二氧化碳密度比空气大且能溶于水，用向上排空气法收集。'),
  ],
};

const isPrime = (n: number) => n > 1 && Array.from({ length: Math.floor(Math.sqrt(n)) - 1 }, (_, i) => i + 2).every((d) => n % d !== 0);
const distinct = <T>(xs: T[]) => [...new Set(xs)];
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;
const at = (p: Point, d: Draft): Draft => ({ ...d, point: p });

/** The right answer among three distinct wrong ones, rotated by the seed so the key is not always A. */
function numericChoice(rnd: Random, stem: string, right: string, wrongs: string[], analysis?: string): Draft {
  const options = [right, ...distinct(wrongs.filter((w) => w !== right)).slice(0, 3)];
  const turn = rnd.int(0, options.length - 1);
  const rotated = [...options.slice(turn), ...options.slice(0, turn)];
  return choice(stem, rotated, [rotated.indexOf(right)], analysis);
}

/** A number as a teacher writes it: at most two decimals, no trailing zeros, a real minus sign for negatives in stems. */
const num = (x: number): string => String(Math.round(x * 100) / 100);
/** A signed term inside an expression: `(−3)` for negatives. */
const term = (x: number): string => (x < 0 ? `(−${-x})` : String(x));
/** The bracket a single-choice stem ends with, for the answer's letter (two ideographic spaces). */
const CHOICE_BLANK = '（\u3000\u3000）';
/** Subscript digits (a₁₀, log₂). */
const sub = (n: number): string => String(n).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]!);

/** One template: a knowledge point and a draft built from seeded numbers (null: this draw does not fit, draw again). */
interface Template {
  point: Point;
  /** Runs of one template in a leaf form sister families. */
  family?: boolean;
  make: (rnd: Random) => Draft | null;
}

const PYTHAGOREAN = [
  [3, 4, 5],
  [5, 12, 13],
  [6, 8, 10],
  [8, 15, 17],
  [7, 24, 25],
  [9, 12, 15],
] as const;

/** 小学数学: arithmetic, factors, fractions of everyday quantities, simple geometry. */
const PRIMARY_MATH: readonly Template[] = [
  {
    point: ['数与运算', '四则混合运算'],
    family: true,
    make: (rnd) => {
      const [a, b, c] = [rnd.int(10, 99), rnd.int(2, 9), rnd.int(2, 9)];
      const right = a + b * c;
      return numericChoice(
        rnd,
        `计算：${a} + ${b} × ${c} = ${CHOICE_BLANK}`,
        String(right),
        [(a + b) * c, a + b + c, right + 10].map(String),
        '先算乘法，再算加法。',
      );
    },
  },
  {
    point: ['数与运算', '因数与倍数'],
    make: (rnd) => {
      const nums = distinct([rnd.pick([2, 3, 5, 7, 11, 13, 17, 19, 23, 29]), rnd.pick([31, 37, 41, 43, 47]), rnd.int(4, 9) * 2, rnd.int(3, 9) * 9]);
      if (nums.filter(isPrime).length < 2 || nums.length < 4) return null;
      return choice(
        '下列各数中，是质数的有',
        nums.map(String),
        nums.flatMap((n, k) => (isPrime(n) ? [k] : [])),
        '只有 1 和它本身两个因数的数是质数。',
      );
    },
  },
  {
    point: ['数与运算', '因数与倍数'],
    make: (rnd) => {
      const n = rnd.int(12, 99);
      return judge(`${n} 是偶数。`, n % 2 === 0, '个位上是 0、2、4、6、8 的数是偶数。');
    },
  },
  {
    point: ['数与运算', '因数与倍数'],
    make: (rnd) => {
      const [a, b] = [rnd.int(2, 12), rnd.int(2, 12)];
      if (a === b) return null;
      return fill(`${a} 和 ${b} 的最小公倍数是 ____，最大公约数是 ____。`, [[String(lcm(a, b))], [String(gcd(a, b))]]);
    },
  },
  {
    point: ['数与运算', '小数的乘法'],
    family: true,
    make: (rnd) => {
      const price = rnd.int(12, 95) / 10;
      const n = rnd.int(2, 6);
      return fill(`一个笔记本 ${num(price)} 元，买 ${n} 个需要 ____ 元。`, [[num(price * n)]]);
    },
  },
  {
    point: ['数与运算', '百分数'],
    make: (rnd) => {
      const total = rnd.int(2, 40) * 20;
      const pct = rnd.pick([10, 20, 25, 40, 50, 75]);
      const right = (total * pct) / 100;
      return numericChoice(
        rnd,
        `${total} 的 ${pct}% 是多少？`,
        num(right),
        [total - right, right * 10, right / 10].map(num),
        '求一个数的百分之几是多少，用乘法。',
      );
    },
  },
  {
    point: ['数与代数', '简易方程'],
    family: true,
    make: (rnd) => {
      const [b, x, a] = [rnd.int(2, 9), rnd.int(2, 15), rnd.int(1, 30)];
      return fill(`解方程：${b}x + ${a} = ${b * x + a}，x = ____。`, [[String(x)]]);
    },
  },
  {
    point: ['图形与几何', '长方形和正方形'],
    family: true,
    make: (rnd) => {
      const [w, h] = [rnd.int(3, 30), rnd.int(2, 20)];
      if (w === h) return null;
      return numericChoice(
        rnd,
        `一个长方形长 ${w} 厘米、宽 ${h} 厘米，它的面积是多少平方厘米？`,
        String(w * h),
        [2 * (w + h), w + h, w * h + w].map(String),
        '长方形的面积 = 长 × 宽。',
      );
    },
  },
  {
    point: ['图形与几何', '圆'],
    make: (rnd) => {
      const r = rnd.int(1, 10);
      const truth = rnd.next() < 0.6;
      return judge(
        `半径是 ${r} 厘米的圆，周长是 ${num(2 * 3.14 * r * (truth ? 1 : 2))} 厘米（π 取 3.14）。`,
        truth,
        truth ? '圆的周长 C = 2πr。' : '圆的周长 C = 2πr，题中把直径当成了半径。',
      );
    },
  },
  {
    point: ['统计与概率', '平均数'],
    make: (rnd) => {
      const avg = rnd.int(80, 95);
      const d = rnd.int(1, 6);
      return fill(`小明三次数学测验的成绩分别是 ${avg - d} 分、${avg} 分、${avg + d} 分，平均成绩是 ____ 分。`, [[String(avg)]]);
    },
  },
  {
    point: ['综合与实践', '购物问题'],
    make: (rnd) => {
      const [price, n] = [rnd.int(3, 20), rnd.int(2, 5)];
      return material(`<p>某文具店一支钢笔售价 ${price} 元，小明买了 ${n} 支，付给售货员 100 元。</p>`, [
        { ...base, questionType: 4, stem: '小明一共要付 ____ 元。', score: 2, blanks: [{ answers: [String(price * n)] }] },
        { ...base, questionType: 3, stem: `售货员应找回 ${100 - price * n} 元。`, score: 2, trueFalseAnswer: true },
        {
          ...base,
          questionType: 5,
          stem: '如果钢笔打八折，小明可以少付多少元？写出算式。',
          score: 4,
          referenceAnswer: `${price * n} × (1 − 0.8) = ${num(price * n * 0.2)}（元）`,
        },
      ]);
    },
  },
  {
    point: ['数与代数', '简易方程'],
    make: (rnd) => {
      const [b, x, c] = [rnd.int(2, 9), rnd.int(2, 20), rnd.int(1, 9)];
      return essay(`解方程：${b}x − ${c} = ${b * x - c}，并写出解题过程。`, `${b}x = ${b * x}，x = ${x}。`, 6);
    },
  },
];

/** 初中数学: rational numbers, equations and systems, factoring, Pythagoras, linear functions, statistics. */
const JUNIOR_MATH: readonly Template[] = [
  {
    point: ['有理数', '有理数的加减法'],
    family: true,
    make: (rnd) => {
      const [a, b, c] = [-rnd.int(2, 20), rnd.int(2, 20), -rnd.int(2, 20)];
      const right = a + b - c;
      return numericChoice(
        rnd,
        `计算：${term(a)} + ${b} − ${term(c)} 的结果是${CHOICE_BLANK}`,
        String(right),
        [a + b + c, -right, right - 2 * b].map(String),
        '减去一个数，等于加上这个数的相反数。',
      );
    },
  },
  {
    point: ['有理数', '绝对值'],
    make: (rnd) => {
      const [a, d] = [rnd.int(-9, 9), rnd.int(1, 9)];
      return fill(`若 |x − ${term(a)}| = ${d}，则 x = ____ 或 x = ____。`, [[String(a + d)], [String(a - d)]]);
    },
  },
  {
    point: ['整式的加减', '合并同类项'],
    family: true,
    make: (rnd) => {
      const [a, b, c] = [rnd.int(2, 9), rnd.int(2, 9), rnd.int(1, 9)];
      const k = a + b - c;
      if (k <= 1) return null;
      return fill(`化简：${a}x + ${b}x − ${c}x = ____。`, [[`${k}x`]]);
    },
  },
  {
    point: ['一元一次方程', '解一元一次方程'],
    family: true,
    make: (rnd) => {
      const [a, x, b] = [rnd.int(2, 9), rnd.int(-9, 12), rnd.int(1, 20)];
      const right = a * x - b;
      return numericChoice(
        rnd,
        `方程 ${a}x − ${b} = ${right < 0 ? `−${-right}` : right} 的解是${CHOICE_BLANK}`,
        `x = ${x}`,
        [`x = ${x + 1}`, `x = ${-x || 1}`, `x = ${x * 2 || 2}`],
        '移项、合并同类项、系数化为 1。',
      );
    },
  },
  {
    point: ['二元一次方程组', '消元法'],
    family: true,
    make: (rnd) => {
      const [x, y] = [rnd.int(1, 9), rnd.int(1, 9)];
      if (x === y) return null;
      return numericChoice(
        rnd,
        `方程组 x + y = ${x + y}，x − y = ${x - y < 0 ? `−${y - x}` : x - y} 的解是${CHOICE_BLANK}`,
        `x = ${x}，y = ${y}`,
        [`x = ${y}，y = ${x}`, `x = ${x + 1}，y = ${y - 1}`, `x = ${x + y}，y = 0`],
        '两式相加消去 y。',
      );
    },
  },
  {
    point: ['因式分解', '公式法'],
    make: (rnd) => {
      const a = rnd.int(2, 12);
      return fill(`分解因式：x² − ${a * a} = ____。`, [[`(x + ${a})(x − ${a})`, `(x+${a})(x-${a})`, `(x + ${a})(x - ${a})`]]);
    },
  },
  {
    point: ['勾股定理', '勾股定理'],
    family: true,
    make: (rnd) => {
      const [a, b, c] = rnd.pick(PYTHAGOREAN);
      const k = rnd.int(1, 3);
      return numericChoice(
        rnd,
        `直角三角形的两条直角边分别为 ${a * k} 和 ${b * k}，斜边长为${CHOICE_BLANK}`,
        String(c * k),
        [(a + b) * k, c * k + 1, (b + 1) * k].map(String),
        'a² + b² = c²。',
      );
    },
  },
  {
    point: ['一次函数', '一次函数的图象'],
    make: (rnd) => {
      const [k, b, m] = [rnd.int(-5, 5) || 2, rnd.int(-9, 9), rnd.int(-4, 6)];
      return fill(`一次函数 y = ${k}x ${b < 0 ? '−' : '+'} ${Math.abs(b)} 的图象经过点 (${m}, ____)。`, [[String(k * m + b)]]);
    },
  },
  {
    point: ['实数', '平方根'],
    make: (rnd) => {
      const n = rnd.int(2, 15);
      const truth = rnd.next() < 0.5;
      return judge(`${n * n} 的平方根是 ${truth ? '±' : ''}${n}。`, truth, `${n * n} 的平方根是 ±${n}，算术平方根是 ${n}。`);
    },
  },
  {
    point: ['三角形', '三角形的内角和'],
    make: (rnd) => {
      const [a, b] = [rnd.int(30, 80), rnd.int(30, 80)];
      return numericChoice(
        rnd,
        `在 △ABC 中，∠A = ${a}°，∠B = ${b}°，则 ∠C 的度数是${CHOICE_BLANK}`,
        `${180 - a - b}°`,
        [`${a + b}°`, `${180 - a}°`, `${90 - Math.abs(a - b)}°`],
        '三角形的内角和为 180°。',
      );
    },
  },
  {
    point: ['一元二次方程', '因式分解法'],
    make: (rnd) => {
      const [p, q] = [rnd.int(1, 9), rnd.int(1, 9)];
      if (p === q) return null;
      return essay(`解方程：x² − ${p + q}x + ${p * q} = 0，并写出解题过程。`, `(x − ${p})(x − ${q}) = 0，所以 x₁ = ${p}，x₂ = ${q}。`, 8);
    },
  },
  {
    point: ['数据的分析', '平均数与众数'],
    make: (rnd) => {
      const m = rnd.int(6, 9);
      const scores = [m, m + 1, m, m - 1, m + 2];
      const mean = (scores.reduce((s, x) => s + x, 0) / scores.length).toFixed(1);
      return material(`<p>某班 5 名同学一周的课外阅读时间（小时）分别为：${scores.join('，')}。</p>`, [
        { ...base, questionType: 4, stem: '这组数据的众数是 ____。', score: 2, blanks: [{ answers: [String(m)] }] },
        { ...base, questionType: 4, stem: '这组数据的平均数是 ____。', score: 2, blanks: [{ answers: [mean.replace(/\.0$/, ''), mean] }] },
        { ...base, questionType: 3, stem: `这组数据的中位数是 ${m}。`, score: 2, trueFalseAnswer: true },
      ]);
    },
  },
];

const ODD_FUNCTIONS = [
  ['y = x³', true],
  ['y = sin x', true],
  ['y = 1/x', true],
  ['y = x² + 1', false],
  ['y = cos x', false],
  ['y = 2ˣ', false],
  ['y = x + 1', false],
  ['y = −3x', true],
] as const;
const TRIG = [
  ['sin 30°', '1/2'],
  ['cos 60°', '1/2'],
  ['tan 45°', '1'],
  ['sin 90°', '1'],
  ['cos 0°', '1'],
  ['sin 0°', '0'],
  ['cos 90°', '0'],
] as const;

/** 高中数学: sets, functions, exponents and logarithms, sequences, trigonometry, vectors, derivatives, probability. */
const SENIOR_MATH: readonly Template[] = [
  {
    point: ['集合与常用逻辑用语', '集合的基本运算'],
    family: true,
    make: (rnd) => {
      const a = rnd.int(1, 5);
      const A = [a, a + 1, a + 2, a + 3];
      const B = [a + 2, a + 3, a + 4];
      return numericChoice(
        rnd,
        `已知集合 A = {${A.join(', ')}}，B = {${B.join(', ')}}，则 A ∩ B =${CHOICE_BLANK}`,
        `{${a + 2}, ${a + 3}}`,
        [`{${[...A, a + 4].join(', ')}}`, `{${a + 3}}`, `{${a}, ${a + 1}}`],
        '交集由两个集合的公共元素组成。',
      );
    },
  },
  {
    point: ['函数的概念与性质', '函数的奇偶性'],
    make: (rnd) => {
      const picks = distinct([rnd.int(0, 7), rnd.int(0, 7), rnd.int(0, 7), rnd.int(0, 7), rnd.int(0, 7)]).slice(0, 4);
      if (picks.length < 4 || picks.filter((k) => ODD_FUNCTIONS[k]![1]).length < 2) return null;
      return choice(
        '下列函数中，是奇函数的有',
        picks.map((k) => ODD_FUNCTIONS[k]![0]),
        picks.flatMap((k, i) => (ODD_FUNCTIONS[k]![1] ? [i] : [])),
        '奇函数满足 f(−x) = −f(x)。',
      );
    },
  },
  {
    point: ['一元二次函数、方程和不等式', '二次函数'],
    family: true,
    make: (rnd) => {
      const [h, k] = [rnd.int(-5, 5), rnd.int(-9, 9)];
      const b = -2 * h;
      const c = h * h + k;
      const poly = `y = x² ${b < 0 ? '−' : '+'} ${Math.abs(b)}x ${c < 0 ? '−' : '+'} ${Math.abs(c)}`;
      if (b === 0) return null;
      return numericChoice(
        rnd,
        `二次函数 ${poly} 图象的顶点坐标是${CHOICE_BLANK}`,
        `(${h}, ${k})`,
        [`(${-h}, ${k})`, `(${h}, ${-k})`, `(${b}, ${c})`],
        '配方：y = (x − h)² + k。',
      );
    },
  },
  {
    point: ['指数函数与对数函数', '对数的运算'],
    make: (rnd) => {
      const [base2, n] = [rnd.pick([2, 3, 5, 10]), rnd.int(2, 4)];
      return fill(`${base2 === 10 ? 'lg' : `log${sub(base2)}`} ${base2 ** n} = ____。`, [[String(n)]]);
    },
  },
  {
    point: ['数列', '等差数列'],
    family: true,
    make: (rnd) => {
      const [first, d, n] = [rnd.int(1, 20), rnd.int(2, 9), rnd.int(5, 20)];
      return fill(`等差数列 {aₙ} 中，a₁ = ${first}，公差 d = ${d}，则 a${sub(n)} = ____。`, [[String(first + (n - 1) * d)]]);
    },
  },
  {
    point: ['数列', '等比数列'],
    make: (rnd) => {
      const [first, q, n] = [rnd.int(1, 5), rnd.pick([2, 3]), rnd.int(3, 6)];
      return fill(`等比数列 {aₙ} 中，a₁ = ${first}，公比 q = ${q}，则前 ${n} 项和 S${sub(n)} = ____。`, [[String((first * (q ** n - 1)) / (q - 1))]]);
    },
  },
  {
    point: ['三角函数', '特殊角的三角函数值'],
    make: (rnd) => {
      const [name, value] = rnd.pick(TRIG);
      const truth = rnd.next() < 0.5;
      const shown = truth ? value : value === '1' ? '1/2' : value === '0' ? '1' : '√3/2';
      return judge(`${name} = ${shown}。`, truth || shown === value, `${name} = ${value}。`);
    },
  },
  {
    point: ['平面向量', '数量积'],
    family: true,
    make: (rnd) => {
      const [x1, y1, x2, y2] = [rnd.int(-5, 5), rnd.int(-5, 5), rnd.int(-5, 5), rnd.int(-5, 5)];
      return fill(`已知向量 a = (${x1}, ${y1})，b = (${x2}, ${y2})，则 a · b = ____。`, [[String(x1 * x2 + y1 * y2)]]);
    },
  },
  {
    point: ['导数及其应用', '导数的计算'],
    family: true,
    make: (rnd) => {
      const [a, b, x] = [rnd.int(2, 6), rnd.int(1, 9), rnd.int(1, 3)];
      const right = 2 * a * x + b;
      return numericChoice(
        rnd,
        `已知 f(x) = ${a}x² + ${b}x，则 f′(${x}) =${CHOICE_BLANK}`,
        String(right),
        [a * x * x + b * x, 2 * a + b, right + a].map(String),
        '(xⁿ)′ = nxⁿ⁻¹。',
      );
    },
  },
  {
    point: ['概率', '古典概型'],
    make: (rnd) => {
      const [red, white] = [rnd.int(2, 6), rnd.int(2, 6)];
      const g = gcd(red, red + white);
      return numericChoice(
        rnd,
        `袋中有 ${red} 个红球和 ${white} 个白球，从中任取 1 个，取到红球的概率是${CHOICE_BLANK}`,
        `${red / g}/${(red + white) / g}`,
        [`${white}/${red + white}`, `1/${red + white}`, `${red}/${white}`].filter((w) => w !== `${red / g}/${(red + white) / g}`),
        '古典概型：P = 所求事件包含的基本事件数 ÷ 基本事件总数。',
      );
    },
  },
  {
    point: ['一元二次函数、方程和不等式', '一元二次不等式'],
    make: (rnd) => {
      const [p, q] = [rnd.int(-5, 2), rnd.int(3, 8)];
      return essay(
        `解不等式：(x ${p < 0 ? '+' : '−'} ${Math.abs(p)})(x − ${q}) < 0。`,
        `对应方程的两根为 ${p} 和 ${q}，开口向上，所以解集为 {x | ${p} < x < ${q}}。`,
        8,
      );
    },
  },
  {
    point: ['数列', '数列的综合应用'],
    make: (rnd) => {
      const [first, d] = [rnd.int(2, 9), rnd.int(2, 5)];
      return material(`<p>某同学制订了背单词计划：第 1 天背 ${first} 个，以后每天比前一天多背 ${d} 个。</p>`, [
        { ...base, questionType: 4, stem: '第 10 天背 ____ 个单词。', score: 3, blanks: [{ answers: [String(first + 9 * d)] }] },
        { ...base, questionType: 3, stem: '每天背的单词数构成等差数列。', score: 2, trueFalseAnswer: true },
        {
          ...base,
          questionType: 5,
          stem: '前 10 天一共背了多少个单词？写出计算过程。',
          score: 5,
          referenceAnswer: `S₁₀ = 10 × ${first} + 10 × 9 ÷ 2 × ${d} = ${10 * first + 45 * d}（个）`,
        },
      ]);
    },
  },
];

const MATH_BY_LEVEL = [PRIMARY_MATH, JUNIOR_MATH, SENIOR_MATH] as const;

/** Mathematics of a stage (`level` 0 小学, 1 初中, 2 高中) from its templates in turn; a run of one family template is a sister family. */
function mathDrafts(rnd: Random, level: number, count: number, familyPrefix: string): Draft[] {
  const templates = MATH_BY_LEVEL[level] ?? JUNIOR_MATH;
  const out: Draft[] = [];
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const k = i % templates.length;
    const t = templates[k]!;
    const draft = t.make(rnd);
    if (!draft) continue;
    out.push({ ...at(t.point, draft), ...(t.family && { family: `${familyPrefix}-${k}-${Math.floor(i / (templates.length * 3))}` }) });
  }
  return out;
}

/** 语文: poem lines, authors and idioms. */
const POEMS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['静夜思', '李白', '举头望明月', '低头思故乡'],
  ['登鹳雀楼', '王之涣', '欲穷千里目', '更上一层楼'],
  ['春晓', '孟浩然', '夜来风雨声', '花落知多少'],
  ['悯农', '李绅', '谁知盘中餐', '粒粒皆辛苦'],
  ['望庐山瀑布', '李白', '飞流直下三千尺', '疑是银河落九天'],
  ['赠汪伦', '李白', '桃花潭水深千尺', '不及汪伦送我情'],
  ['江雪', '柳宗元', '孤舟蓑笠翁', '独钓寒江雪'],
  ['咏柳', '贺知章', '不知细叶谁裁出', '二月春风似剪刀'],
  ['游子吟', '孟郊', '谁言寸草心', '报得三春晖'],
  ['望岳', '杜甫', '会当凌绝顶', '一览众山小'],
  ['春望', '杜甫', '烽火连三月', '家书抵万金'],
  ['登高', '杜甫', '无边落木萧萧下', '不尽长江滚滚来'],
  ['黄鹤楼送孟浩然之广陵', '李白', '孤帆远影碧空尽', '唯见长江天际流'],
  ['送元二使安西', '王维', '劝君更尽一杯酒', '西出阳关无故人'],
  ['九月九日忆山东兄弟', '王维', '独在异乡为异客', '每逢佳节倍思亲'],
  ['使至塞上', '王维', '大漠孤烟直', '长河落日圆'],
  ['钱塘湖春行', '白居易', '乱花渐欲迷人眼', '浅草才能没马蹄'],
  ['赋得古原草送别', '白居易', '野火烧不尽', '春风吹又生'],
  ['泊船瓜洲', '王安石', '春风又绿江南岸', '明月何时照我还'],
  ['题西林壁', '苏轼', '不识庐山真面目', '只缘身在此山中'],
  ['水调歌头', '苏轼', '但愿人长久', '千里共婵娟'],
  ['饮湖上初晴后雨', '苏轼', '欲把西湖比西子', '淡妆浓抹总相宜'],
  ['游山西村', '陆游', '山重水复疑无路', '柳暗花明又一村'],
  ['示儿', '陆游', '王师北定中原日', '家祭无忘告乃翁'],
  ['过零丁洋', '文天祥', '人生自古谁无死', '留取丹心照汗青'],
  ['观书有感', '朱熹', '问渠那得清如许', '为有源头活水来'],
  ['夜雨寄北', '李商隐', '何当共剪西窗烛', '却话巴山夜雨时'],
  ['无题', '李商隐', '春蚕到死丝方尽', '蜡炬成灰泪始干'],
  ['出塞', '王昌龄', '但使龙城飞将在', '不教胡马度阴山'],
  ['凉州词', '王翰', '醉卧沙场君莫笑', '古来征战几人回'],
  ['山行', '杜牧', '停车坐爱枫林晚', '霜叶红于二月花'],
  ['清明', '杜牧', '借问酒家何处有', '牧童遥指杏花村'],
  ['己亥杂诗', '龚自珍', '落红不是无情物', '化作春泥更护花'],
  ['石灰吟', '于谦', '粉骨碎身浑不怕', '要留清白在人间'],
  ['竹石', '郑燮', '千磨万击还坚劲', '任尔东西南北风'],
  ['行路难', '李白', '长风破浪会有时', '直挂云帆济沧海'],
  ['酬乐天扬州初逢席上见赠', '刘禹锡', '沉舟侧畔千帆过', '病树前头万木春'],
  ['望洞庭', '刘禹锡', '遥望洞庭山水翠', '白银盘里一青螺'],
  ['次北固山下', '王湾', '海日生残夜', '江春入旧年'],
  ['送杜少府之任蜀州', '王勃', '海内存知己', '天涯若比邻'],
];
const POETS = distinct(POEMS.map((p) => p[1]));
const IDIOMS: ReadonlyArray<readonly [string, string]> = [
  ['画蛇添足', '做了多余的事，反而不恰当'],
  ['守株待兔', '死守狭隘经验，不知变通'],
  ['亡羊补牢', '出了问题以后及时补救'],
  ['刻舟求剑', '拘泥成例，不懂变化'],
  ['掩耳盗铃', '自己欺骗自己'],
  ['井底之蛙', '见识狭隘的人'],
  ['拔苗助长', '违反规律，急于求成，反而坏事'],
  ['对牛弹琴', '说话不看对象'],
  ['杯弓蛇影', '疑神疑鬼，自相惊扰'],
  ['纸上谈兵', '空谈理论，不能解决实际问题'],
  ['卧薪尝胆', '刻苦自励，发奋图强'],
  ['破釜沉舟', '下定决心，不留退路'],
  ['望梅止渴', '用空想安慰自己'],
  ['完璧归赵', '原物完好地归还原主'],
  ['负荆请罪', '主动向人认错赔罪'],
  ['闻鸡起舞', '有志者及时奋发'],
];
const IDIOM_MEANINGS = IDIOMS.map((i) => i[1]);

function chineseDrafts(rnd: Random, count: number, offset: number): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const poem = POEMS[(i + offset) % POEMS.length]!;
    const [title, poet, first, second] = poem;
    const idiom = IDIOMS[(i + offset) % IDIOMS.length]!;
    switch (i % 6) {
      case 0:
        out.push(at(['古诗词', '名句默写'], fill(`${first}，____。（${poet}《${title}》）`, [[second]])));
        break;
      case 1:
        out.push(at(['古诗词', '名句默写'], fill(`____，${second}。（${poet}《${title}》）`, [[first]])));
        break;
      case 2:
        out.push(
          at(
            ['古诗词', '作家作品'],
            numericChoice(rnd, `“${first}，${second}”的作者是？`, poet, POETS.filter((p) => p !== poet).slice((i * 3) % 8, ((i * 3) % 8) + 3)),
          ),
        );
        break;
      case 3: {
        const truth = rnd.next() < 0.5;
        const named = truth ? poet : POETS.filter((p) => p !== poet)[(i + offset) % (POETS.length - 1)]!;
        out.push(at(['古诗词', '作家作品'], judge(`《${title}》的作者是${named}。`, truth, `《${title}》的作者是${poet}。`)));
        break;
      }
      case 4:
        out.push(
          at(
            ['词语积累', '成语'],
            numericChoice(
              rnd,
              `成语“${idiom[0]}”的意思是？`,
              idiom[1],
              IDIOM_MEANINGS.filter((m) => m !== idiom[1]).slice((i * 5) % 12, ((i * 5) % 12) + 3),
            ),
          ),
        );
        break;
      case 5:
        out.push(
          at(
            ['古诗词', '诗词鉴赏'],
            essay(`赏析“${first}，${second}”一句的妙处。`, `结合《${title}》的意境，从用词、修辞与情感三方面作答，言之成理即可。`, 8),
          ),
        );
        break;
    }
  }
  return out;
}

/** 英语: vocabulary and verb forms. */
const WORDS: ReadonlyArray<readonly [string, string]> = [
  ['library', '图书馆'],
  ['hospital', '医院'],
  ['museum', '博物馆'],
  ['station', '车站'],
  ['airport', '机场'],
  ['village', '村庄'],
  ['weather', '天气'],
  ['season', '季节'],
  ['festival', '节日'],
  ['holiday', '假期'],
  ['weekend', '周末'],
  ['subject', '科目'],
  ['science', '科学'],
  ['history', '历史'],
  ['geography', '地理'],
  ['biology', '生物'],
  ['music', '音乐'],
  ['dictionary', '词典'],
  ['umbrella', '雨伞'],
  ['breakfast', '早餐'],
  ['vegetable', '蔬菜'],
  ['medicine', '药'],
  ['exercise', '锻炼'],
  ['environment', '环境'],
  ['pollution', '污染'],
  ['invention', '发明'],
  ['experience', '经历'],
  ['knowledge', '知识'],
  ['culture', '文化'],
  ['tradition', '传统'],
  ['government', '政府'],
  ['population', '人口'],
  ['friendship', '友谊'],
  ['success', '成功'],
  ['opinion', '观点'],
  ['challenge', '挑战'],
];
const MEANINGS = WORDS.map((w) => w[1]);
const VERBS: ReadonlyArray<readonly [string, string, string]> = [
  ['go', 'went', 'gone'],
  ['see', 'saw', 'seen'],
  ['eat', 'ate', 'eaten'],
  ['take', 'took', 'taken'],
  ['write', 'wrote', 'written'],
  ['buy', 'bought', 'bought'],
  ['think', 'thought', 'thought'],
  ['teach', 'taught', 'taught'],
  ['catch', 'caught', 'caught'],
  ['swim', 'swam', 'swum'],
  ['begin', 'began', 'begun'],
  ['drink', 'drank', 'drunk'],
  ['speak', 'spoke', 'spoken'],
  ['break', 'broke', 'broken'],
  ['choose', 'chose', 'chosen'],
  ['forget', 'forgot', 'forgotten'],
  ['give', 'gave', 'given'],
  ['know', 'knew', 'known'],
  ['fly', 'flew', 'flown'],
  ['grow', 'grew', 'grown'],
];
const SUBJECTS_EN = ['Tom', 'Lucy', 'My father', 'Our teacher', 'The children', 'We', 'They', 'Li Lei'];
const WHEN_PAST = ['yesterday', 'last week', 'two days ago', 'last Sunday', 'in 2020'];

function englishDrafts(rnd: Random, count: number, offset: number): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const [word, meaning] = WORDS[(i + offset) % WORDS.length]!;
    const [verb, past, participle] = VERBS[(i + offset) % VERBS.length]!;
    const who = SUBJECTS_EN[(i + offset) % SUBJECTS_EN.length]!;
    switch (i % 5) {
      case 0:
        out.push(
          at(
            ['词汇', '词义辨析'],
            numericChoice(
              rnd,
              `The Chinese meaning of “${word}” is ____.`,
              meaning,
              MEANINGS.filter((m) => m !== meaning).slice((i * 7) % 30, ((i * 7) % 30) + 3),
            ),
          ),
        );
        break;
      case 1:
        out.push(at(['词汇', '单词拼写'], fill(`根据中文写出单词：${meaning} ____`, [[word]])));
        break;
      case 2:
        out.push({
          ...at(['语法', '一般过去时'], fill(`${who} ____ (${verb}) to the park ${WHEN_PAST[i % WHEN_PAST.length]}.`, [[past]])),
          family: `en-past-${verb}`,
        });
        break;
      case 3: {
        const truth = rnd.next() < 0.5;
        out.push(
          at(
            ['语法', '动词的过去分词'],
            judge(`The past participle of “${verb}” is “${truth ? participle : `${verb}ed`}”.`, truth, `${verb} — ${past} — ${participle}`),
          ),
        );
        break;
      }
      case 4:
        out.push(
          at(
            ['语法', '现在完成时'],
            numericChoice(rnd, `${who} ${/^(We|They|The children)$/.test(who) ? 'have' : 'has'} already ____ it.`, participle, [
              verb,
              past === participle ? `${verb}s` : past,
              `${verb}ing`,
            ]),
          ),
        );
        break;
    }
  }
  return out;
}

/** 物理: formula problems with seeded numbers; every run of one formula is a sister family. */
function physicsDrafts(rnd: Random, count: number, familyPrefix: string): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; out.length < count; i++) {
    const family = `${familyPrefix}-${i % 6}-${Math.floor(i / 18)}`;
    switch (i % 6) {
      case 0: {
        const t = rnd.int(2, 20);
        const v = rnd.int(2, 30);
        out.push({
          ...at(
            ['机械运动', '速度'],
            numericChoice(
              rnd,
              `一辆小车 ${t} s 内匀速行驶了 ${v * t} m，它的速度是多少？`,
              `${v} m/s`,
              [`${v * t * t} m/s`, `${v + t} m/s`, `${v * 2} m/s`],
              'v = s / t。',
            ),
          ),
          family,
        });
        break;
      }
      case 1: {
        const V = rnd.int(2, 50) * 10;
        const rho = rnd.pick([1, 2.7, 7.9, 0.8, 8.9]);
        out.push({
          ...at(
            ['质量与密度', '密度'],
            fill(`一块体积为 ${V} cm³ 的物体，质量为 ${Math.round(rho * V * 10) / 10} g，它的密度是 ____ g/cm³。`, [[String(rho)]]),
          ),
          family,
        });
        break;
      }
      case 2: {
        const R = rnd.int(2, 50);
        const I = rnd.pick([0.1, 0.2, 0.5, 1, 2]);
        out.push({
          ...at(
            ['欧姆定律', '欧姆定律的应用'],
            numericChoice(
              rnd,
              `一个 ${R} Ω 的电阻中通过的电流为 ${I} A，它两端的电压是多少？`,
              `${num(R * I)} V`,
              [`${num(R + I)} V`, `${num(R / I)} V`, `${num(R * I * 2)} V`],
              'U = IR。',
            ),
          ),
          family,
        });
        break;
      }
      case 3: {
        const m = rnd.int(1, 60);
        out.push(at(['力', '重力'], fill(`质量为 ${m} kg 的物体受到的重力是 ____ N（g 取 10 N/kg）。`, [[String(m * 10)]])));
        break;
      }
      case 4: {
        const F = rnd.int(10, 200);
        const S = rnd.pick([0.01, 0.02, 0.05, 0.1, 0.5]);
        out.push(at(['压强', '固体压强'], judge(`${F} N 的压力作用在 ${S} m² 的面积上，压强是 ${Math.round(F / S)} Pa。`, true, 'p = F / S。')));
        break;
      }
      case 5: {
        const F = rnd.int(10, 100);
        const s = rnd.int(2, 20);
        const t = rnd.int(2, 10);
        out.push(
          at(
            ['功和机械能', '功率'],
            essay(
              `用 ${F} N 的水平拉力使物体沿力的方向移动 ${s} m，用时 ${t} s。求拉力做的功和功率。`,
              `W = Fs = ${F * s} J；P = W / t = ${Math.round((F * s * 10) / t) / 10} W。`,
              8,
            ),
          ),
        );
        break;
      }
    }
  }
  return out;
}

/** 化学: elements and relative molecular masses. */
const ELEMENTS: ReadonlyArray<readonly [string, string, number]> = [
  ['氢', 'H', 1],
  ['氦', 'He', 2],
  ['碳', 'C', 6],
  ['氮', 'N', 7],
  ['氧', 'O', 8],
  ['氟', 'F', 9],
  ['钠', 'Na', 11],
  ['镁', 'Mg', 12],
  ['铝', 'Al', 13],
  ['硅', 'Si', 14],
  ['磷', 'P', 15],
  ['硫', 'S', 16],
  ['氯', 'Cl', 17],
  ['钾', 'K', 19],
  ['钙', 'Ca', 20],
  ['铁', 'Fe', 26],
  ['铜', 'Cu', 29],
  ['锌', 'Zn', 30],
  ['银', 'Ag', 47],
  ['碘', 'I', 53],
];
const COMPOUNDS: ReadonlyArray<readonly [string, string, number]> = [
  ['水', 'H₂O', 18],
  ['二氧化碳', 'CO₂', 44],
  ['氯化钠', 'NaCl', 58.5],
  ['碳酸钙', 'CaCO₃', 100],
  ['氢氧化钠', 'NaOH', 40],
  ['硫酸', 'H₂SO₄', 98],
  ['氨气', 'NH₃', 17],
  ['甲烷', 'CH₄', 16],
  ['氧化铁', 'Fe₂O₃', 160],
  ['氧化铜', 'CuO', 80],
  ['盐酸（氯化氢）', 'HCl', 36.5],
  ['过氧化氢', 'H₂O₂', 34],
];

function chemistryDrafts(rnd: Random, count: number, offset: number): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const [name, symbol, z] = ELEMENTS[(i + offset) % ELEMENTS.length]!;
    const [cName, formula, mass] = COMPOUNDS[(i + offset) % COMPOUNDS.length]!;
    switch (i % 5) {
      case 0:
        out.push(
          at(
            ['物质构成的奥秘', '元素符号'],
            numericChoice(
              rnd,
              `元素“${name}”的元素符号是？`,
              symbol,
              ELEMENTS.filter((e) => e[1] !== symbol)
                .slice((i * 3) % 16, ((i * 3) % 16) + 3)
                .map((e) => e[1]),
            ),
          ),
        );
        break;
      case 1:
        out.push(at(['物质构成的奥秘', '原子结构'], fill(`${name}原子的核电荷数是 ____，核外电子数是 ____。`, [[String(z)], [String(z)]])));
        break;
      case 2:
        out.push({
          ...at(
            ['化学式与化合价', '相对分子质量'],
            numericChoice(rnd, `${cName}（${formula}）的相对分子质量是？`, String(mass), [mass + 2, mass * 2, mass - 1].map(String)),
          ),
          family: `chem-mass-${Math.floor((i + offset) / 15) % 4}`,
        });
        break;
      case 3: {
        const truth = rnd.next() < 0.5;
        out.push(
          at(
            ['化学式与化合价', '化学式'],
            judge(
              `${cName}的化学式是 ${truth ? formula : formula.replace(/₂|₃|₄/, '')}。`,
              truth || formula.replace(/₂|₃|₄/, '') === formula,
              `${cName}的化学式是 ${formula}。`,
            ),
          ),
        );
        break;
      }
      case 4:
        out.push(
          at(
            ['化学式与化合价', '化学式'],
            fill(`${cName}的化学式是 ____。`, [[formula, formula.replace(/₂/g, '2').replace(/₃/g, '3').replace(/₄/g, '4')]]),
          ),
        );
        break;
    }
  }
  return out;
}

/** Generated questions of one leaf category, on top of the fixed pool of its subject. */
function generated(subject: string, rnd: Random, level: number, count: number, key: string, offset: number): Draft[] {
  switch (subject) {
    case '数学':
      return mathDrafts(rnd, level, count, key);
    case '语文':
      return chineseDrafts(rnd, count, offset);
    case '英语':
      return englishDrafts(rnd, count, offset);
    case '物理':
      return physicsDrafts(rnd, count, key);
    case '化学':
      return chemistryDrafts(rnd, count, offset);
    default:
      return [];
  }
}

/** Generated questions per leaf category by subject: numbers make math and physics unbounded; the word and poem pools are not. */
const PER_LEAF: Readonly<Record<string, number>> = { 数学: 330, 物理: 280 };
const PER_LEAF_DEFAULT = 160;

interface PlannedQuestion {
  categoryId: number;
  level: number;
  draft: Draft;
  fingerprint: string;
  stem: string;
}

export async function seedQuestionBank(prisma: PrismaClient, tenantId: number, now = new Date()): Promise<number> {
  if ((await prisma.testQuestion.count({ where: { tenantId } })) > 0) return 0;
  const rnd = createRandom(20261123);
  const cats = await prisma.multiLevelCategory.findMany({
    where: { tenantId, classTypeId: QUESTION_CLASS, isDeleted: false },
    select: { id: true, parentId: true, name: true },
  });
  const parents = new Set(cats.map((c) => c.parentId));
  const leaves = cats.filter((c) => !parents.has(c.id));
  if (!leaves.length) return 0;
  const levelOf = (leaf: { parentId: number | null }) => ['小学', '初中', '高中'].indexOf(cats.find((c) => c.id === leaf.parentId)?.name ?? '');
  const users = await prisma.user.findMany({
    where: { tenantId, userName: { in: [...AUTHORS, ...REVIEWERS] } },
    select: { id: true, userName: true },
  });
  const userId = (name: string) => users.find((u) => u.userName === name)?.id ?? null;

  // Each fixed pool is spread over its subject's categories, every item once; each leaf adds generated questions. No duplicates.
  const bySubject = new Map<string, typeof leaves>();
  for (const leaf of leaves) bySubject.set(leaf.name, [...(bySubject.get(leaf.name) ?? []), leaf]);
  const planned: PlannedQuestion[] = [];
  const seen = new Set<string>();
  const plan = (categoryId: number, level: number, draft: Draft): boolean => {
    const stem = draft.stem.startsWith('<') ? draft.stem : `<p>${draft.stem}</p>`;
    const fingerprint = questionFingerprint({ stem, options: draft.options, subQuestions: draft.subQuestions ?? [] });
    if (seen.has(fingerprint)) return false;
    seen.add(fingerprint);
    planned.push({ categoryId, level, draft, fingerprint, stem });
    return true;
  };
  for (const [subject, subjectLeaves] of bySubject) {
    (POOLS[subject] ?? []).forEach((draft, i) => {
      const leaf = subjectLeaves[i % subjectLeaves.length]!;
      plan(leaf.id, levelOf(leaf), draft);
    });
    subjectLeaves.forEach((leaf, k) => {
      const quota = PER_LEAF[subject] ?? PER_LEAF_DEFAULT;
      let added = 0;
      // Three times the quota is drawn: drafts that repeat one already planned (here or in another leaf) are skipped.
      for (const draft of generated(subject, rnd, levelOf(leaf), quota * 3, `${subject}${leaf.id}`, k * 7)) {
        if (added === quota) break;
        if (plan(leaf.id, levelOf(leaf), draft)) added++;
      }
    });
  }

  // Written in a seeded shuffle, not leaf by leaf: the newest ids (the list's first page) mix subjects, stages and types.
  for (let k = planned.length - 1; k > 0; k--) {
    const j = rnd.int(0, k);
    [planned[k], planned[j]] = [planned[j]!, planned[k]!];
  }

  let created = 0;
  await prisma.$transaction(
    async (tx) => {
      const chapters = await seedKnowledgePoints(tx, tenantId, planned, userId('admin'), now);
      const rows = planned.map(({ categoryId, level, draft, fingerprint, stem }, i) => {
        const creationTime = new Date(now.getTime() - (60 - (i % 60)) * DAY_MS - (i % 24) * 3_600_000);
        // Review states in turn: approved, approved, pending at 初审, rejected, approved, pending at 复审, approved.
        const state = [1, 1, 0, 2, 1, 0, 1][i % 7]!;
        const reviewed = state !== 0 || i % 7 === 5;
        const subs = draft.subQuestions ?? [];
        return {
          tenantId,
          questionType: draft.questionType,
          title: stem.replace(/<[^>]*>/g, '').slice(0, 100),
          stem,
          analysis: draft.analysis ? `<p>${draft.analysis}</p>` : null,
          difficulty: [2, 1, 2, 3, 2][i % 5]!,
          score: draft.score,
          categoryId,
          chapterTypeId: draft.point ? (chapters.get(`${categoryId}|${draft.point[0]}|${draft.point[1]}`) ?? null) : null,
          isUniversity: level === 2 && i % 10 === 0,
          isShow: i % 9 !== 4,
          trueFalseAnswer: draft.trueFalseAnswer,
          blanksJson: draft.blanks ? JSON.stringify(draft.blanks) : null,
          referenceAnswer: draft.referenceAnswer,
          subQuestionsJson: subs.length
            ? JSON.stringify(subs.map((s) => ({ ...s, options: s.options.map((o, k) => ({ label: 'ABCDEFGHIJ'[k], ...o })) })))
            : null,
          fingerprint,
          auditStatus: state,
          reviewStep: state === 0 ? (i % 7 === 5 ? 1 : 0) : state === 1 ? 1 : 0,
          auditorUserId: reviewed ? userId(REVIEWERS[i % REVIEWERS.length]!) : null,
          auditTime: reviewed ? new Date(creationTime.getTime() + DAY_MS) : null,
          auditReason: state === 2 ? '答案有误，请核对后重新提交。' : null,
          creatorUserId: userId(AUTHORS[i % AUTHORS.length]!),
          creationTime,
        };
      });
      // Compiled multi-row INSERTs keep a first start quick (Prisma's createMany spent about 3 s on these and the options);
      // fingerprints are unique in the plan, so they key the ids.
      const ids = new Map<string, number>();
      const made =
        insertRows(prisma, 'TestQuestion', rows, ['id', 'fingerprint']) ??
        (await tx.testQuestion.createManyAndReturn({ data: rows, select: { id: true, fingerprint: true } }));
      for (const m of made) ids.set(m.fingerprint as string, m.id as number);
      const options = planned.flatMap((p, i) =>
        p.draft.options.map((o, sort) => ({
          tenantId,
          questionId: ids.get(p.fingerprint)!,
          sort,
          content: o.content,
          isCorrect: o.isCorrect,
          creationTime: rows[i]!.creationTime,
        })),
      );
      if (!insertRows(prisma, 'TestQuestionOption', options)) await tx.testQuestionOption.createMany({ data: options });
      // Sister families: the first question of a family names it; a family needs two members.
      const families = new Map<string, number[]>();
      for (const p of planned)
        if (p.draft.family)
          families.set(`${p.categoryId}|${p.draft.family}`, [...(families.get(`${p.categoryId}|${p.draft.family}`) ?? []), ids.get(p.fingerprint)!]);
      for (const members of families.values())
        if (members.length >= 2) await tx.testQuestion.updateMany({ where: { id: { in: members } }, data: { sisterGroupId: Math.min(...members) } });
      created = rows.length;
    },
    { timeout: 120_000 },
  );
  return created;
}

/** The chapter tree (chapter → section) of each question category, from the knowledge points its questions use: `categoryId|chapter|section` → section id. */
async function seedKnowledgePoints(
  tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0],
  tenantId: number,
  planned: readonly PlannedQuestion[],
  creatorUserId: number | null,
  now: Date,
): Promise<Map<string, number>> {
  const byCategory = new Map<number, Map<string, Set<string>>>();
  for (const { categoryId, draft } of planned) {
    if (!draft.point) continue;
    const tree = byCategory.get(categoryId) ?? new Map<string, Set<string>>();
    tree.set(draft.point[0], (tree.get(draft.point[0]) ?? new Set()).add(draft.point[1]));
    byCategory.set(categoryId, tree);
  }
  const ids = new Map<string, number>();
  let written = 0;
  for (const [categoryId, tree] of byCategory)
    for (const [i, [chapter, sections]] of [...tree].entries()) {
      // Set up before the bank, a few minutes apart.
      const creationTime = new Date(now.getTime() - 61 * DAY_MS + (written++ % 120) * 4 * 60_000);
      const parent = await tx.chapterType.create({ data: { tenantId, categoryId, name: chapter, sort: i + 1, creatorUserId, creationTime } });
      for (const [j, section] of [...sections].entries()) {
        const row = await tx.chapterType.create({
          data: { tenantId, categoryId, parentId: parent.id, name: section, sort: j + 1, creatorUserId, creationTime },
        });
        ids.set(`${categoryId}|${chapter}|${section}`, row.id);
      }
    }
  return ids;
}
