/**
 * Test papers and homework of tenant Default: manual and random,
 * papers and homework, in every state (pending, approved, rejected; active
 * and shown or not), built from the seeded bank's approved, shown questions.
 * Questions are picked by the draw's principles (the server's solver is not
 * reachable from here): one per sister family and one per stem (the bank holds
 * choice questions that share a stem and differ in their distractors, such as
 * 元素“氢”的元素符号是？), least used first (usage =
 * earlier seeded papers holding the question), ties broken by the paper's
 * seed; each seeded paper's parts are of distinct types, so its rules never
 * overlap; every part is filled in full (the seed fails otherwise). Random papers record their rules and seed in `params`. Totals are computed from the content with the
 * SDK's own `paperTotals`. Idempotent: nothing is added when the tenant has
 * papers.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';
import { localDayAt } from './school-clock.ts';
import { PAPER_SECTION_NAMES, chineseOrdinal, paperTotals, type QuestionType, type RandomParams } from '@edu/sdk';

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

/** Parts written `type×count×score`, space separated: `1×10×3 3×5×2` is ten single choices at 3 and five true/false at 2. */
function parts(text: string): Part[] {
  return text.split(' ').map((p) => {
    const [type, count, score] = p.split('×').map(Number);
    if (type === undefined || type < 1 || type > 6 || !count || !score) throw new Error(`seedTestPapers: bad part ${p}`);
    return { type: type as QuestionType, count, score };
  });
}

const MATH = '1×10×3 3×5×2 4×5×3 5×2×10';

/** Cell codes: P paper / H homework / U university paper, then M manual / R random. */
const CELLS = { PM: [1, 1, false], PR: [1, 2, false], UM: [1, 1, true], HM: [2, 1, false], HR: [2, 2, false] } as const;
const STATES = { pending: 0, approved: 1, rejected: 2 } as const;

/** One paper: title, cell, paper category, question source (null: the whole bank), parts, minutes, state, switches (A active, S shown), author, days ago, extras. */
type Row = readonly [
  title: string,
  cell: keyof typeof CELLS,
  category: string,
  from: string | null,
  parts: string,
  examMinutes: number | null,
  state: keyof typeof STATES,
  switches: '' | 'A' | 'S' | 'AS',
  author: string,
  createdDaysAgo: number,
  extra?: Pick<PaperSeed, 'description' | 'reason' | 'dueInDays' | 'classNames'>,
];

const TABLE: readonly Row[] = [
  [
    '2024–2025学年第一学期期中考试 七年级数学 A 卷',
    'PM',
    '初中/期中考试',
    '初中/数学',
    MATH,
    90,
    'approved',
    'AS',
    'zhangwei',
    40,
    { description: '本试卷满分 75 分，考试时间 90 分钟。请在答题卡上作答。' },
  ],
  ['2024–2025学年第一学期期中考试 七年级数学 B 卷', 'PR', '初中/期中考试', '初中/数学', MATH, 90, 'approved', 'A', 'zhangwei', 39],
  ['2024–2025学年第一学期期末考试 八年级物理', 'PM', '初中/期末考试', '初中/物理', '1×12×2 3×8×1 4×6×3 5×3×8', 100, 'pending', '', 'liuyang', 3],
  [
    '2025年中考数学模拟卷（一）',
    'PR',
    '初中/中考模拟',
    '初中/数学',
    '1×12×3 4×6×4 6×2×10',
    120,
    'rejected',
    '',
    'huangli',
    12,
    { reason: '分值分布不合理：材料题占比过高，请调整后重新提交。' },
  ],
  ['2024–2025学年第二学期第一次月考 高一数学', 'PM', '高中/月考', '高中/数学', '1×8×5 4×6×5 5×2×10', 120, 'approved', '', 'sunyan', 20],
  ['2025年高考物理模拟卷', 'PR', '高中/高考模拟', '高中/物理', '1×8×6 3×5×2 5×3×12', 90, 'pending', '', 'zhaolei', 1],
  ['八年级化学单元测试（第一单元 走进化学世界）', 'PM', '初中/单元测试', '初中/化学', '1×8×4 3×5×2 4×4×2', 45, 'approved', 'S', 'zhoujie', 15],
  ['2024–2025学年第一学期期末测试 三年级数学', 'PR', '小学/期末考试', '小学/数学', '1×10×4 3×5×2 4×5×4', 60, 'approved', 'AS', 'liuyang', 25],
  ['高等数学（上）期中测验', 'UM', '高中/期中考试', null, '1×5×4 3×3×2', 100, 'pending', '', 'admin', 2],
  [
    '七年级数学第三单元课后作业',
    'HM',
    '初中/单元测试',
    '初中/数学',
    '1×5×2 4×5×2',
    null,
    'approved',
    'AS',
    'zhangwei',
    5,
    { dueInDays: 7, classNames: ['七年级（1）班', '七年级（2）班'] },
  ],
  [
    '八年级物理周末作业（压强与浮力）',
    'HR',
    '初中/单元测试',
    '初中/物理',
    '1×6×2 5×2×5',
    null,
    'pending',
    '',
    'liuyang',
    1,
    { dueInDays: 3, classNames: ['八年级（3）班'] },
  ],
  [
    '高一语文古诗词默写作业',
    'HM',
    '高中/单元测试',
    '高中/语文',
    '1×5×2 3×4×2',
    null,
    'rejected',
    '',
    'sunyan',
    6,
    { reason: '题量偏少，请补充填空题后重新提交。', dueInDays: 5, classNames: ['高一（5）班'] },
  ],
  [
    '三年级英语单词练习',
    'HR',
    '小学/单元测试',
    '小学/英语',
    '1×8×2 4×5×2',
    null,
    'approved',
    'A',
    'huangli',
    4,
    { dueInDays: 2, classNames: ['三年级（1）班', '三年级（2）班', '三年级（3）班'] },
  ],
];

