/**
 * The seed check: what a teacher would distrust at first sight of the demo.
 * Every seeded item sits under its right stage and subject (per subject a
 * list of keywords its text must show), courses hang on a chapter of their
 * own category that names their topic, no number carries a float artefact,
 * money is whole fen, and every seeded moment falls in school hours in
 * Asia/Shanghai. Reads the seeded file directly (every table, every column),
 * so a new seeded table is checked without a change here.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFilePath } from '../src/client.ts';
import { seededDatabase, type TempDatabase } from '../src/testing.ts';

/** The subjects of the seeded trees and the words one of their items shows (any one is enough). */
const SUBJECT_KEYWORDS: Readonly<Record<string, RegExp>> = {
  语文: /诗|词|句|读书|成语|作者|作家|作品|《|文章|修辞|阅读|默写|文言|汉字|拼音|识字|课文|古文|写作|作文|名著|背影|论语/,
  数学: /[=＝%]|\d 元|偶数|奇数|平均|正数|负数|相交|平行|方程|函数|计算|数列|三角|角|面积|周长|集合|不等式|有理数|整式|因式|概率|向量|导数|平方|根|圆|质数|公倍数|百分|几何|坐标|代数|数学|微积分|积分|极限|矩阵|线性代数|绝对值|相反数|比例|分数|小数|约数|倍/,
  英语: /\b[a-z]{3,}\b|英语|English|单词|语法|听力/,
  物理: /晶体|速度|力|压强|电|光|声|温度|熔化|凝固|汽化|升华|密度|功|能量|质量|运动|\bm\/s\b|\bPa\b|Ω|\bJ\b|\bW\b|\bN\b|浮力|透镜|折射|反射|物理|物态|机械|欧姆|磁/,
  化学: /元素|化学|分子|原子|氧|氢|碳|氮|反应|溶液|酸|碱|盐|化合价|分子质量|[A-Z][a-z]?[₂₃₄]|燃烧|纯净物|混合物|催化|金属/,
};
const SUBJECTS = Object.keys(SUBJECT_KEYWORDS);
/** University courses of the trees, by the keyword their items show. */
const COURSE_KEYWORDS: Readonly<Record<string, RegExp>> = {
  高等数学: /微积分|极限|导数|积分|函数|级数|微分/,
  线性代数: /矩阵|行列式|向量|线性/,
  大学英语: /英语|四级|六级|English/,
  大学物理: /物理|力学|电磁|实验|热学|光学/,
};
/** Topics below or beyond a stage's mathematics: primary arithmetic in 初中/高中, senior topics in 小学. */
const MATH_OUT_OF_STAGE: Readonly<Record<string, RegExp>> = {
  小学: /导数|向量|对数|三角函数|集合|数列|方程组|函数|sin|cos/,
  初中: /长方形|正方形的周长|质数|合数|奇数|偶数|最小公倍数|最大公约数|π 取 3\.14|导数|向量|对数|数列|计算：\d+ \+ \d+ × \d+/,
  高中: /长方形|质数|合数|奇数|偶数|最小公倍数|最大公约数|π 取 3\.14|计算：\d+ \+ \d+ × \d+|有理数的加法/,
};
/** School hours in Asia/Shanghai (UTC+8): from 07:00 to before 22:00, evening study included. */
const SCHOOL_FROM_MIN = 7 * 60;
const SCHOOL_UNTIL_MIN = 22 * 60;
/** Columns holding a calendar day (stored at 00:00 Asia/Shanghai), not a moment. */
const DATE_ONLY_COLUMNS = new Set(['OneQuestionPerday.publishDate']);
/** Columns holding money (whole fen). */
const MONEY_COLUMN = /amount|balance|price|fee|money/i;
/** A number written with more than four decimals: a float artefact such as 3.3333333333333335. */
const FLOAT_ARTEFACT = /\d\.\d{5,}/;

const text = (html: string | null) => (html ?? '').replace(/<[^>]*>/g, ' ');
const subjectsIn = (s: string) => SUBJECTS.filter((subject) => SUBJECT_KEYWORDS[subject]!.test(s));

