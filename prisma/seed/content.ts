/**
 * Demo content for tenant Default: articles, resources (some university),
 * courses on chapters (some university) and daily questions, in every review
 * state, some pinned, created by users at different levels of the hierarchy.
 * Runs after the content structure (categories, chapters) exists. Idempotent
 * (skips when the tenant already has articles) and deterministic.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createRandom } from './random.ts';

const DAY_MS = 86_400_000;

/** Lesson titles of the seeded courses, in order. */
const LESSON_TITLES = ['课程导入', '概念讲解', '例题精讲', '课堂练习', '单元小结'];

/** Class type ids (packages/sdk ClassType). */
const CLASS = { Article: 1, Course: 2, Question: 3, Resource: 5 } as const;

/** Authors from every level: director, group leaders, teachers. */
const AUTHORS = ['admin', 'wangjianguo', 'lishufen', 'zhangwei', 'liuyang', 'huangli', 'sunyan', 'zhaolei', 'zhoujie'];
const REVIEWERS = ['zhangwei', 'liuyang', 'chenjing'];

const ARTICLE_TITLES = [
  '关于做好2026年秋季学期开学工作的通知',
  '我校在全市中小学信息技术创新大赛中喜获佳绩',
  '“双减”背景下初中数学作业设计的实践与思考',
  '高三年级第一次模拟考试质量分析报告',
  '教研组开展“大单元教学”主题研讨活动',
  '关于举办第十届校园读书节的通知',
  '新课标下高中物理实验教学的创新路径',
  '班主任工作经验交流会顺利召开',
  '小学语文整本书阅读教学策略探析',
  '关于寒假期间学生安全教育的告家长书',
  '英语听说能力培养的课堂实践',
  '学校召开2026年度教学工作总结表彰大会',
  '信息技术与学科教学深度融合案例分享',
  '初三化学复习备考建议',
  '家校共育：如何陪伴孩子度过青春期',
  '教师专业发展培训圆满结束',
  '关于开展校园防欺凌专项教育的通知',
  '项目式学习在初中生物教学中的应用',
  '高一新生入学教育系列活动掠影',
  '教育数字化转型背景下的智慧课堂建设',
];
const RESOURCE_TITLES = [
  ['七年级数学上册《有理数》教学课件', 'pptx'],
  ['八年级物理《光的折射》实验视频', 'mp4'],
  ['九年级化学期中考试试卷及答案', 'pdf'],
  ['高中语文古诗文默写专项练习', 'docx'],
  ['初中英语语法知识点汇总', 'pdf'],
  ['小学数学口算能力训练题库', 'xlsx'],
  ['高二生物《细胞的能量供应》教案', 'docx'],
  ['初中历史时间轴复习素材', 'pdf'],
  ['高等数学（上）微积分讲义', 'pdf'],
  ['大学英语四级听力真题音频', 'mp3'],
  ['线性代数期末复习提纲', 'pdf'],
  ['大学物理实验报告模板', 'docx'],
] as const;
const COURSE_TITLES = [
  '正数和负数',
  '有理数的加法',
  '有理数的乘法',
  '整式的加减',
  '一元一次方程的解法',
  '几何图形初步',
  '相交线与平行线',
  '实数与平方根',
  '平面直角坐标系',
  '二元一次方程组',
];
const UNIVERSITY_COURSES = ['极限与连续', '导数的概念与计算', '定积分的应用', '矩阵及其运算', '概率论基础'];
const QUESTIONS = [
  ['计算：(-3) + 5 - (-2) 的值', '4', '先去括号：-3 + 5 + 2 = 4。'],
  ['若 |x - 2| = 3，则 x 的值为多少？', 'x = 5 或 x = -1', '绝对值等于 3 的数为 ±3，所以 x - 2 = ±3。'],
  ['“床前明月光”的下一句是什么？', '疑是地上霜', '出自李白《静夜思》。'],
  ['水的化学式是什么？', 'H₂O', '一个水分子由两个氢原子和一个氧原子构成。'],
  ['What is the past tense of "go"?', 'went', '"go" 是不规则动词，过去式为 went。'],
  ['光在真空中的传播速度约为多少？', '3×10⁸ m/s', '光速是物理学基本常数之一。'],
  ['中华人民共和国成立于哪一年？', '1949年', '1949年10月1日，中华人民共和国中央人民政府成立。'],
  ['一个三角形的内角和是多少度？', '180°', '三角形内角和定理。'],
] as const;

