/**
 * The content structure of tenant Default: category trees of every built-in
 * classification type, chapters of a few course categories, dictionary
 * entries of every type, the public site's navigation menus, ads and friend
 * links, and the category grants of the Teacher, Editor and Auditor roles.
 * Also the built-in classification types themselves (shared by all tenants).
 *
 * Idempotent: rows are looked up by their natural keys first, so a second run
 * adds nothing. Deterministic: no randomness; times are whole days before the
 * seeding moment. Runs on the unfiltered client and sets tenant and audit
 * fields itself.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Tx = Prisma.TransactionClient;
const DAY_MS = 86_400_000;

/** The built-in classification types: fixed ids (the SDK's ClassType), tenantId null, static. */
export const BUILT_IN_CLASSIFICATION_TYPES = [
  { id: 1, code: 'article', name: '文章分类', description: '新闻、教研、通知公告等文章的栏目' },
  { id: 2, code: 'course', name: '课程分类', description: '学段 / 学科 / 年级，课程与章节挂在其下' },
  { id: 3, code: 'question', name: '试题分类', description: '题库按学段与学科分类' },
  { id: 4, code: 'paper', name: '试卷分类', description: '单元测试、月考、期中期末、中高考等' },
  { id: 5, code: 'resource', name: '资源分类', description: '课件、教案、试卷、视频、素材（分类类型 5）' },
  { id: 6, code: 'websiteColumn', name: '网站栏目', description: '门户网站的栏目结构' },
  { id: 7, code: 'school', name: '学校', description: '省 / 市 / 学校' },
  { id: 8, code: 'adPosition', name: '广告位', description: '门户网站的广告展示位置' },
] as const;

/** A tree node: a name, or a name with children. */
type Node = string | readonly [string, readonly Node[]];

const PRIMARY_GRADES = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级'].flatMap((g) => [`${g}上册`, `${g}下册`]);
const JUNIOR_GRADES = ['七年级上册', '七年级下册', '八年级上册', '八年级下册', '九年级上册', '九年级下册'];
const SENIOR_GRADES = ['高一', '高二', '高三'];
const SUBJECTS = ['语文', '数学', '英语', '物理', '化学'] as const;

/** Category trees of tenant Default, by class type id. */
export const CATEGORY_TREES: Readonly<Record<number, readonly Node[]>> = {
  1: [
    ['新闻动态', ['学校新闻', '教育资讯', '媒体报道']],
    ['教学研究', ['教研活动', '教学论文', '课题研究']],
    ['通知公告', ['教务通知', '学生工作']],
    '政策法规',
    ['招生考试', ['中考资讯', '高考资讯']],
  ],
  2: [
    ['小学', (['语文', '数学', '英语'] as const).map((s) => [s, PRIMARY_GRADES] as const)],
    [
      '初中',
      [
        ...(['语文', '数学', '英语'] as const).map((s) => [s, JUNIOR_GRADES] as const),
        ['物理', ['八年级上册', '八年级下册', '九年级全一册']],
        ['化学', ['九年级上册', '九年级下册']],
      ],
    ],
    ['高中', SUBJECTS.map((s) => [s, SENIOR_GRADES] as const)],
    ['大学', ['高等数学', '线性代数', '大学英语', '大学物理']],
  ],
  3: [
    ['小学', ['语文', '数学', '英语']],
    ['初中', SUBJECTS],
    ['高中', SUBJECTS],
  ],
  4: [
    ['小学', ['单元测试', '月考', '期中考试', '期末考试']],
    ['初中', ['单元测试', '月考', '期中考试', '期末考试', '中考模拟', '中考真题']],
    ['高中', ['单元测试', '月考', '期中考试', '期末考试', '高考模拟', '高考真题']],
  ],
  5: [
    ...(['课件', '教案', '试卷', '视频', '素材'] as const).map((t) => [t, SUBJECTS] as const),
    ['高校资源', ['高等数学', '线性代数', '大学英语', '大学物理']],
  ],
  6: [
    '首页',
    ['新闻中心', ['学校新闻', '教育资讯']],
    ['课程中心', ['精品课程', '直播课堂']],
    '资源中心',
    ['题库中心', ['每日一题', '在线练习']],
    ['关于我们', ['学校简介', '联系我们']],
  ],
  7: [
    [
      '北京市',
      [
        ['海淀区', ['北京市第一〇一中学', '中国人民大学附属中学', '北京市十一学校', '清华大学附属中学']],
        ['西城区', ['北京市第四中学', '北京师范大学附属实验中学', '北京市第八中学']],
      ],
    ],
    [
      '上海市',
      [
        ['徐汇区', ['上海市南洋模范中学', '上海市位育中学']],
        ['浦东新区', ['华东师范大学第二附属中学', '上海市建平中学']],
      ],
    ],
    [
      '广东省',
      [
        ['广州市', ['广东实验中学', '华南师范大学附属中学']],
        ['深圳市', ['深圳中学', '深圳外国语学校']],
      ],
    ],
    ['江苏省', [['南京市', ['南京外国语学校', '南京师范大学附属中学']]]],
    ['浙江省', [['杭州市', ['杭州第二中学', '杭州学军中学']]]],
  ],
  8: ['首页轮播图', '首页横幅', '侧边栏', '文章详情页'],
};

