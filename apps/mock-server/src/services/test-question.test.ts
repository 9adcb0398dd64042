import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../testing/tenants.ts';
import { useTestApp } from '../testing/test-app.ts';
import { normaliseQuestionText as normaliseText, questionFingerprint as fingerprintOf } from '@edu/sdk';

/**
 * The question bank: answer rules per type (with field paths), options as a
 * child collection, the two-step review, show state, sister families,
 * duplicate warnings, the variant permissions, tenant isolation and the
 * statistics on a section of known data.
 */
const t = useTestApp();
let section: number;
let childA: number;
let childB: number;
const api = (path: string) => `/api/services/app/TestQuestion/${path}`;
const app = (path: string) => `/api/services/app/${path}`;

type Body = Record<string, unknown>;
const single = (stem: string, extra: Body = {}): Body => ({
  questionType: 1,
  stem: `<p>${stem}</p>`,
  categoryId: childA,
  options: [{ content: '北京', isCorrect: true }, { content: '上海' }, { content: '广州' }, { content: '深圳' }],
  ...extra,
});

async function create(body: Body, token = t.admin) {
  const r = await t.call('POST', api('CreateQuestion'), { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}
async function rejected(body: Body): Promise<string[]> {
  const r = await t.call('POST', api('CreateQuestion'), { token: t.admin, body });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return r.body.error.validationErrors.flatMap((e: { members: string[] }) => e.members);
}

async function category(name: string, parentId?: number): Promise<number> {
  const r = await t.call('POST', app('MultiLevelCategory/Create'), { token: t.admin, body: { classTypeId: 3, name, ...(parentId && { parentId }) } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.id;
}

async function makeUser(userName: string, permissions: string[], identity = 2) {
  const role = await t.call('POST', app('Role/Create'), {
    token: t.admin,
    body: { name: userName, displayName: userName, grantedPermissions: ['Pages', 'Pages.Questions', ...permissions], grantedCategoryIds: [section] },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const res = await t.call('POST', app('User/Create'), {
    token: t.admin,
    body: {
      userName,
      name: '老',
      surname: '师',
      emailAddress: `${userName}@example.edu.cn`,
      password: 'Passw0rd!',
      roleNames: [userName],
      identity,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.result.id as number, token: await t.login(userName, 'Passw0rd!', 1) };
}

beforeAll(async () => {
  section = await category('统计测试学科');
  childA = await category('第一章', section);
  childB = await category('第二章', section);
});

describe('the seeded bank', () => {
  it('has two thousand questions of every type, difficulty and review state, with chapters and sister families, all readable', async () => {
    const rows = await t.app.prisma.testQuestion.findMany({ where: { tenantId: 1 } });
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(rows.map((r) => r.fingerprint)).size).toBe(rows.length);
    // Knowledge points: nearly every question sits in a section (second-level chapter) of its own category.
    const chapters = new Map((await t.app.prisma.chapterType.findMany()).map((c) => [c.id, c]));
    const placed = rows.filter((r) => r.chapterTypeId !== null);
    expect(placed.length / rows.length).toBeGreaterThan(0.9);
    expect(
      placed.every((r) => chapters.get(r.chapterTypeId!)?.categoryId === r.categoryId && chapters.get(r.chapterTypeId!)?.parentId !== null),
    ).toBe(true);
    expect(new Set(rows.map((r) => r.questionType))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(new Set(rows.map((r) => r.difficulty))).toEqual(new Set([1, 2, 3]));
    expect(new Set(rows.map((r) => `${r.auditStatus}/${r.reviewStep}`))).toEqual(new Set(['0/0', '0/1', '1/1', '2/0']));
    expect(rows.some((r) => !r.isShow) && rows.some((r) => r.isUniversity)).toBe(true);
    const families = new Map<number, number>();
    for (const r of rows) if (r.sisterGroupId !== null) families.set(r.sisterGroupId, (families.get(r.sisterGroupId) ?? 0) + 1);
    expect(families.size).toBeGreaterThanOrEqual(3);
    expect([...families.values()].every((n) => n >= 2)).toBe(true);
    // Every seeded row maps onto the DTO (a bad one would be a 500 here): both banks, page by page.
    let read = 0;
    let total = 0;
    for (const IsUniversity of [false, true])
      for (let SkipCount = 0; ; SkipCount += 1000) {
        const r = await t.call('GET', api('GetAllQuestion'), { token: t.admin, query: { MaxResultCount: 1000, SkipCount, IsUniversity } });
        expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
        read += r.body.result.result.items.length;
        if (SkipCount === 0) total += r.body.result.result.totalCount;
        if (r.body.result.result.items.length < 1000) break;
      }
    expect([read, total]).toEqual([rows.length, rows.length]);
    const page = await t.call('GET', api('GetAllQuestion'), { token: t.admin, query: { MaxResultCount: 100 } });
    // Fingerprints of the seed are the server's: a re-typed seeded question is flagged as its duplicate.
    const seeded = page.body.result.result.items.find((i: { questionType: number; auditStatus: number }) => i.questionType === 1);
    const copy = await create({
      questionType: 1,
      stem: seeded.stem,
      categoryId: seeded.categoryId,
      options: [...seeded.options].reverse().map((o: { content: string; isCorrect: boolean }) => ({ content: o.content, isCorrect: o.isCorrect })),
    });
    expect(copy.duplicateIds).toContain(seeded.id);
  });
});

describe('answer rules per type', () => {
  it('accepts a valid question of each type and reads it back', async () => {
    const s = await create(single('中国的首都是？'));
    expect(s).toMatchObject({ questionType: 1, title: '中国的首都是？', score: 2, difficulty: 2, auditStatus: 0, isShow: true });
    expect(s.options.map((o: { label: string; isCorrect: boolean }) => [o.label, o.isCorrect])).toEqual([
      ['A', true],
      ['B', false],
      ['C', false],
      ['D', false],
    ]);
    const m = await create({
      questionType: 2,
      stem: '<p>下列属于质数的是</p>',
      categoryId: childA,
      options: [{ content: '2', isCorrect: true }, { content: '3', isCorrect: true }, { content: '4' }],
    });
    expect(m.options.filter((o: { isCorrect: boolean }) => o.isCorrect)).toHaveLength(2);
    const tf = await create({
      questionType: 3,
      stem: '<p>地球是圆的。</p>',
      categoryId: childA,
      trueFalseAnswer: true,
      blanks: [{ answers: ['x'] }],
    });
    expect(tf).toMatchObject({ trueFalseAnswer: true, blanks: null, options: [] });
    const fb = await create({
      questionType: 4,
      stem: '<p>___ 是水的化学式，___ 是氧气。</p>',
      categoryId: childA,
      blanks: [{ answers: ['H2O', 'H₂O'] }, { answers: [' O2 ', ''] }],
    });
    expect(fb.blanks).toEqual([{ answers: ['H2O', 'H₂O'] }, { answers: ['O2'] }]);
    const sa = await create({ questionType: 5, stem: '<p>简述光合作用。</p>', categoryId: childA, referenceAnswer: '绿色植物利用光能……' });
    expect(sa.referenceAnswer).toBe('绿色植物利用光能……');
    const mat = await create({
      questionType: 6,
      stem: '<p>阅读下面的材料，回答问题。</p>',
      categoryId: childA,
      subQuestions: [
        { questionType: 1, stem: '作者是谁？', score: 3, options: [{ content: '鲁迅', isCorrect: true }, { content: '老舍' }] },
        { questionType: 5, stem: '概括主旨。', score: 5, referenceAnswer: '批判封建礼教' },
      ],
    });
    expect(mat.score).toBe(8);
    expect(mat.subQuestions[0].options[0]).toEqual({ label: 'A', content: '鲁迅', isCorrect: true });
  });

  it('accepts 不定项 (indefinite choice) with one correct option or several, as its own type, in a material question too', async () => {
    const options = (keys: number[]) => ['甲', '乙', '丙', '丁'].map((content, i) => ({ content, isCorrect: keys.includes(i) }));
    const one = await create({ questionType: 7, stem: '<p>不定项：一个答案</p>', categoryId: childA, options: options([1]) });
    expect(one).toMatchObject({ questionType: 7, trueFalseAnswer: null, blanks: null });
    expect(one.options.map((o: { isCorrect: boolean }) => o.isCorrect)).toEqual([false, true, false, false]);
    const several = await create({ questionType: 7, stem: '<p>不定项：三个答案</p>', categoryId: childA, options: options([0, 2, 3]) });
    expect(several.options.filter((o: { isCorrect: boolean }) => o.isCorrect)).toHaveLength(3);
    const mat = await create({
      questionType: 6,
      stem: '<p>材料（含不定项小题）</p>',
      categoryId: childA,
      subQuestions: [{ questionType: 7, stem: '小题', score: 4, options: options([0]) }],
    });
    expect(mat.subQuestions[0]).toMatchObject({ questionType: 7, options: [{ label: 'A', isCorrect: true }, {}, {}, {}] });
    const sub = await rejected({
      questionType: 6,
      stem: '材料',
      categoryId: childA,
      subQuestions: [{ questionType: 7, stem: '小题', options: options([]) }],
    });
    expect(sub).toEqual(['subQuestions[0].options']);
  });

  it('refuses a fill-in question whose answers do not match the blanks its stem marks, naming both counts', async () => {
    const post = (stem: string, answers: string[][], culture = 'zh-Hans') =>
      t.call('POST', api('CreateQuestion'), {
        token: t.admin,
        headers: { 'Accept-Language': culture },
        body: { questionType: 4, stem, categoryId: childA, blanks: answers.map((a) => ({ answers: a })) },
      });
    const fewer = await post('<p>压强的单位是 ____，符号是 ____。</p>', [['帕斯卡']]);
    expect(fewer.status).toBe(400);
    expect(fewer.body.error.validationErrors).toEqual([
      { message: '题干中有 2 个空（____、（  ）或 [[答案]]），但填写了 1 个空的答案。', members: ['blanks'] },
    ]);
    const more = await post('<p>床前明月光，（  ）。</p>', [['疑是地上霜'], ['多余']], 'en');
    expect(more.body.error.validationErrors).toEqual([
      { message: 'The stem marks 1 blank(s) (____, (  ) or [[answer]]) but 2 answer(s) are given.', members: ['blanks'] },
    ]);
    expect((await post('<p>没有标出空的题干</p>', [['甲']])).body.error.validationErrors[0].members).toEqual(['blanks']);
    const ok = await post('<p>[[李白]]字太白，号 ____，（ ）人。</p>', [['李白'], ['青莲居士'], ['唐朝']]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('names the field of each broken rule', async () => {
    // single choice: two keys, no key, too few options, repeated option
    expect(
      await rejected(single('两个答案', { options: [{ content: 'a', isCorrect: true }, { content: 'b' }, { content: 'c', isCorrect: true }] })),
    ).toEqual(['options[2].isCorrect']);
    expect(await rejected(single('没有答案', { options: [{ content: 'a' }, { content: 'b' }] }))).toEqual(['options']);
    expect(await rejected(single('一个选项', { options: [{ content: 'a', isCorrect: true }] }))).toEqual(['options']);
    expect(await rejected(single('重复选项', { options: [{ content: 'ａ', isCorrect: true }, { content: ' a ' }] }))).toEqual(['options[1].content']);
    // multiple choice: one key only
    expect(
      await rejected({ questionType: 2, stem: '多选', categoryId: childA, options: [{ content: 'a', isCorrect: true }, { content: 'b' }] }),
    ).toEqual(['options']);
    // true/false: no answer; options on a non-choice question
    expect(await rejected({ questionType: 3, stem: '判断', categoryId: childA })).toEqual(['trueFalseAnswer']);
    expect(await rejected({ questionType: 3, stem: '判断', categoryId: childA, trueFalseAnswer: false, options: [{ content: 'a' }] })).toEqual([
      'options',
    ]);
    // fill in the blank: no blanks; a blank without an answer
    expect(await rejected({ questionType: 4, stem: '填空', categoryId: childA })).toEqual(['blanks']);
    expect(
      await rejected({ questionType: 4, stem: '甲____，乙（  ）', categoryId: childA, blanks: [{ answers: ['甲'] }, { answers: ['  '] }] }),
    ).toEqual(['blanks[1].answers']);
    // indefinite choice: no key at all
    expect(await rejected({ questionType: 7, stem: '不定项', categoryId: childA, options: [{ content: 'a' }, { content: 'b' }] })).toEqual([
      'options',
    ]);
    // short answer without reference
    expect(await rejected({ questionType: 5, stem: '简答', categoryId: childA })).toEqual(['referenceAnswer']);
    // material: none, nested material, a broken sub-question; sub-questions on another type
    expect(await rejected({ questionType: 6, stem: '材料', categoryId: childA })).toEqual(['subQuestions']);
    expect(
      await rejected({
        questionType: 6,
        stem: '材料',
        categoryId: childA,
        subQuestions: [
          { questionType: 6, stem: '套娃' },
          {
            questionType: 1,
            stem: '小题',
            options: [
              { content: 'a', isCorrect: true },
              { content: 'b', isCorrect: true },
            ],
          },
        ],
      }),
    ).toEqual(['subQuestions[0].questionType', 'subQuestions[1].options[1].isCorrect']);
    expect(await rejected(single('带小题', { subQuestions: [{ questionType: 5, stem: 'x', referenceAnswer: 'y' }] }))).toEqual(['subQuestions']);
    // zod-level: unknown type, more than ten options
    expect(await rejected(single('题型', { questionType: 9 }))).toEqual(['questionType']);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ content: `选项${i}`, isCorrect: i === 0 }));
    expect(await rejected(single('十一个选项', { options: eleven }))).toEqual(['options']);
  });
});

describe('options and edits', () => {
  it('round trip: change, remove, add and reorder options in one UpdateQuestion; the type is fixed', async () => {
    const q = await create(single('选项往返'));
    const [a, b, c, d] = q.options;
    const r = await t.call('PUT', api('UpdateQuestion'), {
      token: t.admin,
      body: {
        ...single('选项往返'),
        id: q.id,
        options: [{ id: d.id, content: '深圳（修订）' }, { content: '重庆' }, { id: a.id, content: '北京', isCorrect: true }],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.options.map((o: { label: string; content: string; id: number }) => [o.label, o.content])).toEqual([
      ['A', '深圳（修订）'],
      ['B', '重庆'],
      ['C', '北京'],
    ]);
    expect(r.body.result.options[0].id).toBe(d.id);
    const left = await t.app.prisma.testQuestionOption.findMany({ where: { questionId: q.id } });
    expect(left.map((o) => o.id)).not.toContain(b.id);
    expect(left.map((o) => o.id)).not.toContain(c.id);

    const other = await create(single('别的题'));
    const foreign = await t.call('PUT', api('UpdateQuestion'), {
      token: t.admin,
      body: { ...single('选项往返'), id: q.id, options: [{ id: other.options[0].id, content: 'x', isCorrect: true }, { content: 'y' }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.validationErrors[0].members).toEqual(['options[0].id']);

    const retype = await t.call('PUT', api('UpdateQuestion'), {
      token: t.admin,
      body: { questionType: 3, stem: 'x', categoryId: childA, trueFalseAnswer: true, id: q.id },
    });
    expect(retype.status).toBe(400);
    expect(retype.body.error.validationErrors[0].members).toEqual(['questionType']);
  });

  it('sanitizes stem and analysis and fingerprints ignoring width, spacing, punctuation and option order', async () => {
    const q = await create(single('净化<script>alert(1)</script>', { analysis: '<p onclick="x()">解析</p>' }));
    expect(q.stem).not.toContain('script');
    expect(q.analysis).toBe('<p>解析</p>');
    expect(normaliseText('<p>１＋１＝？ </p>')).toBe(normaliseText('1+1=?'));
    expect(normaliseText('1+1')).not.toBe(normaliseText('1=1'));
    expect(fingerprintOf({ stem: '题，目', options: [{ content: 'A' }, { content: 'B' }] })).toBe(
      fingerprintOf({ stem: '题 目', options: [{ content: 'b' }, { content: 'ａ' }] }),
    );
  });

  it('warns of duplicates on create (full-width, spacing and option order folded)', async () => {
    const first = await create(single('重复检测：太阳从哪边升起？', { options: [{ content: '东', isCorrect: true }, { content: '西' }] }));
    expect(first.duplicateIds).toEqual([]);
    const again = await create(single('重复检测 太阳从哪边升起?', { options: [{ content: '西' }, { content: '东', isCorrect: true }] }));
    expect(again.duplicateIds).toEqual([first.id]);
    const got = await t.call('GET', api('Get'), { token: t.admin, query: { Id: again.id } });
    expect(got.body.result.duplicateIds).toEqual([]);
  });

  it('deletes only with the matching QuestionType', async () => {
    const q = await create(single('待删除'));
    const wrong = await t.call('DELETE', api('DeleteQuestion'), { token: t.admin, query: { Id: q.id, QuestionType: 2 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.validationErrors[0].members).toEqual(['questionType']);
    expect((await t.call('DELETE', api('DeleteQuestion'), { token: t.admin, query: { Id: q.id, QuestionType: 1 } })).status).toBe(200);
    expect((await t.call('GET', api('Get'), { token: t.admin, query: { Id: q.id } })).status).toBe(404);
  });
});

describe('GetAllQuestion', () => {
  it('answers the page nested in result.result, with filters', async () => {
    const r = await t.call('GET', api('GetAllQuestion'), { token: t.admin, query: { CategoryId: section, QuestionType: 4, MaxResultCount: 50 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.result.totalCount).toBeGreaterThanOrEqual(1);
    expect(r.body.result.result.items.every((i: { questionType: number }) => i.questionType === 4)).toBe(true);
    const kw = await t.call('GET', api('GetAllQuestion'), { token: t.admin, query: { Keyword: '光合作用' } });
    expect(kw.body.result.result.items.map((i: { title: string }) => i.title)).toEqual(['简述光合作用。']);
  });
});

describe('review and show state', () => {
  it('goes through 初审 then 复审; AuditTestQuestionFlow refuses the wrong step; an edit sends it back', async () => {
    const teacher = await makeUser('qteacher', ['Pages.Questions.TestQuestion']);
    const firstReviewer = await makeUser('qfirst', ['Pages.Questions.Teachers']);
    const q = await create(single('审核流程题'), teacher.token);
    expect(q).toMatchObject({ auditStatus: 0, reviewStep: 0 });

    const queue = await t.call('GET', api('GetAllModerated'), { token: firstReviewer.token, query: { MaxResultCount: 1000 } });
    expect(queue.body.result.items.map((i: { id: number }) => i.id)).toContain(q.id);

    const early = await t.call('POST', api('AuditTestQuestionFlow'), { token: t.admin, body: { id: q.id, auditStatus: 1, stepName: 'second' } });
    expect(early.status).not.toBe(200);
    expect(early.body.error.message).toContain('初审');

    const first = await t.call('POST', api('AuditTestQuestionFlow'), {
      token: firstReviewer.token,
      body: { id: q.id, auditStatus: 1, stepName: 'first' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toMatchObject({ auditStatus: 0, reviewStep: 1 });
    // the first reviewer cannot decide the second step
    expect((await t.call('POST', api('AuditedTestQuestion'), { token: firstReviewer.token, body: { id: q.id, auditStatus: 1 } })).status).toBe(403);

    const second = await t.call('POST', api('AuditedTestQuestion'), { token: t.admin, body: { id: q.id, auditStatus: 1 } });
    expect(second.body.result).toMatchObject({ auditStatus: 1, reviewStep: 1 });
    const history = await t.app.prisma.reviewDecision.findMany({ where: { entityName: 'TestQuestion', entityId: q.id }, orderBy: { id: 'asc' } });
    expect(history.map((h) => h.stepName)).toEqual(['first', 'second']);
    // The author hears at each step: passed 初审, then approved.
    const notice = await t.app.prisma.userNotification.findMany({
      where: { userId: teacher.id, entityTypeName: 'TestQuestion' },
      orderBy: { creationTime: 'asc' },
    });
    expect(notice.map((n) => (JSON.parse(n.data) as { message: string }).message)).toEqual([
      '您的试题《审核流程题》已通过初审，等待复审。',
      '您的试题《审核流程题》已审核通过。',
    ]);

    const hidden = await t.call('POST', api('showStateSwitching'), { token: t.admin, body: { id: q.id, isShow: false } });
    expect(hidden.body.result).toMatchObject({ isShow: false, auditStatus: 1 });
    const shown = await t.call('GET', api('GetAllQuestion'), { token: t.admin, query: { IsShow: false, CategoryId: childA, MaxResultCount: 100 } });
    expect(shown.body.result.result.items.map((i: { id: number }) => i.id)).toEqual([q.id]);

    const edited = await t.call('PUT', api('UpdateQuestion'), {
      token: teacher.token,
      body: { ...single('审核流程题（改）'), id: q.id, options: q.options },
    });
    expect(edited.body.result).toMatchObject({ auditStatus: 0, reviewStep: 0 });

    const reject = await t.call('POST', api('AuditedTestQuestion'), { token: firstReviewer.token, body: { id: q.id, auditStatus: 2 } });
    expect(reject.status).toBe(400);
    expect(reject.body.error.validationErrors[0].members).toEqual(['auditReason']);
  });
});

describe('teacher questions', () => {
  it('lists the questions of teacher authors in every state and both banks, for teacher-question reviewers', async () => {
    const teacher = await makeUser('tq-teacher', ['Pages.Questions.TestQuestion', 'Pages.Questions.UniversityQuestion']);
    const member = await makeUser('tq-member', ['Pages.Questions.TestQuestion'], 1);
    const reviewer = await makeUser('tq-reviewer', ['Pages.Questions.Teachers']);
    const outsider = await makeUser('tq-outsider', ['Pages.Questions.Statistical']);
    const mine = await create(single('教师贡献的题'), teacher.token);
    const university = await create(single('教师贡献的大学题', { isUniversity: true }), teacher.token);
    const notTeacher = await create(single('非教师作者的题'), member.token);
    const ids = async (query: Body = {}) => {
      const r = await t.call('GET', api('GetAllTeacherQuestion'), { token: reviewer.token, query: { MaxResultCount: 1000, ...query } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.result.items as Array<{ id: number }>).map((i) => i.id);
    };
    const all = await ids();
    expect(all).toEqual(expect.arrayContaining([mine.id, university.id]));
    expect(all).not.toContain(notTeacher.id);
    const universityOnly = await ids({ IsUniversity: true });
    expect(universityOnly).toContain(university.id);
    expect(universityOnly).not.toContain(mine.id);
    const approved = await t.call('POST', api('AuditedTestQuestion'), { token: reviewer.token, body: { id: mine.id, auditStatus: 1 } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // Passing 初审 keeps it pending (awaiting 复审); a state filter narrows the list.
    expect(await ids({ AuditStatus: 0 })).toContain(mine.id);
    expect(await ids({ AuditStatus: 1 })).not.toContain(mine.id);
    expect((await t.call('GET', api('GetAllTeacherQuestion'), { token: outsider.token })).status).toBe(403);
  });
});

describe('sister families', () => {
  it('imports an existing question and a new one, lists the family once where it matters, and removes a sister', async () => {
    const a = await create(single('姊妹题：3 + 4 = ?', { categoryId: childB, options: [{ content: '7', isCorrect: true }, { content: '8' }] }));
    const b = await create(single('姊妹题：5 + 4 = ?', { categoryId: childB, options: [{ content: '9', isCorrect: true }, { content: '8' }] }));
    const joined = await t.call('POST', api('ImportSisterQuestion'), { token: t.admin, body: { id: a.id, sisterId: b.id } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.result).toMatchObject({ id: b.id, sisterGroupId: a.id, sisterCount: 2 });

    const made = await t.call('POST', api('ImportSisterQuestion'), {
      token: t.admin,
      body: {
        id: b.id,
        question: single('姊妹题：6 + 4 = ?', { categoryId: childB, options: [{ content: '10', isCorrect: true }, { content: '8' }] }),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const c = made.body.result;
    expect(c).toMatchObject({ sisterGroupId: a.id, sisterCount: 3 });

    const twice = await t.call('POST', api('ImportSisterQuestion'), { token: t.admin, body: { id: a.id, sisterId: c.id } });
    expect(twice.status).not.toBe(200);
    expect(twice.body.error.message).toBeTruthy();
    expect((await t.call('POST', api('ImportSisterQuestion'), { token: t.admin, body: { id: a.id, sisterId: a.id } })).status).toBe(400);

    const family = await t.call('GET', api('GetAllQuestion'), { token: t.admin, query: { SisterGroupId: a.id, Sorting: 'id asc' } });
    expect(family.body.result.result.items.map((i: { id: number }) => i.id)).toEqual([a.id, b.id, c.id]);
    const once = await t.call('GET', api('GetAllQuestion'), {
      token: t.admin,
      query: { CategoryId: childB, OnePerFamily: true, MaxResultCount: 100 },
    });
    expect(once.body.result.result.items.map((i: { id: number }) => i.id).filter((id: number) => [a.id, b.id, c.id].includes(id))).toEqual([a.id]);

    expect((await t.call('DELETE', api('DeleteSisterQuestion'), { token: t.admin, query: { Id: b.id } })).status).toBe(200);
    const after = await t.call('GET', api('Get'), { token: t.admin, query: { Id: b.id } });
    expect(after.body.result).toMatchObject({ sisterGroupId: null, sisterCount: 0 });
    expect((await t.call('GET', api('Get'), { token: t.admin, query: { Id: a.id } })).body.result.sisterCount).toBe(2);
    // the family of two loses one more: dissolved
    await t.call('DELETE', api('DeleteSisterQuestion'), { token: t.admin, query: { Id: c.id } });
    expect((await t.call('GET', api('Get'), { token: t.admin, query: { Id: a.id } })).body.result.sisterGroupId).toBeNull();
  });
});

describe('permissions and tenants', () => {
  it('checks the standard and university bank on every call', async () => {
    const uniOnly = await makeUser('qunionly', ['Pages.Questions.UniversityQuestion']);
    const std = await create(single('标准题库题'));
    const uni = await create(single('大学题库题', { isUniversity: true }));
    expect((await t.call('GET', api('Get'), { token: uniOnly.token, query: { Id: std.id } })).status).toBe(403);
    expect((await t.call('GET', api('Get'), { token: uniOnly.token, query: { Id: uni.id } })).status).toBe(200);
    expect((await t.call('GET', api('GetAllQuestion'), { token: uniOnly.token, query: {} })).status).toBe(403);
    expect((await t.call('GET', api('GetAllQuestion'), { token: uniOnly.token, query: { IsUniversity: true } })).status).toBe(200);
    expect((await t.call('POST', api('CreateQuestion'), { token: uniOnly.token, body: single('越权') })).status).toBe(403);
    expect((await t.call('POST', api('showStateSwitching'), { token: uniOnly.token, body: { id: std.id, isShow: false } })).status).toBe(403);
    expect((await t.call('DELETE', api('DeleteQuestion'), { token: uniOnly.token, query: { Id: std.id, QuestionType: 1 } })).status).toBe(403);
    expect((await t.call('POST', api('ImportSisterQuestion'), { token: uniOnly.token, body: { id: uni.id, sisterId: std.id } })).status).toBe(403);
    expect((await t.call('GET', api('getTopicOfStatistical'), { token: uniOnly.token, query: { sectionId: section } })).status).toBe(403);
  });

  it('keeps tenants apart, sister families included', async () => {
    const other = await createTenant(t, 'qbank2');
    const cat = await t.call('POST', app('MultiLevelCategory/Create'), { token: other.token, body: { classTypeId: 3, name: '外校题库' } });
    const theirs = await create({ ...single('外校的题'), categoryId: cat.body.result.id }, other.token);
    const mine = await create(single('本校的题'));
    expect((await t.call('GET', api('Get'), { token: t.admin, query: { Id: theirs.id } })).status).toBe(404);
    expect((await t.call('POST', api('ImportSisterQuestion'), { token: t.admin, body: { id: mine.id, sisterId: theirs.id } })).status).toBe(404);
    expect((await t.call('POST', api('showStateSwitching'), { token: t.admin, body: { id: theirs.id, isShow: false } })).status).toBe(404);
    await t.call('DELETE', api('DeleteQuestion'), { token: t.admin, query: { Id: theirs.id, QuestionType: 1 } });
    const list = await t.call('GET', api('GetAllQuestion'), { token: t.admin, query: { MaxResultCount: 1000, Keyword: '外校' } });
    expect(list.body.result.result.totalCount).toBe(0);
    const still = await t.call('GET', api('Get'), { token: other.token, query: { Id: theirs.id } });
    expect(still.body.result).toMatchObject({ id: theirs.id, isShow: true });
  });
});

describe('statistics', () => {
  it('counts a section subtree by type, difficulty, review state, author and day (UTC+8 days)', async () => {
    const stats = await makeUser('qstats', ['Pages.Questions.Statistical']);
    const sub = await category('统计专用', section);
    const leaf = await category('统计小节', sub);
    const q1 = await create(single('统计一', { categoryId: leaf, difficulty: 1 }));
    const q2 = await create(single('统计二', { categoryId: sub, difficulty: 3 }));
    await create({ questionType: 3, stem: '统计三', categoryId: leaf, trueFalseAnswer: false });
    await t.call('POST', api('AuditedTestQuestion'), { token: t.admin, body: { id: q1.id, auditStatus: 2, auditReason: '重复' } });
    // Dates by hand: 2026-03-01 23:30 +08:00 is 15:30Z, still the 1st in China; 2026-03-02 00:30 +08:00 is 1 March 16:30Z.
    await t.app.prisma.testQuestion.update({ where: { id: q1.id }, data: { creationTime: new Date('2026-03-01T15:30:00Z') } });
    await t.app.prisma.testQuestion.update({ where: { id: q2.id }, data: { creationTime: new Date('2026-03-01T16:30:00Z') } });

    const all = await t.call('GET', api('getTopicOfStatistical'), { token: stats.token, query: { sectionId: sub } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.result).toMatchObject({
      total: 3,
      byType: [
        { key: 1, count: 2 },
        { key: 3, count: 1 },
      ],
      byDifficulty: [
        { key: 1, count: 1 },
        { key: 2, count: 1 },
        { key: 3, count: 1 },
      ],
      byAuditStatus: [
        { key: 0, count: 2 },
        { key: 2, count: 1 },
      ],
      byAuthor: [{ count: 3, userName: expect.any(String) }],
    });
    const days = all.body.result.perDay;
    expect(days.slice(0, 2)).toEqual([
      { day: '2026-03-01', count: 1 },
      { day: '2026-03-02', count: 1 },
    ]);
    const oneDay = await t.call('GET', api('getTopicOfStatistical'), {
      token: stats.token,
      query: { sectionId: sub, BeginTime: '2026-03-02', EndTime: '2026-03-02' },
    });
    expect(oneDay.body.result).toMatchObject({
      total: 1,
      perDay: [{ day: '2026-03-02', count: 1 }],
      beginTime: '2026-03-01T16:00:00.000Z',
      endTime: '2026-03-02T16:00:00.000Z',
    });
    const bad = await t.call('GET', api('getTopicOfStatistical'), {
      token: stats.token,
      query: { sectionId: sub, BeginTime: '2026-03-03', EndTime: '2026-03-02' },
    });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', api('getTopicOfStatistical'), { token: stats.token, query: { sectionId: 999999 } })).status).toBe(404);

    const counts = await t.call('GET', api('GetQuestionStatistical'), { token: stats.token, query: { SectionId: section } });
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
    const children = counts.body.result.children as Array<{ categoryId: number; count: number }>;
    expect(children.find((c) => c.categoryId === sub)?.count).toBe(3);
    expect(counts.body.result.total).toBe(children.reduce((s, c) => s + c.count, 0));
  });

  it("reports how often the section's questions are used in live papers", async () => {
    const stats = await makeUser('qusage', ['Pages.Questions.Statistical']);
    // 复审 by someone other than the 初审's decider (App.Review.AllowSameReviewerForSteps is off).
    const secondReviewer = await makeUser('qusage-second', ['Pages.Questions.TestQuestion']);
    const sub = await category('使用统计');
    const qs = [];
    for (const stem of ['使用一', '使用二', '使用三']) {
      const q = await create(single(stem, { categoryId: sub }));
      // Admin passes 初审 (static Admin may review its own), a second reviewer 复审.
      for (const token of [t.admin, secondReviewer.token])
        expect((await t.call('POST', api('AuditedTestQuestion'), { token, body: { id: q.id, auditStatus: 1 } })).status).toBe(200);
      qs.push(q.id as number);
    }
    const cascader = await t.call('GET', app('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 4 } });
    const paperCategory = cascader.body.result[0].value as number;
    const paper = async (title: string, questionIds: number[]) => {
      const r = await t.call('POST', app('TestPaper/Create'), {
        token: t.admin,
        body: {
          title,
          categoryId: paperCategory,
          sections: [{ title: '一、单选题', questions: questionIds.map((questionId) => ({ questionId, score: 2 })) }],
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.result.id as number;
    };
    await paper('使用统计卷甲', [qs[0]!, qs[1]!]);
    const second = await paper('使用统计卷乙', [qs[0]!]);
    const usage = async () =>
      (await t.call('GET', api('getTopicOfStatistical'), { token: stats.token, query: { sectionId: sub } })).body.result.usage;
    expect(await usage()).toEqual({
      used: 2,
      unused: 1,
      uses: 3,
      top: [
        { questionId: qs[0], title: '使用一', questionType: 1, papers: 2 },
        { questionId: qs[1], title: '使用二', questionType: 1, papers: 1 },
      ],
    });
    // A deleted paper no longer counts.
    expect((await t.call('DELETE', app('TestPaper/Delete'), { token: t.admin, query: { Id: second } })).status).toBe(200);
    expect(await usage()).toMatchObject({ used: 2, unused: 1, uses: 2 });
  });
});

describe('sensitive words', () => {
  it('are refused in options and sub-questions too, by path', async () => {
    await t.call('POST', app('SystemDictionary/Create'), { token: t.admin, body: { dictionaryType: 'sensitiveWord', name: '题库违禁词' } });
    await t.call('POST', app('SystemDictionary/SettingUpdateCache'), { token: t.admin });
    expect(await rejected(single('选项里', { options: [{ content: '正常', isCorrect: true }, { content: '含题库违禁词' }] }))).toEqual([
      'options[1].content',
    ]);
    expect(
      await rejected({
        questionType: 6,
        stem: '材料',
        categoryId: childA,
        subQuestions: [{ questionType: 5, stem: '题库违禁词？', referenceAnswer: '无' }],
      }),
    ).toEqual(['subQuestions[0].stem']);
    expect(await rejected(single('题干有题库违禁词'))).toEqual(['stem']);
  });
});