const paragraphs = (title: string) =>
  `<h2>${title}</h2><p>为进一步落实立德树人根本任务，提升教育教学质量，现将有关事项说明如下。</p>` +
  `<p>各教研组要高度重视，结合学科特点认真组织实施，确保各项工作落到实处。</p>` +
  `<ul><li>明确目标任务</li><li>细化工作措施</li><li>加强过程管理</li></ul>`;

export async function seedContent(prisma: PrismaClient, tenantId: number, now = new Date()): Promise<void> {
  if ((await prisma.article.count({ where: { tenantId } })) > 0) return;
  const rnd = createRandom(20261122);
  const users = await prisma.user.findMany({
    where: { tenantId, userName: { in: [...AUTHORS, ...REVIEWERS] } },
    select: { id: true, userName: true },
  });
  const userId = (name: string) => users.find((u) => u.userName === name)?.id ?? null;
  const leaves = async (classTypeId: number) => {
    const all = await prisma.multiLevelCategory.findMany({
      where: { tenantId, classTypeId, isDeleted: false },
      select: { id: true, parentId: true, name: true },
    });
    const parents = new Set(all.map((c) => c.parentId));
    return all.filter((c) => !parents.has(c.id));
  };
  const [articleCats, resourceCats, courseCats, questionCats] = await Promise.all([
    leaves(CLASS.Article),
    leaves(CLASS.Resource),
    leaves(CLASS.Course),
    leaves(CLASS.Question),
  ]);
  if (!articleCats.length || !resourceCats.length || !courseCats.length) return;

  /** Cycles review states so every state appears: approved, pending, rejected, approved, ... */
  const review = (i: number, created: Date) => {
    const state = [1, 0, 2, 1, 1, 0][i % 6]!;
    if (state === 0) return { auditStatus: 0 };
    return {
      auditStatus: state,
      auditorUserId: userId(REVIEWERS[i % REVIEWERS.length]!),
      auditTime: new Date(created.getTime() + 3_600_000 * (2 + (i % 20))),
      auditReason: state === 2 ? '内容与分类不符，请修改后重新提交。' : null,
    };
  };
  const authored = (i: number, daysAgo: number) => {
    const creationTime = new Date(now.getTime() - daysAgo * DAY_MS - (i % 24) * 3_600_000);
    return { tenantId, creatorUserId: userId(AUTHORS[i % AUTHORS.length]!), creationTime };
  };

  await prisma.article.createMany({
    data: ARTICLE_TITLES.map((title, i) => {
      const a = authored(i, 40 - i * 2);
      // Pinned items are approved ones (indexes 0 and 4 are approved in the review cycle).
      const pinned = i === 0 || i === 4;
      return {
        ...a,
        ...review(i, a.creationTime),
        title,
        categoryId: articleCats[i % articleCats.length]!.id,
        summary: `${title}。本文介绍相关背景、主要内容和下一步安排。`,
        content: paragraphs(title),
        author: ['教务处', '教研室', '校办', '德育处'][i % 4]!,
        source: '本校',
        keywords: '教学,教研',
        viewCount: rnd.int(20, 3000),
        isTop: pinned,
        topTime: pinned ? new Date(now.getTime() - i * DAY_MS) : null,
      };
    }),
  });

  await prisma.resource.createMany({
    data: RESOURCE_TITLES.map(([title, fileType], i) => {
      const a = authored(i + 3, 35 - i * 2);
      const university = i >= 8;
      return {
        ...a,
        ...review(i, a.creationTime),
        title,
        categoryId: resourceCats[i % resourceCats.length]!.id,
        description: `${title}，适合课堂教学与课后复习使用。`,
        fileUrl: `/files/resources/${1000 + i}.${fileType}`,
        fileType,
        fileSize: rnd.int(200_000, 80_000_000),
        isUniversity: university,
        downloadCount: rnd.int(0, 900),
        isTop: i === 0,
        topTime: i === 0 ? new Date(now.getTime() - DAY_MS) : null,
      };
    }),
  });

  const chapters = await prisma.chapterType.findMany({
    where: { tenantId, isDeleted: false },
    select: { id: true, categoryId: true },
    orderBy: { id: 'asc' },
  });
  const courseRows = [
    ...COURSE_TITLES.map((title, i) => ({ title, i, university: false })),
    ...UNIVERSITY_COURSES.map((title, i) => ({ title, i: i + COURSE_TITLES.length, university: true })),
  ];
  await prisma.learningCourse.createMany({
    data: courseRows.map(({ title, i, university }) => {
      const chapter = chapters[i % Math.max(chapters.length, 1)];
      const a = authored(i + 1, 30 - i);
      return {
        ...a,
        ...review(i, a.creationTime),
        title,
        categoryId: chapter && !university ? chapter.categoryId : courseCats[i % courseCats.length]!.id,
        chapterTypeId: chapter && !university ? chapter.id : null,
        summary: `本节课学习${title}的基本概念与典型例题。`,
        content: `<h2>${title}</h2><p>学习目标：理解${title}的基本概念，掌握相关方法。</p><p>重点难点：概念辨析与综合运用。</p>`,
        videoUrl: `/media/courses/${2000 + i}.mp4`,
        isUniversity: university,
        sort: i,
        viewCount: rnd.int(10, 1500),
      };
    }),
  });

  // Lessons (课时) of the first courses, in order; the first of each is a free trial (试看).
  const lessonCourses = await prisma.learningCourse.findMany({
    where: { tenantId },
    select: { id: true, creatorUserId: true, creationTime: true },
    orderBy: { id: 'asc' },
    take: 8,
  });
  await prisma.learningCourseLesson.createMany({
    data: lessonCourses.flatMap((c, i) =>
      LESSON_TITLES.slice(0, 3 + (i % 3)).map((lesson, sort) => ({
        tenantId,
        courseId: c.id,
        sort,
        title: `第${sort + 1}课 ${lesson}`,
        videoUrl: `/media/courses/lessons/${c.id}-${sort + 1}.mp4`,
        durationMinutes: 15 + sort * 5,
        isFree: sort === 0,
        creatorUserId: c.creatorUserId,
        creationTime: c.creationTime,
      })),
    ),
  });

  await prisma.oneQuestionPerday.createMany({
    data: QUESTIONS.map(([title, answer, analysis], i) => {
      const a = authored(i + 2, 14 - i);
      const day = new Date(now.getTime() + 8 * 3_600_000 - (7 - i) * DAY_MS).toISOString().slice(0, 10);
      return {
        ...a,
        ...review(i, a.creationTime),
        title,
        categoryId: questionCats.length ? questionCats[i % questionCats.length]!.id : null,
        content: `<p>${title}</p>`,
        answer,
        analysis: `<p>${analysis}</p>`,
        publishDate: new Date(`${day}T00:00:00+08:00`),
      };
    }),
  });
}