let db: TempDatabase;
let sqlite: Database.Database;
interface Category {
  id: number;
  parentId: number | null;
  name: string;
  classTypeId: number;
}
let categories: Map<number, Category>;
/** The names from the root to a category. */
const pathOf = (id: number | null): string[] => {
  const out: string[] = [];
  for (let c = id === null ? undefined : categories.get(id); c; c = c.parentId === null ? undefined : categories.get(c.parentId)) out.unshift(c.name);
  return out;
};
const all = <T>(sql: string): T[] => sqlite.prepare(sql).all() as T[];

beforeAll(async () => {
  db = await seededDatabase('seed-check');
  sqlite = new Database(sqliteFilePath(db.url), { readonly: true });
  categories = new Map(all<Category>('SELECT id, parentId, name, classTypeId FROM MultiLevelCategory WHERE isDeleted = 0').map((c) => [c.id, c]));
});
afterAll(() => {
  sqlite.close();
  db.remove();
});

/** The misfiled ones among items: text and category path; each item's text must show its category's subject. */
function misfiled(items: ReadonlyArray<{ label: string; text: string; categoryId: number | null }>): string[] {
  return items.flatMap(({ label, text: t, categoryId }) => {
    const path = pathOf(categoryId);
    const subject = path.find((n) => SUBJECTS.includes(n));
    const course = path.find((n) => n in COURSE_KEYWORDS);
    if (course) return COURSE_KEYWORDS[course]!.test(t) ? [] : [`${label} under ${path.join('/')}`];
    if (!subject) return [`${label} under ${path.join('/') || 'no category'}: no subject`];
    if (!SUBJECT_KEYWORDS[subject]!.test(t)) return [`${label} under ${path.join('/')} (reads as ${subjectsIn(t).join(',') || 'nothing'})`];
    const stage = path[0] ?? '';
    if (subject === '数学' && MATH_OUT_OF_STAGE[stage]?.test(t)) return [`${label} under ${path.join('/')}: not ${stage} mathematics`];
    return [];
  });
}

