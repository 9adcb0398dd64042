/**
 * Questionnaires of tenant Default: every review state (pending,
 * approved = published, rejected with a reason, with their review decisions),
 * open, closed and not yet open windows, member-only and public, anonymous or
 * not; the published ones with a few hundred responses (every seeded member
 * once, plus visitors of the public ones with their device keys), choices
 * drawn with per-option weights so the charts have a shape, and text answers
 * from a pool of realistic replies. Deterministic (seeded PRNG); idempotent:
 * nothing is added when the tenant has questionnaires. Inserted in batches.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';
import { insertRows } from '../src/bulk-insert.ts';
import { createRandom, type Random } from './random.ts';

const DAY_MS = 86_400_000;

interface QuestionSeed {
  title: string;
  /** 1 single, 2 multiple, 3 text. */
  type: 1 | 2 | 3;
  required?: boolean;
  max?: number;
  /** Options with their relative weights (choice questions). */
  options?: Array<[string, number]>;
  /** Text answers to draw from (text questions); share of respondents who answer. */
  texts?: string[];
  answerRate?: number;
}

interface QuestionnaireSeed {
  title: string;
  description: string;
  /** Days from now (negative: past); null: open end. */
  startDays: number | null;
  endDays: number | null;
  anonymous: boolean;
  /** 1 members, 2 public. */
  audience: 1 | 2;
  state: 0 | 1 | 2;
  reason?: string;
  author: string;
  createdDaysAgo: number;
  /** Visitors' responses besides the members' (public questionnaires). */
  visitors?: number;
  /** Share of members who answered. */
  memberRate?: number;
  questions: QuestionSeed[];
}

const GRADES: Array<[string, number]> = [
  ['七年级', 5],
  ['八年级', 4],
  ['九年级', 3],
  ['高一', 2],
  ['高二', 2],
];

const SATISFACTION: Array<[string, number]> = [
  ['非常满意', 9],
  ['满意', 12],
  ['一般', 5],
  ['不满意', 2],
  ['非常不满意', 1],
];