/** Chapters (with sections) of a few course categories, by category path (names from the root). */
export const CHAPTERS: ReadonlyArray<{ category: readonly string[]; chapters: ReadonlyArray<readonly [string, readonly string[]]> }> = [
  {
    category: ['初中', '数学', '七年级上册'],
    chapters: [
      ['第一章 有理数', ['1.1 正数和负数', '1.2 有理数', '1.3 有理数的加减法', '1.4 有理数的乘除法', '1.5 有理数的乘方']],
      ['第二章 整式的加减', ['2.1 整式', '2.2 整式的加减']],
      ['第三章 一元一次方程', ['3.1 从算式到方程', '3.2 解一元一次方程（一）', '3.3 解一元一次方程（二）', '3.4 实际问题与一元一次方程']],
      ['第四章 几何图形初步', ['4.1 几何图形', '4.2 直线、射线、线段', '4.3 角', '4.4 课题学习 设计制作长方体形状的包装纸盒']],
    ],
  },
  {
    category: ['初中', '数学', '七年级下册'],
    chapters: [
      ['第五章 相交线与平行线', ['5.1 相交线', '5.2 平行线及其判定', '5.3 平行线的性质', '5.4 平移']],
      ['第六章 实数', ['6.1 平方根', '6.2 立方根', '6.3 实数']],
      ['第七章 平面直角坐标系', ['7.1 平面直角坐标系', '7.2 坐标方法的简单应用']],
      ['第八章 二元一次方程组', ['8.1 二元一次方程组', '8.2 消元——解二元一次方程组', '8.3 实际问题与二元一次方程组']],
    ],
  },
  {
    category: ['初中', '物理', '八年级上册'],
    chapters: [
      ['第一章 机械运动', ['1.1 长度和时间的测量', '1.2 运动的描述', '1.3 运动的快慢', '1.4 测量平均速度']],
      ['第二章 声现象', ['2.1 声音的产生与传播', '2.2 声音的特性', '2.3 声的利用', '2.4 噪声的危害和控制']],
      ['第三章 物态变化', ['3.1 温度', '3.2 熔化和凝固', '3.3 汽化和液化', '3.4 升华和凝华']],
    ],
  },
  {
    category: ['初中', '英语', '七年级上册'],
    chapters: [
      ["Unit 1 My name's Gina.", ['Section A', 'Section B']],
      ['Unit 2 This is my sister.', ['Section A', 'Section B']],
      ['Unit 3 Is this your pencil?', ['Section A', 'Section B']],
    ],
  },
  {
    category: ['高中', '数学', '高一'],
    chapters: [
      [
        '第一章 集合与常用逻辑用语',
        ['1.1 集合的概念', '1.2 集合间的基本关系', '1.3 集合的基本运算', '1.4 充分条件与必要条件', '1.5 全称量词与存在量词'],
      ],
      ['第二章 一元二次函数、方程和不等式', ['2.1 等式性质与不等式性质', '2.2 基本不等式', '2.3 二次函数与一元二次方程、不等式']],
      ['第三章 函数的概念与性质', ['3.1 函数的概念及其表示', '3.2 函数的基本性质', '3.3 幂函数', '3.4 函数的应用（一）']],
    ],
  },
  {
    category: ['小学', '语文', '一年级上册'],
    chapters: [
      ['第一单元 识字', ['天地人', '金木水火土', '口耳目', '日月水火', '对韵歌']],
      ['第二单元 汉语拼音', ['a o e', 'i u ü y w', 'b p m f', 'd t n l']],
    ],
  },
];