describe('seed check: every item under its right stage and subject', () => {
  it('daily questions', () => {
    const rows = all<{ title: string; content: string; answer: string; categoryId: number | null }>(
      'SELECT title, content, answer, categoryId FROM OneQuestionPerday',
    );
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(misfiled(rows.map((r) => ({ label: r.title, text: `${r.title} ${text(r.content)} ${r.answer}`, categoryId: r.categoryId })))).toEqual([]);
  });

  it('resources', () => {
    const rows = all<{ title: string; description: string | null; categoryId: number }>('SELECT title, description, categoryId FROM Resource');
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(misfiled(rows.map((r) => ({ label: r.title, text: r.title, categoryId: r.categoryId })))).toEqual([]);
  });

  it('courses, each on a chapter of its own category that names its topic', () => {
    const rows = all<{ title: string; categoryId: number; chapterTypeId: number | null; isUniversity: number }>(
      'SELECT title, categoryId, chapterTypeId, isUniversity FROM LearningCourse',
    );
    const chapters = new Map(
      all<{ id: number; categoryId: number; parentId: number | null; name: string }>('SELECT id, categoryId, parentId, name FROM ChapterType').map(
        (c) => [c.id, c],
      ),
    );
    expect(misfiled(rows.map((r) => ({ label: r.title, text: r.title, categoryId: r.categoryId })))).toEqual([]);
    const wrong = rows.flatMap((r) => {
      if (r.chapterTypeId === null) return r.isUniversity ? [] : [`${r.title}: no chapter`];
      const section = chapters.get(r.chapterTypeId);
      const chapter = section?.parentId ? chapters.get(section.parentId) : undefined;
      if (!section || section.categoryId !== r.categoryId) return [`${r.title}: chapter of another category`];
      const names = `${chapter?.name ?? ''} ${section.name}`;
      return sharesWords(r.title, names) ? [] : [`${r.title} on ${names}`];
    });
    expect(wrong).toEqual([]);
  });

  it('questions of the bank, and mathematics of the stage', () => {
    const rows = all<{ id: number; stem: string; subQuestionsJson: string | null; categoryId: number }>(
      'SELECT id, stem, subQuestionsJson, categoryId FROM TestQuestion',
    );
    const options = new Map<number, string[]>();
    for (const o of all<{ questionId: number; content: string }>('SELECT questionId, content FROM TestQuestionOption'))
      options.set(o.questionId, [...(options.get(o.questionId) ?? []), o.content]);
    expect(rows.length).toBeGreaterThan(1500);
    const items = rows.map((r) => ({
      label: `#${r.id} ${text(r.stem).slice(0, 40)}`,
      text: `${text(r.stem)} ${(options.get(r.id) ?? []).join(' ')} ${r.subQuestionsJson ?? ''}`,
      categoryId: r.categoryId,
    }));
    expect(misfiled(items).slice(0, 20)).toEqual([]);
  });

  it('papers draw their questions from the stage and subject their title names', () => {
    const rows = all<{ title: string; categoryId: number; qcat: number }>(
      'SELECT p.title, p.categoryId, q.categoryId AS qcat FROM TestPaper p JOIN TestPaperQuestion pq ON pq.paperId = p.id JOIN TestQuestion q ON q.id = pq.questionId WHERE p.isUniversity = 0',
    );
    const wrong = new Set<string>();
    for (const r of rows) {
      const [stage] = pathOf(r.categoryId);
      const [qStage, qSubject] = pathOf(r.qcat);
      const named = SUBJECTS.filter((s) => r.title.includes(s));
      if (qStage !== stage || !qSubject || !named.includes(qSubject)) wrong.add(`${r.title}: a question of ${qStage}/${qSubject}`);
    }
    expect(rows.length).toBeGreaterThan(50);
    expect([...wrong]).toEqual([]);
  });

  it('no paper, manual or random, holds one question or one stem twice', () => {
    const rows = all<{ title: string; questionId: number; stem: string }>(
      'SELECT p.title, pq.questionId, q.stem FROM TestPaper p JOIN TestPaperQuestion pq ON pq.paperId = p.id JOIN TestQuestion q ON q.id = pq.questionId WHERE p.isDeleted = 0',
    );
    const seen = new Map<string, Set<string>>();
    const repeated: string[] = [];
    for (const r of rows) {
      const keys = seen.get(r.title) ?? new Set<string>();
      for (const key of [`#${r.questionId}`, normalizedStem(r.stem)]) if (keys.has(key)) repeated.push(`${r.title}: ${key}`);
      keys.add(`#${r.questionId}`).add(normalizedStem(r.stem));
      seen.set(r.title, keys);
    }
    expect(seen.size).toBeGreaterThan(10);
    expect(repeated).toEqual([]);
  });

  it('the first page of the question list (newest first) is not a run of near-duplicates', () => {
    const page = all<{ stem: string; categoryId: number }>('SELECT stem, categoryId FROM TestQuestion WHERE isDeleted = 0 ORDER BY id DESC LIMIT 20');
    const skeleton = (s: string) =>
      text(s)
        .replace(/“[^”]*”|《[^》]*》|（[^）]*）|\([^)]*\)/g, '…')
        .replace(/[\d.]+|[A-Za-z]+/g, '#')
        .replace(/\s+/g, '');
    // Today's seed: 5 skeletons on the first page, all one subject; a mix shows a dozen or more over several subjects.
    expect(new Set(page.map((p) => skeleton(p.stem))).size).toBeGreaterThanOrEqual(12);
    expect(new Set(page.map((p) => pathOf(p.categoryId).join('/'))).size).toBeGreaterThanOrEqual(4);
  });
});

/** A stem as a reader compares it: its text without markup, spaces and punctuation. */
function normalizedStem(stem: string): string {
  return text(stem).replace(/[\s\p{P}]/gu, '');
}

