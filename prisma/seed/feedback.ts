/**
 * Member feedback for tenant Default: comments on articles, courses,
 * resources, daily questions and papers, and leave messages to the platform,
 * in every review state (pending, approved, rejected with a reason, with their
 * review decisions), some replies to other comments, some masked sensitive
 * words (flagged: `sensitiveHits`), leave messages answered and awaiting an
 * answer. Authors are members at different places of the user hierarchy. Adds
 * the dictionary's mask-type sensitive words (value `mask`). Batched inserts
 * with explicit ids; skipped when the tenant already has comments.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
type State = 0 | 1 | 2;

/** Words masked with `*` in members' text (the refuse-type words are content-structure.ts's). */
const MASK_WORDS = ['骗子', '垃圾', '坑人', '傻子'];

const AD = '含广告或联系方式，不予通过。';
const OFF = '与内容无关，请围绕内容发表评论。';
const RUDE = '言辞不文明，请修改后重新发表。';

/** `t`: target type (1 article, 2 course, 3 resource, 4 daily question, 5 paper), `n`: the n-th item of that type; `reply`: index of the comment replied to. */
interface CommentSeed {
  t: 1 | 2 | 3 | 4 | 5;
  n: number;
  text: string;
  state: State;
  reason?: string;
  reply?: number;
}

const COMMENTS: CommentSeed[] = [
  { t: 1, n: 0, text: '文章条理清楚，把知识点之间的联系讲透了，收藏了。', state: 1 },
  { t: 1, n: 0, text: '同意楼上，尤其是最后的例题总结很实用。', state: 1, reply: 0 },
  { t: 1, n: 0, text: '第三段的公式好像少了一个括号，麻烦编辑核对一下。', state: 0 },
  { t: 1, n: 1, text: '学习方法写得很好，已经转给班上同学了。', state: 1 },
  { t: 1, n: 1, text: '加微信 abc123 领取全套资料，免费！', state: 2, reason: AD },
  { t: 1, n: 2, text: '这种文章就是垃圾，全是空话。', state: 2, reason: RUDE },
  { t: 2, n: 0, text: '老师讲得很细，课时安排也合理，适合零基础。', state: 1 },
  { t: 2, n: 0, text: '第二课时的视频有点卡，希望能优化一下清晰度。', state: 0 },
  { t: 2, n: 0, text: '我这边不卡，可能是网络问题，可以试试切换线路。', state: 0, reply: 7 },
  { t: 2, n: 1, text: '课程内容和简介不符，感觉被坑人了。', state: 0 },
  { t: 2, n: 1, text: '例题讲解很到位，期待后续章节。', state: 1 },
  { t: 2, n: 2, text: '今天天气真好，出去玩了。', state: 2, reason: OFF },
  { t: 3, n: 0, text: '资源很全，下载速度也快，感谢分享！', state: 1 },
  { t: 3, n: 0, text: '压缩包里少了答案部分，能补上吗？', state: 0 },
  { t: 3, n: 1, text: '上传的人是骗子，文件根本打不开。', state: 0 },
  { t: 3, n: 1, text: '我能打开，用最新版的阅读器试试。', state: 1, reply: 14 },
  { t: 4, n: 0, text: '这道题的第二种解法更简单，先因式分解再代入。', state: 1 },
  { t: 4, n: 0, text: '请问解析里第二步是怎么得到的？', state: 0 },
  { t: 4, n: 1, text: '每天坚持做一题，一个月进步很明显。', state: 1 },
  { t: 4, n: 1, text: '出题的人是傻子吧，答案都错了。', state: 2, reason: RUDE },
  { t: 5, n: 0, text: '难度适中，最后一道大题有区分度。', state: 1 },
  { t: 5, n: 0, text: '选择题第 8 题答案是不是有误？我算的是 C。', state: 0 },
  { t: 5, n: 1, text: '题量偏大，90 分钟做不完。', state: 0 },
  { t: 5, n: 1, text: '建议把答题卡也放出来，方便打印。', state: 1 },
];

interface MessageSeed {
  type: 1 | 2 | 3 | 4;
  title: string;
  text: string;
  contact?: string;
  state: State;
  reason?: string;
  answer?: string;
}