/** Dictionary entries: [type, name, value, remark, isActive?]. */
export const DICTIONARY: ReadonlyArray<readonly [string, string, string | null, string | null, boolean?]> = [
  ...['在线学习', '双减', '新课标', '核心素养', '大单元教学', '智慧课堂', '项目式学习', '家校共育', '中考', '高考'].map(
    (k) => ['keyword', k, null, '站内搜索热词'] as const,
  ),
  ...['赌博', '代考', '作弊器', '替考', '考试答案出售', '办假证', '六合彩', '网络赌场', '外挂代练'].map(
    (w) => ['sensitiveWord', w, null, '发布内容时拦截'] as const,
  ),
  ['sensitiveWord', '刷单', null, '暂停使用', false],
  ...['★', '☆', '※', '◆', '■', '●', '￥', '§'].map((c) => ['specialCharacter', c, null, '标题中过滤'] as const),
  ['siteSetting', 'SiteName', '在线教育考试平台', '网站名称'],
  ['siteSetting', 'SiteUrl', 'https://www.example.edu.cn', '网站地址'],
  ['siteSetting', 'SiteKeywords', '在线教育,题库,组卷,课程,每日一题', '网站关键词（SEO）'],
  ['siteSetting', 'SiteDescription', '面向中小学师生的在线学习、练习与考试平台', '网站描述（SEO）'],
  ['siteSetting', 'IcpNumber', '京ICP备2024012345号-1', 'ICP 备案号'],
  ['siteSetting', 'ContactPhone', '010-62345678', '联系电话'],
  ['siteSetting', 'ContactEmail', 'service@example.edu.cn', '联系邮箱'],
  ['siteSetting', 'Copyright', '© 2024-2026 在线教育考试平台 版权所有', '版权信息'],
];

interface MenuSeed {
  name: string;
  url: string;
  icon?: string;
  target?: '_self' | '_blank';
  deleted?: boolean;
  children?: readonly MenuSeed[];
}

/** Navigation menus by position (1 top bar, 2 footer); one top entry sits in the recycle bin. */
export const MENUS: Readonly<Record<1 | 2, readonly MenuSeed[]>> = {
  1: [
    { name: '首页', url: '/', icon: 'home' },
    {
      name: '课程中心',
      url: '/courses',
      icon: 'book',
      children: [
        { name: '小学课程', url: '/courses?stage=primary' },
        { name: '初中课程', url: '/courses?stage=junior' },
        { name: '高中课程', url: '/courses?stage=senior' },
        { name: '大学课程', url: '/courses?stage=university' },
      ],
    },
    {
      name: '题库',
      url: '/questions',
      icon: 'edit',
      children: [
        { name: '每日一题', url: '/questions/daily' },
        { name: '在线练习', url: '/questions/practice' },
      ],
    },
    { name: '资源中心', url: '/resources', icon: 'folder' },
    { name: '新闻动态', url: '/news', icon: 'news' },
    { name: '关于我们', url: '/about', icon: 'info' },
    { name: '旧版首页', url: '/legacy', icon: 'history', deleted: true },
  ],
  2: [
    { name: '关于我们', url: '/about' },
    { name: '联系我们', url: '/contact' },
    { name: '用户协议', url: '/agreement' },
    { name: '隐私政策', url: '/privacy' },
    { name: '帮助中心', url: '/help' },
    { name: '国家智慧教育平台', url: 'https://www.smartedu.cn', target: '_blank' },
  ],
};

