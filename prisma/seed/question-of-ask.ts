/**
 * Online Q&A threads for tenant Default: members' questions in
 * every review state, in the subject's question category, each with replies
 * by members and teachers in every review state (a teacher's answer approved
 * and sometimes accepted, members' follow-ups pending or rejected with a
 * reason, one deleted reply). Authors are members at different places of the
 * user hierarchy. Batched inserts with explicit ids; skipped when the tenant
 * already has questions.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

const DAY_MS = 86_400_000;
type State = 0 | 1 | 2;
/** `m`: a member, `t`: a teacher; a reply's state; `accepted`: the best answer. */
interface ReplySeed {
  by: 'm' | 't';
  text: string;
  state: State;
  reason?: string;
  accepted?: boolean;
  deleted?: boolean;
}
interface ThreadSeed {
  subject: string;
  title: string;
  content: string;
  state: State;
  reason?: string;
  replies: ReplySeed[];
}

const AD = '回复含广告或联系方式，不予通过。';
const OFF = '与问题无关，请围绕题目讨论。';

const THREADS: ThreadSeed[] = [
  {
    subject: '数学',
    title: '二次函数 y=x²-4x+3 的顶点怎么求？',
    content: '老师好，课上讲了配方法，但我配完总是符号出错。这道题的顶点坐标和对称轴分别是多少？',
    state: 1,
    replies: [
      {
        by: 't',
        text: '配方：y = x² - 4x + 4 - 1 = (x - 2)² - 1，所以顶点是 (2, -1)，对称轴是直线 x = 2。注意加 4 之后要再减 4。',
        state: 1,
        accepted: true,
      },
      { by: 'm', text: '也可以用公式 x = -b/2a = 2，再代回去求 y，我觉得更不容易错。', state: 1 },
      { by: 'm', text: '我也总是配错，谢谢老师！', state: 0 },
    ],
  },
  {
    subject: '数学',
    title: '一元二次方程判别式小于零说明什么？',
    content: '做作业时遇到 Δ < 0 的情况，书上说“没有实数根”，那它还有别的根吗？',
    state: 1,
    replies: [
      {
        by: 't',
        text: 'Δ < 0 时方程在实数范围内无解；到高中学了复数以后，会知道它有一对共轭复数根。初中阶段写“无实数根”即可。',
        state: 1,
        accepted: true,
      },
      { by: 'm', text: '扫码加群，免费领取全套中考真题答案！', state: 2, reason: AD },
      { by: 'm', text: '那 Δ = 0 的时候是不是两个根相等？', state: 0 },
    ],
  },
  {
    subject: '语文',
    title: '《岳阳楼记》中“先天下之忧而忧”怎么理解？',
    content: '要写一篇读后感，想请教这句话的深层含义，以及它和范仲淹当时处境的关系。',
    state: 1,
    replies: [
      {
        by: 't',
        text: '这句话表达的是把国家和百姓的忧患放在个人得失之前的胸怀。写作时正值范仲淹被贬邓州，仍心系天下，可结合“不以物喜，不以己悲”一起理解。',
        state: 1,
      },
      { by: 'm', text: '我们老师说可以联系杜甫“安得广厦千万间”来写，有共通之处。', state: 1 },
    ],
  },
  {
    subject: '英语',
    title: 'since 和 for 引导的时间状语有什么区别？',
    content: '现在完成时里 since 和 for 总是用混，比如“我学英语三年了”应该用哪个？',
    state: 1,
    replies: [
      { by: 'm', text: 'for 后面接一段时间，since 后面接时间点。I have learned English for three years. / since 2021.', state: 1, accepted: true },
      { by: 't', text: '补充：since 还可以接从句，例如 since I came to this school，从句用一般过去时。', state: 0 },
    ],
  },
  {
    subject: '物理',
    title: '为什么匀速直线运动的物体受力平衡？',
    content: '物体在运动，为什么说它受到的合力为零？运动不需要力来维持吗？',
    state: 1,
    replies: [
      {
        by: 't',
        text: '这正是牛顿第一定律：力不是维持运动的原因，而是改变运动状态的原因。匀速直线运动状态不变，所以合力为零。',
        state: 1,
        accepted: true,
      },
      { by: 'm', text: '生活中推箱子不推就停，是因为有摩擦力吧？', state: 1 },
      { by: 'm', text: '楼上说得对，摩擦力让它减速。', state: 0 },
      { by: 'm', text: '这题太简单了，不用问吧。', state: 2, reason: OFF },
    ],
  },
  {
    subject: '化学',
    title: '实验室制取氧气为什么要先撤导管再熄灭酒精灯？',
    content: '高锰酸钾制氧气的实验步骤里，顺序反了会怎样？',
    state: 1,
    replies: [
      { by: 't', text: '先熄灭酒精灯会使试管内温度降低、气压减小，水槽中的水会倒吸进热的试管，使试管炸裂。所以一定要先把导管移出水面。', state: 1 },
      { by: 'm', text: '口诀“茶庄定点收利息”里的“离熄”就是这个顺序。', state: 0 },
    ],
  },
  {
    subject: '数学',
    title: '相似三角形的判定有哪几种方法？',
    content: '期中考试要考相似，想系统整理一下判定方法。',
    state: 0,
    replies: [],
  },
  {
    subject: '英语',
    title: '虚拟语气 if I were you 为什么用 were？',
    content: '主语是 I，为什么不用 was？考试写 was 算错吗？',
    state: 0,
    replies: [],
  },
  {
    subject: '物理',
    title: '求物理期末真题资源',
    content: '谁有八年级物理期末真题？加我 QQ 发我一份，有偿。',
    state: 2,
    reason: '问答区仅讨论学习问题，求资源请到资源中心。',
    replies: [],
  },
  {
    subject: '语文',
    title: '文言文中“之”的用法怎么区分？',
    content: '“之”有时是代词，有时是助词，有时还是动词，做题时怎么快速判断？',
    state: 1,
    replies: [
      { by: 't', text: '看位置：动词后作宾语多为代词；主谓之间取消句子独立性是助词；“之”后面接地点时常作动词“到……去”。', state: 1, accepted: true },
      { by: 'm', text: '能举几个课本里的例子吗？', state: 0 },
      { by: 'm', text: '已经自己查到了，谢谢。', state: 1, deleted: true },
    ],
  },
  {
    subject: '化学',
    title: '质量守恒定律适用于物理变化吗？',
    content: '冰融化成水质量不变，这算质量守恒定律吗？',
    state: 1,
    replies: [
      { by: 'm', text: '我觉得算吧，质量都没变。', state: 1 },
      { by: 't', text: '不算。质量守恒定律只用于解释化学变化；冰融化是物理变化，质量不变但不能用该定律解释。', state: 0 },
    ],
  },
  {
    subject: '数学',
    title: '等差数列求和公式怎么推导？',
    content: '书上用倒序相加，有没有更直观的理解方式？',
    state: 1,
    replies: [
      { by: 'm', text: '可以想象成梯形面积：（上底 + 下底）× 高 ÷ 2，首项加末项乘项数除以二。', state: 1 },
      { by: 'm', text: '高斯小时候算 1 到 100 就是这个方法！', state: 1 },
      { by: 't', text: '两位同学说得都对，倒序相加正是把每一对“首 + 末”配成相同的和。', state: 0 },
    ],
  },
  {
    subject: '英语',
    title: '英语作文怎么提高分数？',
    content: '每次作文都是中等分，想知道阅卷老师最看重什么。',
    state: 2,
    reason: '问题过于宽泛，请具体说明遇到的困难（如句式、连接词、审题）后重新提问。',
    replies: [],
  },
  {
    subject: '物理',
    title: '串联电路中电流处处相等的原因',
    content: '为什么串联电路里每个地方电流都一样？电阻大的地方不是更难通过吗？',
    state: 0,
    replies: [],
  },
  {
    // Edited by its author after approval: pending again, its replies stay (the thread a moderator works through).
    subject: '数学',
    title: '三角形内角和为什么是 180 度？',
    content: '老师说可以用平行线证明，我补充了自己画的图，想知道辅助线应该怎么作。',
    state: 0,
    replies: [
      { by: 't', text: '过顶点 A 作 BC 的平行线，利用两直线平行、内错角相等，三个内角正好拼成一个平角。', state: 1 },
      { by: 'm', text: '还可以把三个角剪下来拼在一起，正好是一条直线。', state: 0 },
      { by: 'm', text: '不会的加 V 信 edu_123 私聊，包教包会。', state: 0 },
      { by: 'm', text: '我也有同样的疑问，等老师解答。', state: 1 },
    ],
  },
];