/** Whether two titles share a word: two or more Chinese characters (or a Latin word) in a row. */
function sharesWords(a: string, b: string): boolean {
  const grams = new Set<string>();
  for (const run of a.match(/\p{Script=Han}+|[A-Za-z]{3,}/gu) ?? [])
    if (/^[A-Za-z]/.test(run)) grams.add(run.toLowerCase());
    else for (let i = 0; i + 2 <= run.length; i++) grams.add(run.slice(i, i + 2));
  const other = b.toLowerCase();
  return [...grams].some((g) => other.includes(g));
}

interface Column {
  table: string;
  name: string;
  type: string;
}
const columns = (): Column[] =>
  all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma%'").flatMap(
    (t) => all<{ name: string; type: string }>(`SELECT name, type FROM pragma_table_info('${t.name}')`).map((c) => ({ table: t.name, ...c })),
  );

describe('seed check: numbers as a teacher writes them', () => {
  it('no text or number of any table carries a float artefact (more than four decimals)', () => {
    const found: string[] = [];
    for (const c of columns().filter((x) => /TEXT|REAL|FLOAT|DECIMAL/i.test(x.type))) {
      const rows = all<{ v: string | number }>(`SELECT "${c.name}" AS v FROM "${c.table}" WHERE "${c.name}" IS NOT NULL`);
      for (const { v } of rows)
        if (FLOAT_ARTEFACT.test(String(v)) && !/^\d{4}-\d\d-\d\dT/.test(String(v))) found.push(`${c.table}.${c.name}: ${String(v).slice(0, 80)}`);
    }
    expect(found.slice(0, 20)).toEqual([]);
  });

  it('money is whole fen', () => {
    const found: string[] = [];
    const money = columns().filter((c) => MONEY_COLUMN.test(c.name));
    expect(money.length).toBeGreaterThan(3);
    for (const c of money) {
      const rows = all<{ v: unknown }>(`SELECT "${c.name}" AS v FROM "${c.table}" WHERE "${c.name}" IS NOT NULL`);
      for (const { v } of rows) if (typeof v !== 'number' || !Number.isInteger(v)) found.push(`${c.table}.${c.name}: ${String(v)}`);
    }
    expect(found.slice(0, 20)).toEqual([]);
  });
});

describe('seed check: times in school hours (Asia/Shanghai), spread over days', () => {
  const moments = () =>
    columns()
      .filter((c) => /DATE/i.test(c.type))
      .flatMap((c) =>
        all<{ v: string }>(`SELECT "${c.name}" AS v FROM "${c.table}" WHERE "${c.name}" IS NOT NULL`).map(({ v }) => ({
          column: `${c.table}.${c.name}`,
          at: new Date(v),
        })),
      );
  const minuteOfDay = (d: Date) => {
    const local = new Date(d.getTime() + 8 * 3_600_000);
    return local.getUTCHours() * 60 + local.getUTCMinutes();
  };

  it('every seeded moment lies between 07:00 and 22:00; calendar days sit at 00:00', () => {
    const all = moments();
    expect(all.length).toBeGreaterThan(5000);
    const wrong = all.filter(({ column, at }) => {
      const m = minuteOfDay(at);
      return DATE_ONLY_COLUMNS.has(column) ? m !== 0 : m < SCHOOL_FROM_MIN || m >= SCHOOL_UNTIL_MIN;
    });
    const byColumn = new Map<string, number>();
    for (const w of wrong) byColumn.set(w.column, (byColumn.get(w.column) ?? 0) + 1);
    expect(Object.fromEntries(byColumn)).toEqual({});
  });

  it('the times of a day are spread: no clock time holds more than a tenth of the moments', () => {
    const counts = new Map<number, number>();
    const all = moments().filter((m) => !DATE_ONLY_COLUMNS.has(m.column));
    for (const { at } of all) counts.set(minuteOfDay(at), (counts.get(minuteOfDay(at)) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThan(all.length / 10);
    expect(new Set(all.map(({ at }) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10))).size).toBeGreaterThan(60);
  });
});
