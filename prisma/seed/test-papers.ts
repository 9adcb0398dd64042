/**
 * Test papers and homework of tenant Default (issue 9): manual and random,
 * papers and homework, in every state (pending, approved, rejected; active
 * and shown or not), built from the seeded bank's approved, shown questions.
 * Questions are picked by the draw's principles (the server's solver is not
 * reachable from here): one per sister family, least used first (usage =
 * earlier seeded papers holding the question), ties broken by the paper's
 * seed; each seeded paper's parts are of distinct types, so its rules never
 * overlap. Random papers record their rules and seed in `params`. Totals are computed from the content with the
 * SDK's own `paperTotals`. Idempotent: nothing is added when the tenant has
 * papers.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';
import { PAPER_SECTION_NAMES, chineseOrdinal, paperTotals, type QuestionType, type RandomParams } from '@edu/sdk';

const DAY_MS = 86_400_000;
const QUESTION_CLASS = 3;
const PAPER_CLASS = 4;

/** A section request: `count` questions of `type` from the question category at `from` (a path of names), each worth `score`. */
interface Part {
  type: QuestionType;
  count: number;
  score: number;
  difficulty?: 1 | 2 | 3;
}

interface PaperSeed {
  title: string;
  kind: 1 | 2;
  assembly: 1 | 2;
  isUniversity?: boolean;
  /** Paper category path (class type 4), e.g. ['初中', '期中考试']. */
  category: [string, string];
  /** Question category path (class type 3) the questions come from, e.g. ['初中', '数学']; null: the whole bank variant. */
  from: [string, string] | null;
  parts: Part[];
  examMinutes?: number;
  description?: string;
  /** 0 pending, 1 approved, 2 rejected. */
  state: 0 | 1 | 2;
  active?: boolean;
  shown?: boolean;
  reason?: string;
  dueInDays?: number;
  classNames?: string[];
  author: string;
  createdDaysAgo: number;
}

const MATH_PARTS: Part[] = [
  { type: 1, count: 10, score: 3 },
  { type: 3, count: 5, score: 2 },
  { type: 4, count: 5, score: 3 },
  { type: 5, count: 2, score: 10 },
];