/** Ads (images in apps/web/public/seed/ads, served with the console): [position, title, image, link, clicks, schedule: days from now [start, end] or null, isActive]. */
export const ADS: ReadonlyArray<readonly [string, string, string, string | null, number, readonly [number, number] | null, boolean]> = [
  ['首页轮播图', '2026年春季学期精品课程上线', '/seed/ads/banner-spring-courses.svg', '/courses', 1268, [-20, 70], true],
  ['首页轮播图', '中考冲刺百日备考专题', '/seed/ads/banner-zhongkao.svg', '/news', 934, [-10, 90], true],
  ['首页轮播图', '名师直播课堂 每周三晚七点', '/seed/ads/banner-live.svg', '/courses?live=1', 512, null, true],
  ['首页横幅', '每日一题 坚持学习打卡', '/seed/ads/strip-daily-question.svg', '/questions/daily', 2031, null, true],
  ['侧边栏', '下载优质教学资源', '/seed/ads/side-resources.svg', '/resources', 387, null, true],
  ['侧边栏', '寒假线上夏令营报名（已结束）', '/seed/ads/side-winter-camp.svg', '/news', 145, [-90, -30], false],
  ['文章详情页', '国家智慧教育公共服务平台', '/seed/ads/detail-smartedu.svg', 'https://www.smartedu.cn', 76, null, true],
];

/** Friend links: [name, url, logo (image links; SVGs in apps/web/public/seed/links, served with the console)]. */
export const FRIEND_LINKS: ReadonlyArray<readonly [string, string, string | null]> = [
  ['中华人民共和国教育部', 'https://www.moe.gov.cn', null],
  ['国家智慧教育公共服务平台', 'https://www.smartedu.cn', null],
  ['国家中小学智慧教育平台', 'https://basic.smartedu.cn', null],
  ['中国教育在线', 'https://www.eol.cn', null],
  ['中国教育新闻网', 'https://www.jyb.cn', null],
  ['中国大学MOOC', 'https://www.icourse163.org', null],
  ['学堂在线', 'https://www.xuetangx.com', null],
  ['中国知网', 'https://www.cnki.net', null],
  ['人民教育出版社', 'https://www.pep.com.cn', '/seed/links/pep.svg'],
  ['中国高等教育学生信息网', 'https://www.chsi.com.cn', '/seed/links/chsi.svg'],
];

/** Roles and the class types whose root categories they may manage (static Admin manages all without grants). */
export const ROLE_CATEGORY_GRANTS: Readonly<Record<string, readonly number[]>> = {
  Teacher: [2, 3, 5],
  Editor: [1, 2, 5],
  Auditor: [1, 5],
};

/** The built-in classification types, once for every tenant (tenantId null). */
export async function seedBuiltInClassificationTypes(prisma: PrismaClient | Tx, now = new Date()): Promise<void> {
  const creationTime = new Date(now.getTime() - 60 * DAY_MS);
  for (const [i, t] of BUILT_IN_CLASSIFICATION_TYPES.entries()) {
    const found = await prisma.classificationType.findUnique({ where: { id: t.id } });
    if (!found) await prisma.classificationType.create({ data: { ...t, tenantId: null, isStatic: true, sort: i + 1, creationTime } });
  }
}

export async function seedContentStructure(prisma: PrismaClient, tenantId: number, now = new Date()): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      await seedBuiltInClassificationTypes(tx, now);
      const admin = await tx.user.findFirst({ where: { tenantId, normalizedUserName: 'ADMIN', isDeleted: false }, select: { id: true } });
      const s = new StructureSeeder(tx, tenantId, admin?.id ?? null, now);
      await s.categories();
      await s.chapters();
      await s.dictionary();
      await s.menus();
      await s.ads();
      await s.friendLinks();
      await s.roleGrants();
    },
    { timeout: 60_000 },
  );
}

type CategoryKey = string;
const keyOf = (classTypeId: number, parentId: number | null, name: string): CategoryKey => `${classTypeId}|${parentId ?? 0}|${name}`;

class StructureSeeder {
  /** Live categories of the tenant by type, parent and name. */
  private readonly categoryIds = new Map<CategoryKey, { id: number; path: string; level: number }>();

