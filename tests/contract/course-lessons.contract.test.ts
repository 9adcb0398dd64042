import { AbpError, ClassType, type LearningCourseLessonDto } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Course lessons (课时), the first ordered child collection: written with the
 * course in one call, read back in order with `id` and `sort`, nested
 * validation errors named by full path, a lesson of another course refused.
 * Every response is parsed with the SDK schema by the client.
 */
let backend: Backend;
let admin: SignedIn;
let categoryId: number;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  categoryId = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Course, name: unique('合同课时分类') })).id;
});
afterAll(async () => backend?.close());

const course = (title: string) => ({ title, categoryId, content: '<p>课程介绍</p>' });
const titles = (lessons: LearningCourseLessonDto[] | undefined) => (lessons ?? []).map((l) => [l.sort, l.title]);

describe('LearningCourse lessons', () => {
  it('creates, reorders, changes, removes and adds lessons through Create and Update', async () => {
    const c = admin.client.learningCourse;
    const created = await c.create({
      ...course(unique('合同课时')),
      lessons: [
        { title: '导论', isFree: true },
        { title: '基础', durationMinutes: 40 },
        { title: '进阶', videoUrl: 'https://video.example.cn/3.mp4' },
      ],
    });
    expect(titles(created.lessons)).toEqual([
      [0, '导论'],
      [1, '基础'],
      [2, '进阶'],
    ]);
    expect(created.lessonCount).toBe(3);
    const [intro, , advanced] = created.lessons ?? [];

    const updated = await c.update({
      ...course(created.title),
      id: created.id,
      lessons: [{ id: advanced!.id, title: '进阶（修订）' }, { title: '实战' }, { id: intro!.id, title: '导论', isFree: true }],
    });
    expect(titles(updated.lessons)).toEqual([
      [0, '进阶（修订）'],
      [1, '实战'],
      [2, '导论'],
    ]);
    expect(updated.lessons?.[0]?.id).toBe(advanced!.id);
    expect(updated.lessons?.[2]?.id).toBe(intro!.id);
    expect(titles((await c.get({ Id: created.id })).lessons)).toEqual(titles(updated.lessons));

    const listed = (await c.getAll({ Keyword: created.title })).items.find((i) => i.id === created.id);
    expect(listed?.lessonCount).toBe(3);
  });

  it('names nested validation errors by full path and refuses another course’s lesson', async () => {
    const c = admin.client.learningCourse;
    // The client sends input as given; the server validates it.
    const bad = await c.create({ ...course(unique('合同坏课时')), lessons: [{ title: '好' }, { title: '' }] }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AbpError);
    expect(bad instanceof AbpError && bad.fieldErrors()['lessons[1].title']).toBeTruthy();

    const other = await c.create({ ...course(unique('合同别人课')), lessons: [{ title: '别人的课' }] });
    const mine = await c.create({ ...course(unique('合同我的课')), lessons: [] });
    const err = await c
      .update({ ...course(mine.title), id: mine.id, lessons: [{ id: other.lessons![0]!.id, title: '抢' }] })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'validation', status: 400 });
    expect(err instanceof AbpError && Object.keys(err.fieldErrors())).toEqual(['lessons[0].id']);
    expect(titles((await c.get({ Id: other.id })).lessons)).toEqual([[0, '别人的课']]);
  });
});