/** Seeds the Q&A threads of a tenant; members and teachers come from the demo users. */
export async function seedQuestionOfAsk(prisma: PrismaClient, tenantId: number, now = new Date()): Promise<void> {
  if (await prisma.questionOfAsk.findFirst({ where: { tenantId }, select: { id: true } })) return;
  const people = await prisma.user.findMany({
    where: { tenantId, isDeleted: false, identity: { in: [1, 2] } },
    select: { id: true, identity: true, userName: true },
    orderBy: { id: 'asc' },
  });
  const members = people.filter((u) => u.identity === 1);
  const teachers = people.filter((u) => u.identity === 2);
  const auditor = await prisma.user.findFirstOrThrow({ where: { tenantId, normalizedUserName: 'ADMIN' }, select: { id: true } });
  if (!members.length || !teachers.length) return;
  const categories = await prisma.multiLevelCategory.findMany({
    where: { tenantId, classTypeId: 3, isDeleted: false },
    select: { id: true, name: true },
    orderBy: { id: 'asc' },
  });
  const categoryOf = (subject: string) =>
    categories.find((c) => c.name === subject)?.id ?? categories.find((c) => c.name.includes(subject))?.id ?? null;

  let qid = ((await prisma.questionOfAsk.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  let rid = ((await prisma.questionOfAskReply.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  const questions: Prisma.QuestionOfAskCreateManyInput[] = [];
  const replies: Prisma.QuestionOfAskReplyCreateManyInput[] = [];
  const review = (state: State, at: Date, reason?: string) =>
    state === 0
      ? { auditStatus: 0, auditorUserId: null, auditTime: null, auditReason: null }
      : { auditStatus: state, auditorUserId: auditor.id, auditTime: at, auditReason: state === 2 ? (reason ?? OFF) : null };

  THREADS.forEach((th, i) => {
    const asked = new Date(now.getTime() - (THREADS.length - i) * 1.7 * DAY_MS);
    const author = members[(i * 5) % members.length]!;
    const id = qid++;
    let accepted: number | null = null;
    th.replies.forEach((r, j) => {
      const at = new Date(asked.getTime() + (j + 1) * 3.5 * 3_600_000);
      const by = r.by === 't' ? teachers[(i + j) % teachers.length]! : members[(i * 5 + j * 3 + 1) % members.length]!;
      const replyId = rid++;
      if (r.accepted) accepted = replyId;
      const flat = r.text.replace(/\s+/g, ' ');
      replies.push({
        id: replyId,
        tenantId,
        questionOfAskId: id,
        title: flat.length > 60 ? `${flat.slice(0, 59)}…` : flat,
        content: r.text,
        ...review(r.state, new Date(at.getTime() + 3_600_000), r.reason),
        creationTime: at,
        creatorUserId: by.id,
        ...(r.deleted && { isDeleted: true, deletionTime: new Date(at.getTime() + 600_000), deleterUserId: by.id }),
      });
    });
    questions.push({
      id,
      tenantId,
      title: th.title,
      content: th.content,
      categoryId: categoryOf(th.subject),
      acceptedReplyId: accepted,
      ...review(th.state, new Date(asked.getTime() + 1_800_000), th.reason),
      creationTime: asked,
      creatorUserId: author.id,
    });
  });
  await prisma.$transaction([prisma.questionOfAsk.createMany({ data: questions }), prisma.questionOfAskReply.createMany({ data: replies })]);
}