  constructor(
    private readonly tx: Tx,
    private readonly tenantId: number,
    private readonly creatorUserId: number | null,
    private readonly now: Date,
  ) {}

  private daysAgo(days: number): Date {
    return new Date(this.now.getTime() - days * DAY_MS);
  }

  /** Rows written so far: the structure was set up over a week, a few minutes apart (the seed puts them in school hours). */
  private written = 0;

  private get audit() {
    const n = this.written++;
    const creationTime = new Date(this.daysAgo(45 - (n % 7)).getTime() + ((n * 7) % 600) * 60_000);
    return { tenantId: this.tenantId, creatorUserId: this.creatorUserId, creationTime };
  }

  async categories(): Promise<void> {
    const existing = await this.tx.multiLevelCategory.findMany({
      where: { tenantId: this.tenantId, isDeleted: false },
      select: { id: true, classTypeId: true, parentId: true, name: true, path: true, level: true },
    });
    for (const c of existing) this.categoryIds.set(keyOf(c.classTypeId, c.parentId, c.name), c);
    for (const [type, roots] of Object.entries(CATEGORY_TREES)) await this.nodes(Number(type), roots, null);
  }

  private async nodes(classTypeId: number, nodes: readonly Node[], parent: { id: number; path: string; level: number } | null): Promise<void> {
    for (const [i, node] of nodes.entries()) {
      const [name, children] = typeof node === 'string' ? [node, [] as const] : node;
      const key = keyOf(classTypeId, parent?.id ?? null, name);
      let row = this.categoryIds.get(key);
      if (!row) {
        const created = await this.tx.multiLevelCategory.create({
          data: { ...this.audit, classTypeId, parentId: parent?.id ?? null, name, sort: i + 1, level: (parent?.level ?? 0) + 1 },
        });
        const path = `${parent?.path ?? '/'}${created.id}/`;
        await this.tx.multiLevelCategory.update({ where: { id: created.id }, data: { path } });
        row = { id: created.id, path, level: created.level };
        this.categoryIds.set(key, row);
      }
      await this.nodes(classTypeId, children, row);
    }
  }

  /** The category at a path of names under a class type. */
  private categoryAt(classTypeId: number, names: readonly string[]): number {
    let parentId: number | null = null;
    for (const name of names) {
      const row = this.categoryIds.get(keyOf(classTypeId, parentId, name));
      if (!row) throw new Error(`Seed: no category ${names.join(' / ')} of class type ${classTypeId}`);
      parentId = row.id;
    }
    return parentId!;
  }

  async chapters(): Promise<void> {
    const existing = await this.tx.chapterType.findMany({
      where: { tenantId: this.tenantId, isDeleted: false },
      select: { id: true, categoryId: true, parentId: true, name: true },
    });
    const find = (categoryId: number, parentId: number | null, name: string) =>
      existing.find((c) => c.categoryId === categoryId && c.parentId === parentId && c.name === name)?.id;
    for (const { category, chapters } of CHAPTERS) {
      const categoryId = this.categoryAt(2, category);
      for (const [i, [chapter, sections]] of chapters.entries()) {
        const chapterId =
          find(categoryId, null, chapter) ??
          (await this.tx.chapterType.create({ data: { ...this.audit, categoryId, name: chapter, sort: i + 1 } })).id;
        const missing = sections.map((name, j) => ({ name, sort: j + 1 })).filter((s) => find(categoryId, chapterId, s.name) === undefined);
        if (missing.length)
          await this.tx.chapterType.createMany({ data: missing.map((s) => ({ ...this.audit, categoryId, parentId: chapterId, ...s })) });
      }
    }
  }

  async dictionary(): Promise<void> {
    const existing = await this.tx.systemDictionary.findMany({
      where: { tenantId: this.tenantId, isDeleted: false },
      select: { dictionaryType: true, name: true },
    });
    const have = new Set(existing.map((e) => `${e.dictionaryType}|${e.name.toLowerCase()}`));
    const sortInType = new Map<string, number>();
    const data = DICTIONARY.flatMap(([dictionaryType, name, value, remark, isActive]) => {
      const sort = (sortInType.get(dictionaryType) ?? 0) + 1;
      sortInType.set(dictionaryType, sort);
      if (have.has(`${dictionaryType}|${name.toLowerCase()}`)) return [];
      return [{ ...this.audit, dictionaryType, name, value, remark, sort, isActive: isActive ?? true }];
    });
    if (data.length) await this.tx.systemDictionary.createMany({ data });
  }