const QUESTIONNAIRES: QuestionnaireSeed[] = [
  {
    title: '2024学年秋季学期线上课程满意度调查',
    description: '为了解同学们对本学期线上课程的评价，持续改进教学质量，请根据实际情况填写。本问卷匿名，约需 3 分钟。',
    startDays: -20,
    endDays: 25,
    anonymous: true,
    audience: 2,
    state: 1,
    author: 'wangjianguo',
    createdDaysAgo: 24,
    visitors: 240,
    memberRate: 0.9,
    questions: [
      { title: '你所在的年级', type: 1, options: GRADES },
      { title: '你对本学期线上课程的总体满意度', type: 1, options: SATISFACTION },
      {
        title: '你最常使用的学习功能有哪些？（最多选 3 项）',
        type: 2,
        max: 3,
        options: [
          ['课程视频', 10],
          ['每日一题', 7],
          ['在线测验', 8],
          ['错题本', 5],
          ['学习资源下载', 4],
          ['在线问答', 3],
        ],
      },
      {
        title: '每周在平台上的学习时长',
        type: 1,
        options: [
          ['少于 2 小时', 3],
          ['2～5 小时', 8],
          ['5～10 小时', 5],
          ['10 小时以上', 2],
        ],
      },
      {
        title: '你对课程还有哪些建议？',
        type: 3,
        required: false,
        answerRate: 0.35,
        texts: [
          '希望数学课的例题讲解再慢一点，视频可以加倍速以外的分段目录。',
          '英语听力材料能不能多一些，最好附上原文。',
          '每日一题很有用，希望周末也更新。',
          '视频偶尔卡顿，希望能下载到本地观看。',
          '物理实验部分如果有动画演示就更好了。',
          '希望增加期中期末的专题复习课。',
          '老师讲得很清楚，没有其他建议。',
          '作业提交后能尽快看到批改结果就好了。',
          '希望错题本可以按知识点导出打印。',
          '语文阅读理解的答题方法讲得很实用，希望多出几讲。',
          '手机端页面有时候字太小。',
          '希望在线答疑的回复时间能更快一些。',
        ],
      },
    ],
  },
  {
    title: '在线考试系统使用体验问卷',
    description: '本学期起月考改为线上进行，请参加过线上考试的同学谈谈使用感受。',
    startDays: -12,
    endDays: null,
    anonymous: false,
    audience: 1,
    state: 1,
    author: 'lishufen',
    createdDaysAgo: 14,
    memberRate: 1,
    questions: [
      {
        title: '你参加过几次线上考试？',
        type: 1,
        options: [
          ['1 次', 2],
          ['2～3 次', 5],
          ['4 次及以上', 3],
        ],
      },
      {
        title: '考试过程中遇到过哪些问题？（可多选）',
        type: 2,
        required: false,
        options: [
          ['页面加载慢', 4],
          ['提交答案失败', 1],
          ['倒计时不清楚', 2],
          ['题目图片看不清', 3],
          ['没有遇到问题', 6],
        ],
      },
      { title: '你对线上考试的整体评价', type: 1, options: SATISFACTION },
      {
        title: '其他意见或建议',
        type: 3,
        required: false,
        answerRate: 0.5,
        texts: [
          '希望交卷前能再提示一次还有哪些题没做。',
          '答题卡跳转很方便，体验不错。',
          '网络不好的时候担心答案丢失，希望能自动保存。',
          '希望考试结束后马上能看到客观题得分。',
          '填空题输入公式不太方便。',
        ],
      },
    ],
  },
  {
    title: '家长对课后服务的意见征集',
    description: '学校拟调整下学期课后服务安排，诚挚邀请各位家长提出意见。本问卷匿名填写。',
    startDays: -40,
    endDays: -10,
    anonymous: true,
    audience: 2,
    state: 1,
    author: 'wangjianguo',
    createdDaysAgo: 45,
    visitors: 170,
    memberRate: 0.4,
    questions: [
      {
        title: '孩子目前参加课后服务的情况',
        type: 1,
        options: [
          ['每天参加', 7],
          ['每周 2～3 天', 4],
          ['偶尔参加', 2],
          ['未参加', 1],
        ],
      },
      {
        title: '希望课后服务增加哪些内容？（至少选 1 项，最多选 2 项）',
        type: 2,
        max: 2,
        options: [
          ['作业辅导', 9],
          ['体育活动', 6],
          ['科技创新', 4],
          ['艺术兴趣', 5],
          ['阅读写作', 5],
        ],
      },
      {
        title: '您能接受的课后服务结束时间',
        type: 1,
        options: [
          ['17:30', 3],
          ['18:00', 6],
          ['18:30', 4],
        ],
      },
      {
        title: '其他意见',
        type: 3,
        required: false,
        answerRate: 0.3,
        texts: [
          '希望作业辅导老师能按学科分组。',
          '体育活动希望安排在室外，注意安全。',
          '接孩子的时间比较紧张，希望延长到 18:30。',
          '希望能提前公布每周的活动安排。',
          '收费标准希望公开透明。',
          '孩子很喜欢科技社团，希望继续开设。',
        ],
      },
    ],
  },
  {
    title: '英语口语兴趣班报名意向调查',
    description: '下月开设英语口语兴趣班（每周二、四下午），请有意向的同学填写。',
    startDays: 5,
    endDays: 20,
    anonymous: false,
    audience: 1,
    state: 1,
    author: 'yangfan',
    createdDaysAgo: 3,
    questions: [
      {
        title: '你是否愿意参加英语口语兴趣班？',
        type: 1,
        options: [
          ['愿意', 1],
          ['看时间安排', 1],
          ['不参加', 1],
        ],
      },
      {
        title: '你希望练习哪些场景？',
        type: 2,
        options: [
          ['日常对话', 1],
          ['演讲展示', 1],
          ['英语配音', 1],
          ['考试口语', 1],
        ],
      },
    ],
  },
  {
    title: '寒假学习计划调查',
    description: '了解同学们寒假期间的学习安排，以便老师布置合适的假期作业。',
    startDays: 10,
    endDays: 40,
    anonymous: false,
    audience: 1,
    state: 0,
    author: 'zhangwei',
    createdDaysAgo: 2,
    questions: [
      {
        title: '你计划寒假每天学习多长时间？',
        type: 1,
        options: [
          ['1 小时以内', 1],
          ['1～2 小时', 1],
          ['2～4 小时', 1],
          ['4 小时以上', 1],
        ],
      },
      {
        title: '你打算重点复习哪些科目？',
        type: 2,
        options: [
          ['语文', 1],
          ['数学', 1],
          ['英语', 1],
          ['物理', 1],
          ['化学', 1],
        ],
      },
      { title: '你希望老师提供哪些帮助？', type: 3, required: false },
    ],
  },
  {
    title: '教师线上教学培训需求调研',
    description: '教研组将组织线上教学能力培训，请各位老师选择最需要的培训内容。',
    startDays: 0,
    endDays: 14,
    anonymous: false,
    audience: 1,
    state: 0,
    author: 'chenjing',
    createdDaysAgo: 1,
    questions: [
      {
        title: '您最需要哪方面的培训？',
        type: 2,
        max: 2,
        options: [
          ['录课与剪辑', 1],
          ['在线组卷', 1],
          ['学情数据分析', 1],
          ['课堂互动工具', 1],
        ],
      },
      {
        title: '您方便参加培训的时间',
        type: 1,
        options: [
          ['工作日晚上', 1],
          ['周六上午', 1],
          ['周日下午', 1],
        ],
      },
    ],
  },
  {
    title: '校园食堂满意度调查',
    description: '请对学校食堂的饭菜质量和服务进行评价。',
    startDays: -3,
    endDays: 10,
    anonymous: true,
    audience: 1,
    state: 2,
    reason: '第 2 题选项带有引导性（只有“满意”类选项），请补充中立和不满意的选项后重新提交。',
    author: 'liuyang',
    createdDaysAgo: 6,
    questions: [
      {
        title: '你每周在食堂就餐几次？',
        type: 1,
        options: [
          ['5 次以下', 1],
          ['5～10 次', 1],
          ['10 次以上', 1],
        ],
      },
      {
        title: '你对食堂饭菜的评价',
        type: 1,
        options: [
          ['非常满意', 1],
          ['满意', 1],
          ['比较满意', 1],
        ],
      },
    ],
  },
];

