/**
 * The question bank of tenant Default: a few hundred questions over the
 * question categories (class type 3: 小学 / 初中 / 高中 × subjects), every
 * type (单选, 多选, 判断, 填空, 简答, 材料), every difficulty, every review
 * state (pending at 初审 and at 复审, approved, rejected with a reason), some
 * hidden, some in the university bank, and sister families of math questions.
 * Mathematics is generated from templates with seeded numbers; the other
 * subjects come from fixed pools, each item used once per subject.
 * Idempotent (skips when the tenant has questions) and deterministic.
 */
import { questionFingerprint } from '@edu/sdk';
import type { PrismaClient } from '../generated/prisma/client.ts';
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
type Draft = Sub & { subQuestions?: Sub[]; family?: string };

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
    choice('“三顾茅庐”说的是哪位历史人物？', ['刘备', '曹操', '孙权', '关羽'], [0]),
    choice('《论语》是哪一学派的经典？', ['儒家', '道家', '法家', '墨家'], [0]),
    choice('下列哪部作品是鲁迅的小说集？', ['《呐喊》', '《繁星》', '《女神》', '《子夜》'], [0]),
    choice('“但愿人长久，千里共婵娟”出自谁的作品？', ['苏轼', '李清照', '辛弃疾', '柳永'], [0]),
    choice('下列属于“唐宋八大家”的有', ['韩愈', '柳宗元', '苏轼', '李白'], [0, 1, 2]),
    choice('下列作品属于中国古典四大名著的有', ['《红楼梦》', '《水浒传》', '《聊斋志异》', '《西游记》'], [0, 1, 3]),
    choice('下列诗人属于唐代的有', ['杜甫', '王维', '陆游', '白居易'], [0, 1, 3]),
    judge('《岳阳楼记》的作者是范仲淹。', true),
    judge('“床前明月光”出自杜甫的诗。', false, '出自李白《静夜思》。'),
    judge('《红楼梦》的作者是曹雪芹。', true),
    judge('比喻和拟人是同一种修辞手法。', false),
    fill('床前明月光，____。', [['疑是地上霜']]),
    fill('____，处处闻啼鸟。', [['春眠不觉晓']]),
    fill('海内存知己，____。', [['天涯若比邻']]),
    fill('学而时习之，____？有朋自远方来，____？', [['不亦说乎', '不亦悦乎'], ['不亦乐乎']]),
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
const distinct = (xs: number[]) => [...new Set(xs)];