  async menus(): Promise<void> {
    const existing = await this.tx.navigationMenu.findMany({
      where: { tenantId: this.tenantId },
      select: { id: true, position: true, parentId: true, name: true },
    });
    const add = async (position: number, items: readonly MenuSeed[], parentId: number | null) => {
      for (const [i, m] of items.entries()) {
        let id = existing.find((e) => e.position === position && e.parentId === parentId && e.name === m.name)?.id;
        id ??= (
          await this.tx.navigationMenu.create({
            data: {
              ...this.audit,
              parentId,
              name: m.name,
              url: m.url,
              icon: m.icon ?? null,
              target: m.target ?? '_self',
              position,
              sort: i + 1,
              ...(m.deleted && { isDeleted: true, deletionTime: this.daysAgo(3), deleterUserId: this.creatorUserId }),
            },
          })
        ).id;
        await add(position, m.children ?? [], id);
      }
    };
    for (const position of [1, 2] as const) await add(position, MENUS[position], null);
  }

  async ads(): Promise<void> {
    const existing = await this.tx.advertising.findMany({ where: { tenantId: this.tenantId, isDeleted: false }, select: { title: true } });
    const have = new Set(existing.map((a) => a.title));
    const sortInPosition = new Map<string, number>();
    const data = ADS.flatMap(([position, title, imageUrl, linkUrl, clickCount, schedule, isActive]) => {
      const sort = (sortInPosition.get(position) ?? 0) + 1;
      sortInPosition.set(position, sort);
      if (have.has(title)) return [];
      return [
        {
          ...this.audit,
          categoryId: this.categoryAt(8, [position]),
          title,
          imageUrl,
          linkUrl,
          clickCount,
          sort,
          isActive,
          startTime: schedule ? this.daysAgo(-schedule[0]) : null,
          endTime: schedule ? this.daysAgo(-schedule[1]) : null,
        },
      ];
    });
    if (data.length) await this.tx.advertising.createMany({ data });
  }

  async friendLinks(): Promise<void> {
    const existing = await this.tx.friendLink.findMany({ where: { tenantId: this.tenantId, isDeleted: false }, select: { url: true } });
    const have = new Set(existing.map((l) => l.url));
    const data = FRIEND_LINKS.map(([name, url, logoUrl], i) => ({
      ...this.audit,
      name,
      url,
      logoUrl,
      linkType: logoUrl ? 2 : 1,
      sort: i + 1,
    })).filter((l) => !have.has(l.url));
    if (data.length) await this.tx.friendLink.createMany({ data });
  }

  /** Each role gets the seeded root categories of its class types (a grant covers the subtree). */
  async roleGrants(): Promise<void> {
    for (const [roleName, types] of Object.entries(ROLE_CATEGORY_GRANTS)) {
      const role = await this.tx.role.findFirst({
        where: { tenantId: this.tenantId, normalizedName: roleName.toUpperCase(), isDeleted: false },
        select: { id: true },
      });
      if (!role) continue;
      const roots = types.flatMap((type) =>
        CATEGORY_TREES[type]!.map((node) => ({ id: this.categoryAt(type, [typeof node === 'string' ? node : node[0]]) })),
      );
      const granted = new Set(
        (await this.tx.roleCategoryGrant.findMany({ where: { roleId: role.id }, select: { categoryId: true } })).map((g) => g.categoryId),
      );
      const missing = roots.filter((r) => !granted.has(r.id));
      if (missing.length)
        await this.tx.roleCategoryGrant.createMany({
          data: missing.map((r) => ({
            tenantId: this.tenantId,
            roleId: role.id,
            categoryId: r.id,
            creatorUserId: this.creatorUserId,
            creationTime: this.daysAgo(45),
          })),
        });
    }
  }
}
