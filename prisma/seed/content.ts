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

/** Articles and their column (article category path). */
const ARTICLES: ReadonlyArray<readonly [title: string, category: string]> = [
  ['关于做好2026年秋季学期开学工作的通知', '通知公告/教务通知'],
  ['我校在全市中小学信息技术创新大赛中喜获佳绩', '新闻动态/学校新闻'],
  ['“双减”背景下初中数学作业设计的实践与思考', '教学研究/教学论文'],
  ['高三年级第一次模拟考试质量分析报告', '招生考试/高考资讯'],
  ['教研组开展“大单元教学”主题研讨活动', '教学研究/教研活动'],
  ['关于举办第十届校园读书节的通知', '通知公告/学生工作'],
  ['新课标下高中物理实验教学的创新路径', '教学研究/教学论文'],
  ['班主任工作经验交流会顺利召开', '新闻动态/学校新闻'],
  ['小学语文整本书阅读教学策略探析', '教学研究/教学论文'],
  ['关于寒假期间学生安全教育的告家长书', '通知公告/学生工作'],
  ['英语听说能力培养的课堂实践', '教学研究/课题研究'],
  ['学校召开2026年度教学工作总结表彰大会', '新闻动态/学校新闻'],
  ['信息技术与学科教学深度融合案例分享', '教学研究/教研活动'],
  ['初三化学复习备考建议', '招生考试/中考资讯'],
  ['家校共育：如何陪伴孩子度过青春期', '新闻动态/教育资讯'],
  ['教师专业发展培训圆满结束', '新闻动态/学校新闻'],
  ['关于开展校园防欺凌专项教育的通知', '通知公告/学生工作'],
  ['项目式学习在初中物理教学中的应用', '教学研究/课题研究'],
  ['高一新生入学教育系列活动掠影', '新闻动态/学校新闻'],
  ['教育部印发《义务教育课程方案和课程标准》解读', '政策法规'],
];
/** Resources: title, file type, resource category path (kind / subject, or 高校资源 / course). */
const RESOURCES: ReadonlyArray<readonly [title: string, fileType: string, category: string]> = [
  ['七年级数学上册《有理数》教学课件', 'pptx', '课件/数学'],
  ['八年级物理《光的折射》实验视频', 'mp4', '视频/物理'],
  ['九年级化学期中考试试卷及答案', 'pdf', '试卷/化学'],
  ['高中语文古诗文默写专项练习', 'docx', '试卷/语文'],
  ['初中英语语法知识点汇总', 'pdf', '素材/英语'],
  ['小学数学口算能力训练题库', 'xlsx', '试卷/数学'],
  ['高二化学《化学反应速率》教案', 'docx', '教案/化学'],
  ['初中语文文言文实词积累素材', 'pdf', '素材/语文'],
  ['高等数学（上）微积分讲义', 'pdf', '高校资源/高等数学'],
  ['大学英语四级听力真题音频', 'mp3', '高校资源/大学英语'],
  ['线性代数期末复习提纲', 'pdf', '高校资源/线性代数'],
  ['大学物理实验报告模板', 'docx', '高校资源/大学物理'],
];
/** Courses and the chapter section they teach (course category path / chapter / section), in the chapters of content-structure.ts. */
const COURSES: ReadonlyArray<readonly [title: string, at: string]> = [
  ['正数和负数', '初中/数学/七年级上册|第一章 有理数|1.1 正数和负数'],
  ['有理数的加法', '初中/数学/七年级上册|第一章 有理数|1.3 有理数的加减法'],
  ['有理数的乘法', '初中/数学/七年级上册|第一章 有理数|1.4 有理数的乘除法'],
  ['整式的加减', '初中/数学/七年级上册|第二章 整式的加减|2.2 整式的加减'],
  ['一元一次方程的解法', '初中/数学/七年级上册|第三章 一元一次方程|3.2 解一元一次方程（一）'],
  ['几何图形初步', '初中/数学/七年级上册|第四章 几何图形初步|4.1 几何图形'],
  ['相交线与平行线', '初中/数学/七年级下册|第五章 相交线与平行线|5.1 相交线'],
  ['实数与平方根', '初中/数学/七年级下册|第六章 实数|6.1 平方根'],
  ['平面直角坐标系', '初中/数学/七年级下册|第七章 平面直角坐标系|7.1 平面直角坐标系'],
  ['二元一次方程组', '初中/数学/七年级下册|第八章 二元一次方程组|8.1 二元一次方程组'],
];
/** University courses: no chapters, under their course category. */
const UNIVERSITY_COURSES: ReadonlyArray<readonly [title: string, category: string]> = [
  ['极限与连续', '大学/高等数学'],
  ['导数的概念与计算', '大学/高等数学'],
  ['定积分的应用', '大学/高等数学'],
  ['矩阵及其运算', '大学/线性代数'],
  ['质点力学基础', '大学/大学物理'],
];
/** Daily questions: title, answer, analysis, question category path (stage / subject). */
const QUESTIONS: ReadonlyArray<readonly [title: string, answer: string, analysis: string, category: string]> = [
  ['计算：(-3) + 5 - (-2) 的值', '4', '先去括号：-3 + 5 + 2 = 4。', '初中/数学'],
  ['若 |x - 2| = 3，则 x 的值为多少？', 'x = 5 或 x = -1', '绝对值等于 3 的数为 ±3，所以 x - 2 = ±3。', '初中/数学'],
  ['“床前明月光”的下一句是什么？', '疑是地上霜', '出自李白《静夜思》。', '小学/语文'],
  ['水的化学式是什么？', 'H₂O', '一个水分子由两个氢原子和一个氧原子构成。', '初中/化学'],
  ['What is the past tense of "go"?', 'went', '"go" 是不规则动词，过去式为 went。', '初中/英语'],
  ['光在真空中的传播速度约为多少？', '3×10⁸ m/s', '光速是物理学基本常数之一。', '初中/物理'],
  ['已知集合 A = {1, 2, 3}，B = {2, 3, 4}，求 A ∩ B。', '{2, 3}', '交集由两个集合的公共元素组成。', '高中/数学'],
  ['一个三角形的内角和是多少度？', '180°', '三角形内角和定理。', '小学/数学'],
];

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
  const categories = await prisma.multiLevelCategory.findMany({
    where: { tenantId, isDeleted: false },
    select: { id: true, parentId: true, name: true, classTypeId: true },
  });
  if (!categories.some((c) => c.classTypeId === CLASS.Article)) return;
  /** The category at a path of names (`初中/数学/七年级上册`) under a class type. */
  const categoryAt = (classTypeId: number, path: string): number => {
    let parentId: number | null = null;
    for (const name of path.split('/')) {
      const node = categories.find((c) => c.classTypeId === classTypeId && c.parentId === parentId && c.name === name);
      if (!node) throw new Error(`seedContent: no category ${path} of class type ${classTypeId}`);
      parentId = node.id;
    }
    return parentId!;
  };

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
    data: ARTICLES.map(([title, category], i) => {
      const a = authored(i, 40 - i * 2);
      // Pinned items are approved ones (indexes 0 and 4 are approved in the review cycle).
      const pinned = i === 0 || i === 4;
      return {
        ...a,
        ...review(i, a.creationTime),
        title,
        categoryId: categoryAt(CLASS.Article, category),
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
    data: RESOURCES.map(([title, fileType, category], i) => {
      const a = authored(i + 3, 35 - i * 2);
      const university = i >= 8;
      return {
        ...a,
        ...review(i, a.creationTime),
        title,
        categoryId: categoryAt(CLASS.Resource, category),
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
    select: { id: true, categoryId: true, parentId: true, name: true },
  });
  /** The section `chapter|section` of a course category: [categoryId, section id]. */
  const sectionAt = (at: string): [number, number] => {
    const [path = '', chapterName, sectionName] = at.split('|');
    const categoryId = categoryAt(CLASS.Course, path);
    const chapter = chapters.find((c) => c.categoryId === categoryId && c.parentId === null && c.name === chapterName);
    const section = chapters.find((c) => c.categoryId === categoryId && c.parentId === chapter?.id && c.name === sectionName);
    if (!chapter || !section) throw new Error(`seedContent: no section ${at}`);
    return [categoryId, section.id];
  };
  const courseRows = [
    ...COURSES.map(([title, at]) => {
      const [categoryId, chapterTypeId] = sectionAt(at);
      return { title, categoryId, chapterTypeId, university: false };
    }),
    ...UNIVERSITY_COURSES.map(([title, path]) => ({ title, categoryId: categoryAt(CLASS.Course, path), chapterTypeId: null, university: true })),
  ];
  await prisma.learningCourse.createMany({
    data: courseRows.map(({ title, categoryId, chapterTypeId, university }, i) => {
      const a = authored(i + 1, 30 - i);
      return {
        ...a,
        ...review(i, a.creationTime),
        title,
        categoryId,
        chapterTypeId,
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
    data: QUESTIONS.map(([title, answer, analysis, category], i) => {
      const a = authored(i + 2, 14 - i);
      const day = new Date(now.getTime() + 8 * 3_600_000 - (7 - i) * DAY_MS).toISOString().slice(0, 10);
      return {
        ...a,
        ...review(i, a.creationTime),
        title,
        categoryId: categoryAt(CLASS.Question, category),
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