const PAPERS: PaperSeed[] = [
  {
    title: '2024–2025学年第一学期期中考试 七年级数学 A 卷',
    kind: 1,
    assembly: 1,
    category: ['初中', '期中考试'],
    from: ['初中', '数学'],
    parts: MATH_PARTS,
    examMinutes: 90,
    description: '本试卷满分 75 分，考试时间 90 分钟。请在答题卡上作答。',
    state: 1,
    active: true,
    shown: true,
    author: 'zhangwei',
    createdDaysAgo: 40,
  },
  {
    title: '2024–2025学年第一学期期中考试 七年级数学 B 卷',
    kind: 1,
    assembly: 2,
    category: ['初中', '期中考试'],
    from: ['初中', '数学'],
    parts: MATH_PARTS,
    examMinutes: 90,
    state: 1,
    active: true,
    author: 'zhangwei',
    createdDaysAgo: 39,
  },
  {
    title: '2024–2025学年第一学期期末考试 八年级物理',
    kind: 1,
    assembly: 1,
    category: ['初中', '期末考试'],
    from: ['初中', '物理'],
    parts: [
      { type: 1, count: 12, score: 2 },
      { type: 3, count: 8, score: 1 },
      { type: 4, count: 6, score: 3 },
      { type: 5, count: 3, score: 8 },
    ],
    examMinutes: 100,
    state: 0,
    author: 'liuyang',
    createdDaysAgo: 3,
  },
  {
    title: '2025年中考数学模拟卷（一）',
    kind: 1,
    assembly: 2,
    category: ['初中', '中考模拟'],
    from: ['初中', '数学'],
    parts: [
      { type: 1, count: 12, score: 3 },
      { type: 4, count: 6, score: 4 },
      { type: 6, count: 3, score: 10 },
    ],
    examMinutes: 120,
    state: 2,
    reason: '分值分布不合理：材料题占比过高，请调整后重新提交。',
    author: 'huangli',
    createdDaysAgo: 12,
  },
  {
    title: '2024–2025学年第二学期第一次月考 高一数学',
    kind: 1,
    assembly: 1,
    category: ['高中', '月考'],
    from: ['高中', '数学'],
    parts: [
      { type: 1, count: 8, score: 5 },
      { type: 2, count: 4, score: 5 },
      { type: 4, count: 4, score: 5 },
      { type: 5, count: 2, score: 10 },
    ],
    examMinutes: 120,
    state: 1,
    author: 'sunyan',
    createdDaysAgo: 20,
  },
  {
    title: '2025年高考物理模拟卷',
    kind: 1,
    assembly: 2,
    category: ['高中', '高考模拟'],
    from: ['高中', '物理'],
    parts: [
      { type: 1, count: 8, score: 6 },
      { type: 3, count: 5, score: 2 },
      { type: 5, count: 3, score: 12 },
    ],
    examMinutes: 90,
    state: 0,
    author: 'zhaolei',
    createdDaysAgo: 1,
  },
  {
    title: '八年级化学单元测试（第一单元 走进化学世界）',
    kind: 1,
    assembly: 1,
    category: ['初中', '单元测试'],
    from: ['初中', '化学'],
    parts: [
      { type: 1, count: 10, score: 4 },
      { type: 3, count: 5, score: 2 },
    ],
    examMinutes: 45,
    state: 1,
    shown: true,
    author: 'zhoujie',
    createdDaysAgo: 15,
  },
  {
    title: '2024–2025学年第一学期期末测试 三年级数学',
    kind: 1,
    assembly: 2,
    category: ['小学', '期末考试'],
    from: ['小学', '数学'],
    parts: [
      { type: 1, count: 10, score: 4 },
      { type: 3, count: 5, score: 2 },
      { type: 4, count: 5, score: 4 },
    ],
    examMinutes: 60,
    state: 1,
    active: true,
    shown: true,
    author: 'liuyang',
    createdDaysAgo: 25,
  },
  {
    title: '高等数学（上）期中测验',
    kind: 1,
    assembly: 1,
    isUniversity: true,
    category: ['高中', '期中考试'],
    from: null,
    parts: [
      { type: 1, count: 5, score: 4 },
      { type: 3, count: 3, score: 2 },
    ],
    examMinutes: 100,
    state: 0,
    author: 'admin',
    createdDaysAgo: 2,
  },
  {
    title: '七年级数学第三单元课后作业',
    kind: 2,
    assembly: 1,
    category: ['初中', '单元测试'],
    from: ['初中', '数学'],
    parts: [
      { type: 1, count: 5, score: 2 },
      { type: 4, count: 5, score: 2 },
    ],
    state: 1,
    active: true,
    shown: true,
    dueInDays: 7,
    classNames: ['七年级（1）班', '七年级（2）班'],
    author: 'zhangwei',
    createdDaysAgo: 5,
  },
  {
    title: '八年级物理周末作业（压强与浮力）',
    kind: 2,
    assembly: 2,
    category: ['初中', '单元测试'],
    from: ['初中', '物理'],
    parts: [
      { type: 1, count: 6, score: 2 },
      { type: 5, count: 2, score: 5 },
    ],
    state: 0,
    dueInDays: 3,
    classNames: ['八年级（3）班'],
    author: 'liuyang',
    createdDaysAgo: 1,
  },
  {
    title: '高一语文古诗词默写作业',
    kind: 2,
    assembly: 1,
    category: ['高中', '单元测试'],
    from: ['高中', '语文'],
    parts: [
      { type: 1, count: 5, score: 2 },
      { type: 3, count: 4, score: 2 },
    ],
    state: 2,
    reason: '题量偏少，请补充填空题后重新提交。',
    dueInDays: 5,
    classNames: ['高一（5）班'],
    author: 'sunyan',
    createdDaysAgo: 6,
  },
  {
    title: '三年级英语单词练习',
    kind: 2,
    assembly: 2,
    category: ['小学', '单元测试'],
    from: ['小学', '英语'],
    parts: [
      { type: 1, count: 8, score: 2 },
      { type: 4, count: 5, score: 2 },
    ],
    state: 1,
    active: true,
    dueInDays: 2,
    classNames: ['三年级（1）班', '三年级（2）班', '三年级（3）班'],
    author: 'huangli',
    createdDaysAgo: 4,
  },
];

