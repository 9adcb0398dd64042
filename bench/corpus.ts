/**
 * Realistic Chinese article text for the benchmark database, deterministic
 * (seeded): titles as a school's news and teaching notes read, summaries,
 * keywords and HTML bodies of about 1.5 kB, some of 200 kB.
 */

/** A word in exactly one title of the grown table: the keyword case with one match. */
export const UNIQUE_WORD = '量子纠缠';
/** A two-character and a one-character keyword, both common in the titles. */
export const TWO_CHAR_WORD = '物理';
export const ONE_CHAR_WORD = '诗';

const GRADES = ['七年级', '八年级', '九年级', '高一', '高二', '高三', '小学三年级', '小学五年级', '大一', '初中'];
const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '地理', '政治', '信息技术', '美术', '音乐'];
const TOPICS = [
  '有理数的运算',
  '古诗词鉴赏',
  '牛顿运动定律',
  '细胞的结构与功能',
  '化学反应速率',
  '一元二次方程',
  '唐诗宋词中的家国情怀',
  '电磁感应现象',
  '中国近代史纲要',
  '地球的自转与公转',
  '英语阅读理解策略',
  '函数的单调性',
  '光合作用的过程',
  '现代文阅读',
  '概率与统计初步',
  '议论文写作',
  '实验探究：浮力的大小',
  '平面向量',
  '酸碱盐的性质',
  '整本书阅读《红楼梦》',
];
const KINDS = ['教学设计', '课堂实录', '复习备考建议', '教研活动纪要', '作业设计的实践与思考', '单元测试质量分析', '公开课观摩心得', '学习方法指导'];
const SENTENCES = [
  '本节课以学生为主体，通过情境导入激发学习兴趣，引导学生在合作探究中建构知识。',
  '教师在课堂上注重启发式提问，鼓励学生大胆表达自己的观点，课堂气氛活跃。',
  '从本次测试的情况来看，基础知识掌握较好，但综合运用能力仍有待提高。',
  '建议同学们在复习阶段回归教材，梳理知识体系，查漏补缺，做到心中有数。',
  '教研组全体教师围绕“大单元教学”展开深入研讨，形成了可推广的教学案例。',
  '实验教学是培养学生科学素养的重要途径，应当让每一位学生都有动手操作的机会。',
  '在“双减”政策背景下，作业设计更加注重分层与弹性，减轻学生的课业负担。',
  '家校合作是促进学生全面发展的重要保障，学校定期召开家长会，交流学生在校表现。',
  '信息技术与学科教学的深度融合，为课堂带来了新的活力，也对教师提出了新的要求。',
  '阅读是语文学习的基础，教师应指导学生养成良好的阅读习惯，积累语言材料。',
  '数学学习要注重思维过程，理解概念的本质，而不是机械地记忆公式和题型。',
  '英语听说能力的培养需要长期坚持，课堂内外都应创设真实的语言运用情境。',
];

/** A small seeded generator (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}
export type Random = ReturnType<typeof random>;

export function title(r: Random): string {
  return `${r.pick(GRADES)}${r.pick(SUBJECTS)}《${r.pick(TOPICS)}》${r.pick(KINDS)}`;
}

export function summary(r: Random): string {
  return r.pick(SENTENCES) + r.pick(SENTENCES);
}

export function keywords(r: Random): string {
  return [r.pick(SUBJECTS), r.pick(KINDS).slice(0, 4), r.pick(GRADES)].join(',');
}

/** An HTML body of at least `chars` characters of paragraphs. */
export function body(r: Random, chars: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const p = `<p>${r.pick(SENTENCES)}${r.pick(SENTENCES)}${r.pick(SENTENCES)}</p>`;
    parts.push(p);
    length += p.length;
  }
  return parts.join('');
}