const MESSAGES: MessageSeed[] = [
  {
    type: 1,
    title: '会员课程可以开发票吗？',
    text: '单位报销需要发票，请问购买课程后在哪里申请电子发票？',
    contact: '13812345678',
    state: 1,
    answer: '您好，在“我的订单”中点击“申请发票”即可，电子发票会在 3 个工作日内发送到您的邮箱。',
  },
  {
    type: 2,
    title: '建议题库增加错题本导出',
    text: '希望错题本可以导出为 PDF，方便打印出来复习。',
    state: 1,
    answer: '感谢建议！错题本导出功能已列入下个版本的开发计划。',
  },
  {
    type: 3,
    title: '充值后余额没有到账',
    text: '昨天晚上用微信充值了 100 元，到现在余额还是 0，请尽快处理。',
    contact: 'liu.fang@example.com',
    state: 0,
  },
  {
    type: 1,
    title: '忘记密码怎么找回？',
    text: '绑定的手机号已经停用了，还能找回账号吗？',
    contact: '010-62345678',
    state: 0,
    answer: '请携带身份证明联系客服电话 010-62345678，人工核实后为您更换绑定手机。',
  },
  { type: 2, title: '希望增加夜间模式', text: '晚上刷题屏幕太亮，眼睛不舒服，希望支持深色主题。', state: 0 },
  { type: 3, title: '老师答疑太慢', text: '在线问答提问三天了没人回复，这不是坑人吗？', state: 0 },
  {
    type: 4,
    title: '网站很好用',
    text: '孩子每天都在上面做每日一题，界面简洁，没有广告，点赞！',
    state: 1,
    answer: '谢谢您的支持，我们会继续努力！',
  },
  {
    type: 4,
    title: '低价出售会员账号',
    text: '全站会员账号低价转让，需要的加 QQ 联系。',
    contact: 'QQ 123456',
    state: 2,
    reason: '留言板不得发布广告或交易信息。',
  },
  {
    type: 3,
    title: '客服都是骗子',
    text: '说好的七天无理由退款，申请了一周没人处理。',
    state: 2,
    reason: '请文明留言，退款问题请提供订单号，我们会尽快核实。',
  },
  { type: 1, title: '试卷可以下载打印吗？', text: '想把模拟卷打印出来给孩子做，有没有 Word 版？', state: 1 },
  { type: 2, title: '课程能否支持倍速播放', text: '复习的时候希望 1.5 倍速看视频，节省时间。', state: 0 },
  {
    type: 1,
    title: '学校团体购买有优惠吗？',
    text: '我们学校想给初三年级统一开通，请问有团购价格吗？',
    contact: '0571-87654321 王老师',
    state: 1,
    answer: '有的，50 人以上享受团体价，请留下学校名称，我们的客户经理会联系您。',
  },
];

/** `text` with each mask word replaced by `*`s, its hit count and the words found (as the server's screening stores them). */
function masked(text: string): { text: string; sensitiveHits: number; words: string[] } {
  let out = text;
  let hits = 0;
  const words: string[] = [];
  for (const w of MASK_WORDS) {
    const parts = out.split(w);
    if (parts.length > 1) {
      hits += parts.length - 1;
      words.push(w);
      out = parts.join('*'.repeat(w.length));
    }
  }
  const order = words.sort((a, b) => text.indexOf(a) - text.indexOf(b));
  return { text: out, sensitiveHits: hits, words: order };
}

const excerpt = (text: string) => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= 40 ? chars.join('') : `${chars.slice(0, 40).join('')}…`;
};