/** The draw's tie-breaker, as the server's (apps/mock-server/src/papers/solver.ts `seededRank`). */
function seededRank(seed: number, key: number): number {
  let h = (seed ^ Math.imul(key, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export async function seedTestPapers(prisma: PrismaClient, tenantId: number, now = new Date()): Promise<number> {
  if ((await prisma.testPaper.count({ where: { tenantId } })) > 0) return 0;
  const [categories, questions, users] = await Promise.all([
    prisma.multiLevelCategory.findMany({
      where: { tenantId, classTypeId: { in: [QUESTION_CLASS, PAPER_CLASS] }, isDeleted: false },
      select: { id: true, parentId: true, name: true, path: true, classTypeId: true },
    }),
    prisma.testQuestion.findMany({
      where: { tenantId, isDeleted: false, auditStatus: 1, isShow: true },
      select: { id: true, questionType: true, difficulty: true, categoryId: true, isUniversity: true, sisterGroupId: true },
      orderBy: { id: 'asc' },
    }),
    prisma.user.findMany({ where: { tenantId }, select: { id: true, userName: true } }),
  ]);
  const userId = (name: string) => users.find((u) => u.userName === name)?.id ?? null;
  const reviewer = userId('admin');
  const categoryAt = (classTypeId: number, [root, child]: [string, string]) => {
    const parent = categories.find((c) => c.classTypeId === classTypeId && c.parentId === null && c.name === root);
    const node = categories.find((c) => c.classTypeId === classTypeId && c.parentId === parent?.id && c.name === child);
    if (!node) throw new Error(`seedTestPapers: no category ${root} / ${child} of class type ${classTypeId}`);
    return node;
  };
  const usage = new Map<number, number>();
  let made = 0;
  for (const [index, p] of PAPERS.entries()) {
    const seed = 20260000 + index;
    const source = p.from ? categoryAt(QUESTION_CLASS, p.from) : null;
    const inSource = new Set(source ? categories.filter((c) => c.path.startsWith(source.path)).map((c) => c.id) : []);
    const usedFamilies = new Set<number>();
    const picked = new Set<number>();
    const sections = p.parts.map((part) => {
      const pool = questions.filter(
        (q) =>
          q.questionType === part.type &&
          q.isUniversity === (p.isUniversity ?? false) &&
          (!source || inSource.has(q.categoryId)) &&
          (!part.difficulty || q.difficulty === part.difficulty) &&
          !picked.has(q.id) &&
          (q.sisterGroupId === null || !usedFamilies.has(q.sisterGroupId)),
      );
      const ordered = pool.sort((a, b) => (usage.get(a.id) ?? 0) - (usage.get(b.id) ?? 0) || seededRank(seed, a.id) - seededRank(seed, b.id));
      const chosen: typeof pool = [];
      for (const q of ordered) {
        if (chosen.length === part.count) break;
        if (q.sisterGroupId !== null && usedFamilies.has(q.sisterGroupId)) continue;
        chosen.push(q);
        picked.add(q.id);
        if (q.sisterGroupId !== null) usedFamilies.add(q.sisterGroupId);
      }
      return { part, chosen };
    });
    const filled = sections.filter((s) => s.chosen.length > 0);
    const links = filled.flatMap((s) => s.chosen.map((q) => ({ questionType: s.part.type, score: s.part.score, questionId: q.id })));
    if (!links.length) continue;
    const totals = paperTotals(links);
    const creationTime = new Date(now.getTime() - p.createdDaysAgo * DAY_MS);
    const decided = p.state !== 0;
    const auditTime = decided ? new Date(creationTime.getTime() + DAY_MS / 2) : null;
    const params: RandomParams | null =
      p.assembly === 2
        ? {
            version: 1,
            seed,
            rules: p.parts.map((part) => ({
              questionType: part.type,
              ...(source ? { categoryId: source.id } : {}),
              ...(part.difficulty ? { difficulty: part.difficulty } : {}),
              count: part.count,
              score: part.score,
            })),
          }
        : null;
    const authorId = userId(p.author);
    await prisma.$transaction(async (tx) => {
      const paper = await tx.testPaper.create({
        data: {
          tenantId,
          kind: p.kind,
          assembly: p.assembly,
          isUniversity: p.isUniversity ?? false,
          title: p.title,
          description: p.description ?? null,
          categoryId: categoryAt(PAPER_CLASS, p.category).id,
          examMinutes: p.examMinutes ?? null,
          dueTime: p.dueInDays ? new Date(now.getTime() + p.dueInDays * DAY_MS) : null,
          classNamesJson: p.classNames ? JSON.stringify(p.classNames) : null,
          params: params ? JSON.stringify(params) : null,
          ...totals,
          isActive: p.state === 1 && (p.active ?? false),
          isShow: p.state === 1 && (p.shown ?? false),
          auditStatus: p.state,
          reviewStep: 0,
          auditorUserId: decided ? reviewer : null,
          auditTime,
          auditReason: p.state === 2 ? (p.reason ?? null) : null,
          creatorUserId: authorId,
          creationTime,
        },
        select: { id: true },
      });
      let sort = 0;
      for (const [i, s] of filled.entries()) {
        const section = await tx.testPaperSection.create({
          data: {
            tenantId,
            paperId: paper.id,
            sort: i,
            title: `${chineseOrdinal(i)}、${PAPER_SECTION_NAMES[s.part.type]}`,
            description: `每小题 ${s.part.score} 分，共 ${s.part.score * s.chosen.length} 分`,
            score: s.part.score,
            creatorUserId: authorId,
            creationTime,
          },
          select: { id: true },
        });
        await tx.testPaperQuestion.createMany({
          data: s.chosen.map((q) => ({
            tenantId,
            paperId: paper.id,
            sectionId: section.id,
            questionId: q.id,
            sort: sort++,
            score: s.part.score,
            creatorUserId: authorId,
            creationTime,
          })),
        });
      }
      if (decided && reviewer !== null)
        await tx.reviewDecision.create({
          data: {
            tenantId,
            entityName: 'TestPaper',
            entityId: paper.id,
            step: 0,
            stepName: 'review',
            decision: p.state,
            reason: p.state === 2 ? (p.reason ?? null) : null,
            auditStatus: p.state,
            userId: reviewer,
            creatorUserId: reviewer,
            creationTime: auditTime ?? creationTime,
          },
        });
    });
    for (const l of links) usage.set(l.questionId, (usage.get(l.questionId) ?? 0) + 1);
    made++;
  }
  return made;
}