/** Math questions with seeded numbers; `level` 0..2 scales them. */
function mathDrafts(rnd: Random, level: number, count: number, familyPrefix: string): Draft[] {
  const out: Draft[] = [];
  const max = [20, 100, 1000][level] ?? 100;
  for (let i = 0; out.length < count; i++) {
    const a = rnd.int(2, max);
    const b = rnd.int(2, 12);
    const c = rnd.int(2, 12);
    switch (i % 8) {
      case 0:
      case 1: {
        // Three sisters per template run: same knowledge point, other numbers.
        const family = `${familyPrefix}-${Math.floor(i / 8)}`;
        const right = a + b * c;
        const wrong = distinct([(a + b) * c, a + b + c, a * b + c, right + 1])
          .filter((x) => x !== right)
          .slice(0, 3);
        const options = [right, ...wrong].map(String);
        const order = rnd.int(0, 3);
        const rotated = [...options.slice(order), ...options.slice(0, order)];
        out.push({
          ...choice(`计算：${a} + ${b} × ${c} = ？`, rotated, [rotated.indexOf(String(right))], '先乘除，后加减。'),
          family: i % 16 < 2 ? family : undefined,
        });
        break;
      }
      case 2: {
        const nums = distinct([
          rnd.pick([2, 3, 5, 7, 11, 13, 17, 19, 23, 29]),
          rnd.pick([31, 37, 41, 43, 47]),
          rnd.int(4, 9) * 2,
          rnd.int(3, 9) * 9,
        ]).slice(0, 4);
        if (nums.filter(isPrime).length < 2 || nums.length < 4) continue;
        out.push(
          choice(
            '下列各数中，是质数的有',
            nums.map(String),
            nums.flatMap((n, k) => (isPrime(n) ? [k] : [])),
          ),
        );
        break;
      }
      case 3:
        out.push(judge(`${a * b} 是偶数。`, (a * b) % 2 === 0));
        break;
      case 4: {
        const x = rnd.int(1, 9 + level * 10);
        out.push(fill(`若 ${b}x + ${a} = ${b * x + a}，则 x = ____。`, [[String(x)]]));
        break;
      }
      case 5:
        out.push(fill(`${a} 和 ${b} 的最小公倍数是 ____，最大公约数是 ____。`, [[String(lcm(a, b))], [String(gcd(a, b))]]));
        break;
      case 6: {
        const x = rnd.int(1, 20);
        out.push(essay(`解方程：${b}x − ${c} = ${b * x - c}，并写出解题过程。`, `移项得 ${b}x = ${b * x}，系数化为 1 得 x = ${x}。`, 6));
        break;
      }
      case 7: {
        const price = rnd.int(3, 20);
        const n = rnd.int(2, 9);
        out.push(
          material(`<p>某文具店一支钢笔售价 ${price} 元，小明买了 ${n} 支，付给售货员 100 元。</p>`, [
            { ...base, questionType: 4, stem: '小明一共要付 ____ 元。', score: 2, blanks: [{ answers: [String(price * n)] }] },
            { ...base, questionType: 3, stem: `售货员应找回 ${100 - price * n} 元。`, score: 2, trueFalseAnswer: true },
            {
              ...base,
              questionType: 5,
              stem: '如果钢笔打八折，小明可以少付多少元？写出算式。',
              score: 4,
              referenceAnswer: `${price * n} × (1 − 0.8) = ${(price * n * 0.2).toFixed(1)}（元）`,
            },
          ]),
        );
        break;
      }
    }
  }
  return out;
}
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

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

  // Each non-math pool is spread over its subject's categories, every item once.
  const bySubject = new Map<string, typeof leaves>();
  for (const leaf of leaves) bySubject.set(leaf.name, [...(bySubject.get(leaf.name) ?? []), leaf]);
  const planned: Array<{ categoryId: number; level: number; draft: Draft }> = [];
  for (const [subject, subjectLeaves] of bySubject) {
    if (subject === '数学') {
      for (const leaf of subjectLeaves)
        for (const draft of mathDrafts(rnd, levelOf(leaf), 56, `m${leaf.id}`)) planned.push({ categoryId: leaf.id, level: levelOf(leaf), draft });
      continue;
    }
    (POOLS[subject] ?? []).forEach((draft, i) => {
      const leaf = subjectLeaves[i % subjectLeaves.length]!;
      planned.push({ categoryId: leaf.id, level: levelOf(leaf), draft });
    });
  }

  let created = 0;
  await prisma.$transaction(
    async (tx) => {
      const families = new Map<string, number>();
      for (const [i, { categoryId, level, draft }] of planned.entries()) {
        const creationTime = new Date(now.getTime() - (60 - (i % 60)) * DAY_MS - (i % 24) * 3_600_000);
        // Review states in turn: approved, approved, pending at 初审, rejected, approved, pending at 复审, approved.
        const state = [1, 1, 0, 2, 1, 0, 1][i % 7]!;
        const reviewed = state !== 0 || i % 7 === 5;
        const subs = draft.subQuestions ?? [];
        const stem = draft.stem.startsWith('<') ? draft.stem : `<p>${draft.stem}</p>`;
        const row = await tx.testQuestion.create({
          data: {
            tenantId,
            questionType: draft.questionType,
            title: stem.replace(/<[^>]*>/g, '').slice(0, 100),
            stem,
            analysis: draft.analysis ? `<p>${draft.analysis}</p>` : null,
            difficulty: [2, 1, 2, 3, 2][i % 5]!,
            score: draft.score,
            categoryId,
            isUniversity: level === 2 && i % 10 === 0,
            isShow: i % 9 !== 4,
            trueFalseAnswer: draft.trueFalseAnswer,
            blanksJson: draft.blanks ? JSON.stringify(draft.blanks) : null,
            referenceAnswer: draft.referenceAnswer,
            subQuestionsJson: subs.length
              ? JSON.stringify(
                  subs.map((s) => ({
                    ...s,
                    stem: s.stem,
                    options: s.options.map((o, k) => ({ label: 'ABCDEFGHIJ'[k], ...o })),
                  })),
                )
              : null,
            fingerprint: questionFingerprint({ stem, options: draft.options, subQuestions: subs }),
            auditStatus: state,
            reviewStep: state === 0 ? (i % 7 === 5 ? 1 : 0) : state === 1 ? 1 : 0,
            auditorUserId: reviewed ? userId(REVIEWERS[i % REVIEWERS.length]!) : null,
            auditTime: reviewed ? new Date(creationTime.getTime() + 86_400_000) : null,
            auditReason: state === 2 ? '答案有误，请核对后重新提交。' : null,
            creatorUserId: userId(AUTHORS[i % AUTHORS.length]!),
            creationTime,
          },
          select: { id: true },
        });
        if (draft.options.length)
          await tx.testQuestionOption.createMany({
            data: draft.options.map((o, sort) => ({ tenantId, questionId: row.id, sort, content: o.content, isCorrect: o.isCorrect, creationTime })),
          });
        if (draft.family) {
          const group = families.get(draft.family) ?? row.id;
          families.set(draft.family, group);
          await tx.testQuestion.update({ where: { id: row.id }, data: { sisterGroupId: group } });
          if (group !== row.id) await tx.testQuestion.update({ where: { id: group }, data: { sisterGroupId: group } });
        }
        created++;
      }
    },
    { timeout: 120_000 },
  );
  return created;
}