/** Seeds comments and leave messages of a tenant; authors are its members, decisions by its admin. */
export async function seedFeedback(prisma: PrismaClient, tenantId: number, now = new Date()): Promise<void> {
  if (await prisma.discuss.findFirst({ where: { tenantId }, select: { id: true } })) return;
  const members = await prisma.user.findMany({ where: { tenantId, isDeleted: false, identity: 1 }, select: { id: true }, orderBy: { id: 'asc' } });
  const admin = await prisma.user.findFirstOrThrow({ where: { tenantId, normalizedUserName: 'ADMIN' }, select: { id: true } });
  if (!members.length) return;

  const existing = new Set(
    (await prisma.systemDictionary.findMany({ where: { tenantId, dictionaryType: 'sensitiveWord' }, select: { name: true } })).map((d) => d.name),
  );
  await prisma.systemDictionary.createMany({
    data: MASK_WORDS.filter((w) => !existing.has(w)).map((name, i) => ({
      tenantId,
      dictionaryType: 'sensitiveWord',
      name,
      value: 'mask',
      sort: 100 + i,
      remark: '评论、留言中以 * 屏蔽',
      creationTime: now,
      creatorUserId: admin.id,
    })),
  });

  const live = { where: { tenantId, isDeleted: false }, select: { id: true }, orderBy: { id: 'asc' as const }, take: 3 };
  const [articles, courses, resources, daily, papers] = await Promise.all([
    prisma.article.findMany(live),
    prisma.learningCourse.findMany(live),
    prisma.resource.findMany(live),
    prisma.oneQuestionPerday.findMany(live),
    prisma.testPaper.findMany(live),
  ]);
  const targets: Record<CommentSeed['t'], Array<{ id: number }>> = { 1: articles, 2: courses, 3: resources, 4: daily, 5: papers };

  const decisions: Prisma.ReviewDecisionCreateManyInput[] = [];
  const review = (entityName: string, entityId: number, state: State, at: Date, reason?: string) => {
    if (state === 0) return { auditStatus: 0, auditorUserId: null, auditTime: null, auditReason: null };
    const auditReason = state === 2 ? (reason ?? OFF) : null;
    decisions.push({
      tenantId,
      entityName,
      entityId,
      step: 0,
      stepName: 'review',
      decision: state,
      reason: auditReason,
      auditStatus: state,
      userId: admin.id,
      creationTime: at,
    });
    return { auditStatus: state, auditorUserId: admin.id, auditTime: at, auditReason };
  };

  let cid = ((await prisma.discuss.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  const ids: number[] = [];
  const comments: Prisma.DiscussCreateManyInput[] = [];
  COMMENTS.forEach((c, i) => {
    const target = targets[c.t][c.n] ?? targets[c.t][0];
    if (!target) return;
    const id = cid++;
    ids[i] = id;
    const at = new Date(now.getTime() - (COMMENTS.length - i) * 0.6 * DAY_MS);
    const m = masked(c.text);
    const parent = c.reply === undefined ? undefined : COMMENTS[c.reply];
    const sameTarget = parent && parent.t === c.t && parent.n === c.n ? ids[c.reply!] : undefined;
    comments.push({
      id,
      tenantId,
      targetType: c.t,
      targetId: target.id,
      parentId: sameTarget ?? null,
      title: excerpt(m.text),
      content: m.text,
      sensitiveHits: m.sensitiveHits,
      sensitiveWords: JSON.stringify(m.words),
      ...review('Discuss', id, c.state, new Date(at.getTime() + 2 * HOUR_MS), c.reason),
      creationTime: at,
      creatorUserId: members[(i * 7) % members.length]!.id,
    });
  });

  let mid = ((await prisma.leaveMessage.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  const messages: Prisma.LeaveMessageCreateManyInput[] = MESSAGES.map((msg, i) => {
    const id = mid++;
    const at = new Date(now.getTime() - (MESSAGES.length - i) * 1.3 * DAY_MS);
    const title = masked(msg.title);
    const text = masked(msg.text);
    return {
      id,
      tenantId,
      title: title.text,
      content: text.text,
      messageType: msg.type,
      contact: msg.contact ?? null,
      sensitiveHits: title.sensitiveHits + text.sensitiveHits,
      sensitiveWords: JSON.stringify([...new Set([...title.words, ...text.words])]),
      ...(msg.answer && { replyContent: msg.answer, replyUserId: admin.id, replyTime: new Date(at.getTime() + 5 * HOUR_MS) }),
      ...review('LeaveMessage', id, msg.state, new Date(at.getTime() + 3 * HOUR_MS), msg.reason),
      creationTime: at,
      creatorUserId: members[(i * 5 + 2) % members.length]!.id,
    };
  });

  await prisma.$transaction([
    prisma.discuss.createMany({ data: comments }),
    prisma.leaveMessage.createMany({ data: messages }),
    prisma.reviewDecision.createMany({ data: decisions }),
  ]);
}
