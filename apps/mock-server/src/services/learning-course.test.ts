import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * Course lessons: the first child collection (kit/children.ts). Created,
 * updated (change, remove, add, reorder) and read with the course, in its
 * transaction; nested validation errors carry full paths; ids of other
 * courses' lessons are refused.
 */
const t = useTestApp();
let courseCategory: number;
const api = (path: string) => `/api/services/app/LearningCourse/${path}`;

type Lesson = { id: number; sort: number; title: string; videoUrl: string | null; durationMinutes: number; isFree: boolean };

const course = (title: string, lessons?: unknown[]) => ({
  title,
  categoryId: courseCategory,
  content: '<p>课程介绍</p>',
  ...(lessons && { lessons }),
});

async function create(title: string, lessons: unknown[]) {
  const r = await t.call('POST', api('Create'), { token: t.admin, body: course(title, lessons) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { id: number; lessonCount: number; lessons: Lesson[] };
}

const lessonRows = (courseId: number) => t.app.prisma.learningCourseLesson.findMany({ where: { courseId }, orderBy: { sort: 'asc' } });

beforeAll(async () => {
  const r = await t.call('GET', '/api/services/app/MultiLevelCategory/GetCascaderList', { token: t.admin, query: { ClassTypeId: 2 } });
  let node = r.body.result[0];
  while (node.children?.length) node = node.children[0];
  courseCategory = node.value;
});

describe('course lessons', () => {
  it('are seeded on demo courses, in order, the first one a free trial', async () => {
    const list = await t.call('GET', api('GetAll'), { token: t.admin, query: { Sorting: 'id asc', MaxResultCount: 3 } });
    const first = list.body.result.items[0];
    expect(first.lessonCount).toBeGreaterThanOrEqual(3);
    const got = await t.call('GET', api('Get'), { token: t.admin, query: { Id: first.id } });
    const lessons = got.body.result.lessons as Lesson[];
    expect(lessons.map((l) => l.sort)).toEqual(lessons.map((_, i) => i));
    expect(lessons[0]!.isFree).toBe(true);
  });

  it('round trip: create 3, then change one, remove one, add one and reorder in one Update', async () => {
    const created = await create('课时往返', [
      { title: '第一课 导论', durationMinutes: 30, isFree: true },
      { title: '第二课 基础', videoUrl: 'https://video.example.cn/2.mp4', durationMinutes: 45 },
      { title: '第三课 进阶', durationMinutes: 50 },
    ]);
    expect(created.lessonCount).toBe(3);
    expect(created.lessons.map((l) => [l.sort, l.title, l.isFree])).toEqual([
      [0, '第一课 导论', true],
      [1, '第二课 基础', false],
      [2, '第三课 进阶', false],
    ]);
    const [first, second, third] = created.lessons as [Lesson, Lesson, Lesson];
    const before = await lessonRows(created.id);
    expect(before.every((l) => l.tenantId === 1 && l.creatorUserId !== null)).toBe(true);

    const updated = await t.call('PUT', api('Update'), {
      token: t.admin,
      body: {
        id: created.id,
        ...course('课时往返'),
        lessons: [
          { id: third.id, title: '第三课 进阶（修订）', durationMinutes: 55 },
          { title: '第四课 实战', durationMinutes: 60 },
          { id: first.id, title: first.title, durationMinutes: 30, isFree: true },
        ],
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const lessons = updated.body.result.lessons as Lesson[];
    expect(lessons.map((l) => [l.sort, l.title])).toEqual([
      [0, '第三课 进阶（修订）'],
      [1, '第四课 实战'],
      [2, '第一课 导论'],
    ]);
    expect(lessons[0]!.id).toBe(third.id);
    expect(lessons[2]!.id).toBe(first.id);
    expect([first.id, second.id, third.id]).not.toContain(lessons[1]!.id);

    const rows = await lessonRows(created.id);
    expect(rows).toHaveLength(3);
    // The removed lesson is gone (hard delete); a moved lesson is modified, a new one is not.
    expect(await t.app.prisma.learningCourseLesson.count({ where: { id: second.id } })).toBe(0);
    expect(rows.find((r) => r.id === third.id)!.lastModificationTime).not.toBeNull();
    expect(rows.find((r) => r.id === lessons[1]!.id)!.lastModificationTime).toBeNull();

    // Get reads them back in order; lists give the count only.
    const got = await t.call('GET', api('Get'), { token: t.admin, query: { Id: created.id } });
    expect((got.body.result.lessons as Lesson[]).map((l) => l.id)).toEqual(lessons.map((l) => l.id));
    const list = await t.call('GET', api('GetAll'), { token: t.admin, query: { Keyword: '课时往返' } });
    expect(list.body.result.items[0].lessonCount).toBe(3);
    expect(list.body.result.items[0].lessons).toBeUndefined();

    // Without `lessons` an Update leaves them as they are.
    const untouched = await t.call('PUT', api('Update'), { token: t.admin, body: { id: created.id, ...course('课时往返 改名') } });
    expect(untouched.status).toBe(200);
    expect(untouched.body.result.lessonCount).toBe(3);
  });

  it('answers a nested validation error as ABP 400 with the full path', async () => {
    const r = await t.call('POST', api('Create'), {
      token: t.admin,
      body: course('嵌套校验', [{ title: '好的一课' }, { title: '' }, { title: '时长错误', durationMinutes: 2000 }]),
    });
    expect(r.status).toBe(400);
    const members = (r.body.error.validationErrors as Array<{ members: string[] }>).flatMap((e) => e.members);
    expect(members).toContain('lessons[1].title');
    expect(members).toContain('lessons[2].durationMinutes');
    expect(await t.app.prisma.learningCourse.count({ where: { title: '嵌套校验' } })).toBe(0);
  });

  it('refuses more than 200 lessons', async () => {
    const r = await t.call('POST', api('Create'), {
      token: t.admin,
      body: course(
        '太多课时',
        Array.from({ length: 201 }, (_, i) => ({ title: `第${i + 1}课` })),
      ),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.validationErrors[0].members).toEqual(['lessons']);
  });

  it("refuses another course's lesson id (400 on the field) and writes nothing of the call", async () => {
    const mine = await create('我的课程', [{ title: '我的第一课' }]);
    const theirs = await create('别人的课程', [{ title: '别人的第一课' }]);
    const foreign = theirs.lessons[0]!.id;
    const r = await t.call('PUT', api('Update'), {
      token: t.admin,
      body: { id: mine.id, ...course('我的课程 已改名'), lessons: [{ title: '新增一课' }, { id: foreign, title: '抢过来的课' }] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.validationErrors).toEqual([expect.objectContaining({ members: ['lessons[1].id'] })]);
    // One transaction: the course's own update is rolled back with the lessons.
    expect((await t.app.prisma.learningCourse.findUniqueOrThrow({ where: { id: mine.id } })).title).toBe('我的课程');
    expect((await lessonRows(mine.id)).map((l) => l.title)).toEqual(['我的第一课']);
    expect((await lessonRows(theirs.id)).map((l) => [l.id, l.title, l.courseId])).toEqual([[foreign, '别人的第一课', theirs.id]]);
  });

  it('refuses an id given twice, and any id on Create (nothing is created)', async () => {
    const c = await create('重复编号', [{ title: '一' }, { title: '二' }]);
    const [a] = c.lessons as [Lesson];
    const twice = await t.call('PUT', api('Update'), {
      token: t.admin,
      body: {
        id: c.id,
        ...course('重复编号'),
        lessons: [
          { id: a.id, title: '一' },
          { id: a.id, title: '一again' },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.validationErrors[0].members).toEqual(['lessons[1].id']);
    const onCreate = await t.call('POST', api('Create'), { token: t.admin, body: course('带编号新建', [{ id: a.id, title: '一' }]) });
    expect(onCreate.status).toBe(400);
    expect(onCreate.body.error.validationErrors[0].members).toEqual(['lessons[0].id']);
    expect(await t.app.prisma.learningCourse.count({ where: { title: '带编号新建' } })).toBe(0);
  });
});