export interface BulkArticlesOptions {
  tenantId: number;
  count: number;
  /** Creators, cycled through. */
  creatorUserIds: number[];
  categoryIds: number[];
  batchSize?: number;
}

/** Inserts many articles fast (multi-row INSERTs in one transaction), for benchmarks. */
export async function seedBulkArticles(prisma: PrismaClient, o: BulkArticlesOptions): Promise<void> {
  const batch = o.batchSize ?? 500;
  const now = Date.now();
  await prisma.$transaction(
    async (tx) => {
      for (let start = 0; start < o.count; start += batch) {
        const n = Math.min(batch, o.count - start);
        const values: unknown[] = [];
        const rows: string[] = [];
        for (let k = 0; k < n; k++) {
          const i = start + k;
          rows.push('(?, ?, ?, ?, ?, ?, ?, ?, ?)');
          values.push(
            o.tenantId,
            `教学资讯第${i + 1}期：课堂教学改革实践`,
            o.categoryIds[i % o.categoryIds.length],
            `第${i + 1}期摘要`,
            '<p>正文内容</p>',
            i % 3,
            o.creatorUserIds[i % o.creatorUserIds.length],
            new Date(now - (o.count - i) * 60_000).toISOString().replace('Z', '+00:00'),
            0,
          );
        }
        await tx.$executeRawUnsafe(
          `INSERT INTO "Article" ("tenantId","title","categoryId","summary","content","auditStatus","creatorUserId","creationTime","isDeleted") VALUES ${rows.join(',')}`,
          ...values,
        );
      }
    },
    { timeout: 600_000 },
  );
}