/** A category path `初中/数学` as its two names. */
function path2(text: string): [string, string] {
  const [root, child] = text.split('/');
  if (!root || !child) throw new Error(`seedTestPapers: bad category ${text}`);
  return [root, child];
}

/** The paper a table row describes. */
function paperOf([title, cell, category, from, partsText, examMinutes, state, switches, author, createdDaysAgo, extra]: Row): PaperSeed {
  const [kind, assembly, isUniversity] = CELLS[cell];
  return {
    title,
    kind,
    assembly,
    ...(isUniversity && { isUniversity }),
    category: path2(category),
    from: from === null ? null : path2(from),
    parts: parts(partsText),
    ...(examMinutes !== null && { examMinutes }),
    state: STATES[state],
    ...(switches.includes('A') && { active: true }),
    ...(switches.includes('S') && { shown: true }),
    author,
    createdDaysAgo,
    ...extra,
  };
}

const PAPERS: PaperSeed[] = TABLE.map(paperOf);

/** A stem as a reader compares it: its text without markup, spaces and punctuation. */
function normalizedStem(stem: string): string {
  return stem.replace(/<[^>]*>/g, ' ').replace(/[\s\p{P}]/gu, '');
}

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
      select: { id: true, questionType: true, difficulty: true, categoryId: true, isUniversity: true, sisterGroupId: true, stem: true },
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
    const pickedStems = new Set<string>();
    const sections = p.parts.map((part) => {
      const pool = questions.filter(
        (q) =>
          q.questionType === part.type &&
          q.isUniversity === (p.isUniversity ?? false) &&
          (!source || inSource.has(q.categoryId)) &&
          (!part.difficulty || q.difficulty === part.difficulty) &&
          !picked.has(q.id) &&
          !pickedStems.has(normalizedStem(q.stem)) &&
          (q.sisterGroupId === null || !usedFamilies.has(q.sisterGroupId)),
      );
      const ordered = pool.sort((a, b) => (usage.get(a.id) ?? 0) - (usage.get(b.id) ?? 0) || seededRank(seed, a.id) - seededRank(seed, b.id));
      const chosen: typeof pool = [];
      for (const q of ordered) {
        if (chosen.length === part.count) break;
        if (q.sisterGroupId !== null && usedFamilies.has(q.sisterGroupId)) continue;
        if (pickedStems.has(normalizedStem(q.stem))) continue;
        chosen.push(q);
        picked.add(q.id);
        pickedStems.add(normalizedStem(q.stem));
        if (q.sisterGroupId !== null) usedFamilies.add(q.sisterGroupId);
      }
      if (chosen.length < part.count)
        throw new Error(
          `seedTestPapers: ${p.title} asks for ${part.count} questions of type ${part.type}; the bank holds ${chosen.length} of distinct stems`,
        );
      return { part, chosen };
    });
    const filled = sections.filter((s) => s.chosen.length > 0);
    const links = filled.flatMap((s) => s.chosen.map((q) => ({ questionType: s.part.type, score: s.part.score, questionId: q.id })));
    if (!links.length) continue;
    const totals = paperTotals(links);
    // Written during a school day (spread over its hours); homework is due at 20:00 of its day.
    const creationTime = localDayAt(now, -p.createdDaysAgo, 8.5 + ((index * 1.7) % 9));
    const decided = p.state !== 0;
    const auditTime = decided ? new Date(creationTime.getTime() + 3 * 3_600_000) : null;
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
          dueTime: p.dueInDays ? localDayAt(now, p.dueInDays, 20) : null,
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