type AnswerRow = { tenantId: number; questionnaireId: number; responseId: number; questionId: number; optionId: number | null; text: string | null };

/** `count` distinct option indexes drawn by weight. */
function drawOptions(rnd: Random, weights: number[], count: number): number[] {
  const picked: number[] = [];
  const left = weights.map((w, i) => ({ w, i }));
  for (let n = 0; n < count && left.length; n++) {
    let r = rnd.next() * left.reduce((s, o) => s + o.w, 0);
    const k = Math.max(
      0,
      left.findIndex((o) => (r -= o.w) < 0),
    );
    picked.push(left[k]!.i);
    left.splice(k, 1);
  }
  return picked.sort((a, b) => a - b);
}

export async function seedQuestionnaires(prisma: PrismaClient, tenantId: number, now: Date): Promise<number> {
  if (await prisma.questionnaire.count({ where: { tenantId } })) return 0;
  const rnd = createRandom(20261111);
  const users = await prisma.user.findMany({ where: { tenantId, isDeleted: false }, select: { id: true, userName: true, identity: true } });
  const idOf = new Map(users.map((u) => [u.userName, u.id]));
  const members = users.filter((u) => u.identity === 1).map((u) => u.id);
  const reviewer = idOf.get('admin') ?? null;
  let made = 0;
  for (const s of QUESTIONNAIRES) {
    const author = idOf.get(s.author) ?? reviewer;
    const creationTime = new Date(now.getTime() - s.createdDaysAgo * DAY_MS);
    const decided = s.state !== 0;
    const auditTime = decided ? new Date(creationTime.getTime() + 0.3 * DAY_MS) : null;
    const at = (days: number | null) => (days === null ? null : new Date(now.getTime() + days * DAY_MS));
    const startTime = at(s.startDays);
    const endTime = at(s.endDays);
    await prisma.$transaction(
      async (tx) => {
        const q = await tx.questionnaire.create({
          data: {
            tenantId,
            title: s.title,
            description: s.description,
            startTime,
            endTime,
            isAnonymous: s.anonymous,
            audience: s.audience,
            auditStatus: s.state,
            reviewStep: 0,
            auditorUserId: decided ? reviewer : null,
            auditTime,
            auditReason: s.state === 2 ? (s.reason ?? null) : null,
            creatorUserId: author,
            creationTime,
          },
          select: { id: true },
        });
        const questions = await tx.questionnaireQuestion.createManyAndReturn({
          data: s.questions.map((question, i) => ({
            tenantId,
            questionnaireId: q.id,
            sort: i,
            title: question.title,
            questionType: question.type,
            isRequired: question.required ?? true,
            minSelections: question.type === 2 && question.max ? 1 : null,
            maxSelections: question.type === 2 ? (question.max ?? null) : null,
            creatorUserId: author,
            creationTime,
          })),
          select: { id: true, sort: true },
        });
        const questionIds = questions.sort((a, b) => a.sort - b.sort).map((x) => x.id);
        const optionIds: number[][] = [];
        for (const [i, question] of s.questions.entries()) {
          const rows = await tx.questionnaireOption.createManyAndReturn({
            data: (question.options ?? []).map(([content], j) => ({
              tenantId,
              questionId: questionIds[i]!,
              sort: j,
              content,
              creatorUserId: author,
              creationTime,
            })),
            select: { id: true, sort: true },
          });
          optionIds.push(rows.sort((a, b) => a.sort - b.sort).map((o) => o.id));
        }
        if (decided && reviewer !== null)
          await tx.reviewDecision.create({
            data: {
              tenantId,
              entityName: 'Questionnaire',
              entityId: q.id,
              step: 0,
              stepName: 'review',
              decision: s.state,
              reason: s.state === 2 ? (s.reason ?? null) : null,
              auditStatus: s.state,
              userId: reviewer,
              creatorUserId: reviewer,
              creationTime: auditTime ?? creationTime,
            },
          });
        // Responses only where answering was possible: published and opened in the past.
        if (s.state !== 1 || !startTime || startTime > now) return;
        const closes = Math.min((endTime ?? now).getTime(), now.getTime());
        const when = () => new Date(startTime.getTime() + rnd.next() * (closes - startTime.getTime()));
        const respondents: Array<{ userId: number | null; respondentKey: string | null }> = [
          ...members.filter(() => rnd.next() < (s.memberRate ?? 0)).map((userId) => ({ userId, respondentKey: null })),
          ...Array.from({ length: s.visitors ?? 0 }, () => ({ userId: null, respondentKey: `v-${rnd.guid()}` })),
        ];
        const responses = await tx.questionnaireResponse.createManyAndReturn({
          data: respondents.map((r) => ({ tenantId, questionnaireId: q.id, ...r, creatorUserId: r.userId, creationTime: when() })),
          select: { id: true },
        });
        const answers = responses.flatMap((response) =>
          s.questions.flatMap((question, i): AnswerRow[] => {
            const base = { tenantId, questionnaireId: q.id, responseId: response.id, questionId: questionIds[i]! };
            if (question.type === 3) {
              if (!question.texts?.length || rnd.next() >= (question.answerRate ?? 1)) return [];
              return [{ ...base, optionId: null, text: rnd.pick(question.texts) }];
            }
            if (question.required === false && rnd.next() < 0.1) return [];
            const weights = (question.options ?? []).map(([, w]) => w);
            const count = question.type === 1 ? 1 : rnd.int(1, question.max ?? Math.min(3, weights.length));
            return drawOptions(rnd, weights, count).map((k) => ({ ...base, optionId: optionIds[i]![k]!, text: null }));
          }),
        );
        if (!insertRows(prisma, 'QuestionnaireAnswer', answers)) await tx.questionnaireAnswer.createMany({ data: answers });
      },
      { timeout: 60_000 },
    );
    made++;
  }
  return made;
}
