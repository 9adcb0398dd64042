import { beforeAll, describe, expect, it } from 'vitest';
import { PAPER_PRICE_FEN, parseRandomParams } from '@edu/sdk';
import { createTenant } from '../testing/tenants.ts';
import { useTestApp } from '../testing/test-app.ts';
import { randomDryRun } from '../papers/random.ts';
import { withDataFilters } from '../db/data-filters.ts';

/**
 * Papers and homework: totals from the content, duplicates and sisters
 * refused with paths, the joint dry run on overlapping rules, exact and
 * reproducible generation, least-used preference, review gating of the
 * switches, edits back to review, permissions per cell, tenant isolation,
 * TestQuestion's paper calls and the import from another paper. Questions are
 * made here, in a category of their own, so counts are known exactly.
 */
const t = useTestApp();
let qCat: number;
let qSub: number;
let paperCat: number;
let chapter: number;
const api = (path: string) => `/api/services/app/${path}`;
type Body = Record<string, unknown>;

async function ok(
  verb: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { body?: unknown; query?: Record<string, unknown>; token?: string } = {},
) {
  const r = await t.call(verb, api(path), { token: t.admin, ...opts });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}
async function status(
  verb: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { body?: unknown; query?: Record<string, unknown>; token?: string },
) {
  return t.call(verb, api(path), { token: t.admin, ...opts });
}
const members = (r: { body: { error: { validationErrors?: Array<{ members: string[] }> } } }) =>
  (r.body.error.validationErrors ?? []).flatMap((e) => e.members);

let seq = 0;
/** An approved, shown question of `type` (1 single choice, 3 true/false, 5 short answer), in the given category/chapter. */
async function question(type: 1 | 3 | 5, extra: Body = {}): Promise<{ id: number; score: number }> {
  seq++;
  const body: Body = {
    questionType: type,
    stem: `<p>组卷测试题 ${seq} 号：${'甲乙丙丁'.charAt(seq % 4)}${seq * 7}</p>`,
    categoryId: qSub,
    score: 2,
    ...(type === 1 && { options: [{ content: `正确 ${seq}`, isCorrect: true }, { content: `错误 ${seq}` }] }),
    ...(type === 3 && { trueFalseAnswer: true }),
    ...(type === 5 && { referenceAnswer: '参考答案' }),
    ...extra,
  };
  const q = await ok('POST', 'TestQuestion/CreateQuestion', { body });
  // Two steps: 初审 then 复审 (the admin holds both).
  await ok('POST', 'TestQuestion/AuditedTestQuestion', { body: { id: q.id, auditStatus: 1 } });
  await ok('POST', 'TestQuestion/AuditedTestQuestion', { body: { id: q.id, auditStatus: 1 } });
  return { id: q.id, score: q.score };
}

const paper = (sections: Body[], extra: Body = {}): Body => ({
  title: '2024–2025学年第一学期期中考试 七年级数学 A 卷',
  categoryId: paperCat,
  examMinutes: 90,
  sections,
  ...extra,
});

async function category(name: string, classTypeId: number, parentId?: number): Promise<number> {
  const r = await ok('POST', 'MultiLevelCategory/Create', { body: { classTypeId, name, ...(parentId && { parentId }) } });
  return r.id;
}

async function makeUser(userName: string, permissions: string[]) {
  const role = await ok('POST', 'Role/Create', {
    body: {
      name: userName,
      displayName: userName,
      grantedPermissions: ['Pages', 'Pages.TestPapers', 'Pages.Homeworks', ...permissions],
      grantedCategoryIds: [paperCat],
    },
  });
  expect(role.id).toBeGreaterThan(0);
  await ok('POST', 'User/Create', {
    body: {
      userName,
      name: '老',
      surname: '师',
      emailAddress: `${userName}@example.edu.cn`,
      password: 'Passw0rd!',
      roleNames: [userName],
      identity: 2,
    },
  });
  return t.login(userName, 'Passw0rd!', 1);
}

beforeAll(async () => {
  // Setup approves questions through both steps as the admin; the four-eyes rule across steps is tested in kit/review-rules.test.ts.
  await ok('PUT', 'Review/UpdateSettings', { body: { allowSameReviewerForSteps: true, allowAuthorReview: false } });
  qCat = await category('组卷测试学科', 3);
  qSub = await category('组卷测试单元', 3, qCat);
  paperCat = await category('组卷测试试卷', 4);
  // Knowledge points hang on question categories as the seed puts them (the ChapterType service builds course chapters).
  const ch = await t.app.prisma.chapterType.create({ data: { tenantId: 1, categoryId: qSub, name: '第三章' } });
  chapter = ch.id;
});

describe('the seeded papers', () => {
  it('has papers and homework, manual and random, in every state, with totals that match their content, all readable', async () => {
    const rows = await t.app.prisma.testPaper.findMany({ where: { tenantId: 1 } });
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const states = new Set(rows.map((r) => `${r.kind}/${r.assembly}`));
    expect(states).toEqual(new Set(['1/1', '1/2', '2/1', '2/2']));
    expect(new Set(rows.map((r) => r.auditStatus))).toEqual(new Set([0, 1, 2]));
    expect(rows.some((r) => r.isActive) && rows.some((r) => r.isShow) && rows.some((r) => r.auditStatus === 1 && !r.isActive)).toBe(true);
    expect(rows.every((r) => r.auditStatus === 1 || (!r.isActive && !r.isShow))).toBe(true);
    expect(rows.filter((r) => r.assembly === 2).every((r) => parseRandomParams(r.params) !== null)).toBe(true);
    for (const r of rows) {
      const p = await ok('GET', 'TestPaper/Get', { query: { Id: r.id } });
      const qs = p.sections.flatMap(
        (s: { questions: Array<{ questionId: number; score: number; sisterGroupId: number | null; questionType: 1 }> }) => s.questions,
      );
      expect(qs.length).toBe(p.totalQuestion);
      expect(qs.reduce((sum: number, q: { score: number }) => sum + q.score, 0)).toBe(p.totalFraction);
      expect(qs.reduce((sum: number, q: { questionType: 1 }) => sum + PAPER_PRICE_FEN[q.questionType], 0)).toBe(p.money);
      expect(new Set(qs.map((q: { questionId: number }) => q.questionId)).size).toBe(qs.length);
      const families = qs.flatMap((q: { sisterGroupId: number | null }) => (q.sisterGroupId === null ? [] : [q.sisterGroupId]));
      expect(new Set(families).size).toBe(families.length);
    }
    const list = await ok('GET', 'TestPaper/GetAll', { query: { MaxResultCount: 100 } });
    expect(list.totalCount).toBe(rows.length);
  });
});

describe('manual assembly', () => {
  it('computes totals from the content and ignores client totals', async () => {
    const [a, b, c] = [await question(1), await question(3), await question(5, { score: 10 })];
    const created = await ok('POST', 'TestPaper/Create', {
      body: {
        ...paper([
          { title: '一、选择题', score: 3, questions: [{ questionId: a.id }, { questionId: b.id, score: 1.5 }] },
          { title: '二、简答题', questions: [{ questionId: c.id }] },
        ]),
        totalQuestion: 99,
        totalFraction: 999,
        money: 1,
      },
    });
    expect(created).toMatchObject({
      kind: 1,
      assembly: 1,
      auditStatus: 0,
      isActive: false,
      isShow: false,
      params: null,
      totalQuestion: 3,
      totalFraction: 3 + 1.5 + 10,
    });
    expect(created.money).toBe(PAPER_PRICE_FEN[1] + PAPER_PRICE_FEN[3] + PAPER_PRICE_FEN[5]);
    expect(created.sections.map((s: { title: string; totalFraction: number }) => [s.title, s.totalFraction])).toEqual([
      ['一、选择题', 4.5],
      ['二、简答题', 10],
    ]);
    expect(created.sections[0].questions[0]).toMatchObject({ questionId: a.id, score: 3, questionType: 1, available: true, sort: 0 });
    // Lists carry no content.
    const list = await ok('GET', 'TestPaper/GetAll', { query: { Keyword: '七年级数学', MaxResultCount: 100 } });
    expect(list.items.find((p: { id: number }) => p.id === created.id).sections).toEqual([]);
  });

  it('refuses questions twice, two sisters, unapproved, hidden and other-bank questions, naming the paths', async () => {
    const [a, b, s1] = [await question(1), await question(1), await question(1)];
    const s2 = await ok('POST', 'TestQuestion/ImportSisterQuestion', {
      body: { id: s1.id, question: { questionType: 3, stem: '<p>姊妹题 甲</p>', categoryId: qSub, trueFalseAnswer: false } },
    });
    await ok('POST', 'TestQuestion/AuditedTestQuestion', { body: { id: s2.id, auditStatus: 1 } });
    await ok('POST', 'TestQuestion/AuditedTestQuestion', { body: { id: s2.id, auditStatus: 1 } });
    const pending = await ok('POST', 'TestQuestion/CreateQuestion', {
      body: { questionType: 3, stem: '<p>待审核的题</p>', categoryId: qSub, trueFalseAnswer: true },
    });
    const hidden = await question(3);
    await ok('POST', 'TestQuestion/showStateSwitching', { body: { id: hidden.id, isShow: false } });
    const university = await question(3, { isUniversity: true });
    const r = await status('POST', 'TestPaper/Create', {
      body: paper([
        { title: '一、单选题', questions: [{ questionId: a.id }, { questionId: b.id }, { questionId: s1.id }] },
        {
          title: '二、判断题',
          questions: [
            { questionId: a.id },
            { questionId: s2.id },
            { questionId: pending.id },
            { questionId: hidden.id },
            { questionId: university.id },
            { questionId: 99999999 },
          ],
        },
      ]),
    });
    expect(r.status).toBe(400);
    expect(members(r).sort()).toEqual(
      [
        'sections[1].questions[0].questionId',
        'sections[1].questions[1].questionId',
        'sections[1].questions[2].questionId',
        'sections[1].questions[3].questionId',
        'sections[1].questions[4].questionId',
        'sections[1].questions[5].questionId',
      ].sort(),
    );
    expect(JSON.stringify(r.body.error)).toContain('姊妹题');
  });

  it('keeps link ids across sections, refuses foreign link ids, and an edit of an approved paper sends it back to review', async () => {
    const [a, b] = [await question(1), await question(3)];
    const created = await ok('POST', 'TestPaper/Create', {
      body: paper([{ title: '一、单选题', questions: [{ questionId: a.id }, { questionId: b.id }] }]),
    });
    const [la, lb] = created.sections[0].questions;
    const approved = await ok('POST', 'TestPaper/Review', { body: { id: created.id, auditStatus: 1 } });
    expect(approved.auditStatus).toBe(1);
    await ok('POST', 'TestPaper/Activation', { body: { id: created.id, isActive: true } });
    const shown = await ok('PUT', 'TestPaper/UpdateTestPaperIsShow', { body: { id: created.id, isShow: true } });
    expect([shown.isActive, shown.isShow]).toEqual([true, true]);
    const updated = await ok('PUT', 'TestPaper/Update', {
      body: {
        ...paper([
          { id: created.sections[0].id, title: '一、单选题', questions: [{ id: la.id, questionId: a.id }] },
          { title: '二、判断题', questions: [{ id: lb.id, questionId: b.id, score: 5 }] },
        ]),
        id: created.id,
      },
    });
    expect(updated).toMatchObject({ auditStatus: 0, isActive: false, isShow: false, totalQuestion: 2, totalFraction: 7 });
    expect(updated.sections[1].questions[0].id).toBe(lb.id);
    const other = await ok('POST', 'TestPaper/Create', { body: paper([{ title: '一', questions: [{ questionId: a.id }] }]) });
    const foreign = await status('PUT', 'TestPaper/Update', {
      body: { ...paper([{ title: '一', questions: [{ id: other.sections[0].questions[0].id, questionId: a.id }] }]), id: created.id },
    });
    expect(foreign.status).toBe(400);
    expect(members(foreign)).toEqual(['sections[0].questions[0].id']);
    const kind = await status('PUT', 'TestPaper/Update', { body: { ...paper([]), id: created.id, kind: 2 } });
    expect(members(kind)).toEqual(['kind']);
  });

  it('gates activation and showing on approval: a pending paper is refused with a 400 naming the switch, never a 500', async () => {
    const a = await question(1);
    const created = await ok('POST', 'TestPaper/Create', { body: paper([{ title: '一', questions: [{ questionId: a.id }] }]) });
    const r = await status('POST', 'TestPaper/Activation', { body: { id: created.id, isActive: true } });
    expect(r.status).toBe(400);
    expect(members(r)).toEqual(['isActive']);
    expect(r.body.error.validationErrors[0].message).toContain('审核通过');
    const show = await status('PUT', 'TestPaper/UpdateTestPaperIsShow', { body: { id: created.id, isShow: true } });
    expect([show.status, members(show)]).toEqual([400, ['isShow']]);
    // Approval makes it eligible and nothing more: still inactive and hidden until an editor switches it on.
    const approved = await ok('POST', 'TestPaper/Review', { body: { id: created.id, auditStatus: 1 } });
    expect([approved.auditStatus, approved.isActive, approved.isShow]).toEqual([1, false, false]);
    await ok('POST', 'TestPaper/Activation', { body: { id: created.id, isActive: true } });
    // Taken down by the reviewer: switched off.
    const rejected = await ok('POST', 'TestPaper/Review', { body: { id: created.id, auditStatus: 2, auditReason: '题目有误' } });
    expect([rejected.auditStatus, rejected.isActive]).toEqual([2, false]);
    const again = await status('POST', 'TestPaper/Activation', { body: { id: created.id, isActive: true } });
    expect(again.status).toBe(400);
    expect(again.body.error.validationErrors[0].message).toContain('未通过审核');
  });

  it('homework has its own fields; papers refuse them; no university homework', async () => {
    const a = await question(1);
    const hw = await ok('POST', 'TestPaper/Create', {
      body: paper([{ title: '一', questions: [{ questionId: a.id }] }], {
        kind: 2,
        title: '第三单元课后作业',
        dueTime: '2025-11-30T10:00:00Z',
        classNames: ['七年级（3）班', '七年级（4）班'],
      }),
    });
    expect(hw).toMatchObject({ kind: 2, dueTime: '2025-11-30T10:00:00.000Z', classNames: ['七年级（3）班', '七年级（4）班'] });
    const onPaper = await status('POST', 'TestPaper/Create', { body: paper([], { dueTime: '2025-11-30T10:00:00Z', classNames: ['一班'] }) });
    expect(members(onPaper).sort()).toEqual(['classNames', 'dueTime']);
    const uni = await status('POST', 'TestPaper/Create', { body: paper([], { kind: 2, isUniversity: true }) });
    expect(members(uni)).toEqual(['isUniversity']);
  });
});

describe('TestQuestion paper calls and import', () => {
  it('lists a paper’s questions in order with full DTOs, and DeletePaperOfQuestion recomputes totals and sends it back to review', async () => {
    const [a, b, c] = [await question(1), await question(3), await question(5)];
    const created = await ok('POST', 'TestPaper/Create', {
      body: paper([
        { title: '一、单选题', questions: [{ questionId: a.id }] },
        { title: '二、其他', questions: [{ questionId: c.id }, { questionId: b.id }] },
      ]),
    });
    const listed = await ok('GET', 'TestQuestion/GetAllQuestionOfPaper', { query: { PaperId: created.id } });
    expect(listed.items.map((i: { question: { id: number } }) => i.question.id)).toEqual([a.id, c.id, b.id]);
    expect(listed.items[0]).toMatchObject({ sectionTitle: '一、单选题', sort: 0, score: 2 });
    expect(listed.items[0].question.options).toHaveLength(2);
    await ok('POST', 'TestPaper/Review', { body: { id: created.id, auditStatus: 1 } });
    await ok('DELETE', 'TestQuestion/DeletePaperOfQuestion', { query: { Id: listed.items[1].id } });
    const after = await ok('GET', 'TestPaper/Get', { query: { Id: created.id } });
    expect(after).toMatchObject({ totalQuestion: 2, totalFraction: 4, auditStatus: 0 });
    expect(after.sections[1].questions.map((q: { questionId: number }) => q.questionId)).toEqual([b.id]);
    // An unknown link: silent, as any delete.
    await ok('DELETE', 'TestQuestion/DeletePaperOfQuestion', { query: { Id: 99999999 } });
  });

  it('imports questions from another paper, skipping what it holds and sisters of what it holds', async () => {
    const [a, b, c, d] = [await question(1), await question(3), await question(1), await question(5)];
    const sister = await ok('POST', 'TestQuestion/ImportSisterQuestion', {
      body: {
        id: a.id,
        question: { questionType: 1, stem: '<p>姊妹题 乙</p>', categoryId: qSub, options: [{ content: '对', isCorrect: true }, { content: '错' }] },
      },
    });
    await ok('POST', 'TestQuestion/AuditedTestQuestion', { body: { id: sister.id, auditStatus: 1 } });
    await ok('POST', 'TestQuestion/AuditedTestQuestion', { body: { id: sister.id, auditStatus: 1 } });
    const target = await ok('POST', 'TestPaper/Create', {
      body: paper([
        { title: '一、单选题', questions: [{ questionId: a.id }] },
        { title: '二、判断题', questions: [{ questionId: b.id }] },
      ]),
    });
    const source = await ok('POST', 'TestPaper/Create', {
      body: paper([
        { title: '一、单选题', questions: [{ questionId: sister.id }, { questionId: c.id, score: 4 }] },
        { title: '二、判断题', questions: [{ questionId: b.id }] },
        { title: '三、附加题', questions: [{ questionId: d.id }] },
      ]),
    });
    const r = await ok('POST', 'TestPaper/ImprotQuestionOfPaper', { body: { id: target.id, fromPaperId: source.id } });
    expect(r.added).toBe(2);
    expect(r.skipped).toEqual([
      { questionId: sister.id, reason: 'sister' },
      { questionId: b.id, reason: 'duplicate' },
    ]);
    // Sections are matched by title; a section without a match is added at the end.
    expect(
      r.paper.sections.map((s: { title: string; questions: Array<{ questionId: number }> }) => [s.title, s.questions.map((q) => q.questionId)]),
    ).toEqual([
      ['一、单选题', [a.id, c.id]],
      ['二、判断题', [b.id]],
      ['三、附加题', [d.id]],
    ]);
    expect(r.paper.totalFraction).toBe(2 + 4 + 2 + 2);
    expect(r.paper.auditStatus).toBe(0);
  });
});

describe('random assembly', () => {
  let pool: { chapterEasy: number[]; chapterHard: number[]; other: number[] };
  beforeAll(async () => {
    // Chapter 第三章: 4 hard + 3 easy single choice; outside it in the same unit: 3 easy.
    pool = { chapterEasy: [], chapterHard: [], other: [] };
    for (let i = 0; i < 4; i++) pool.chapterHard.push((await question(1, { chapterTypeId: chapter, difficulty: 3 })).id);
    for (let i = 0; i < 3; i++) pool.chapterEasy.push((await question(1, { chapterTypeId: chapter, difficulty: 1 })).id);
    const otherCat = await category('组卷随机单元', 3, qCat);
    for (let i = 0; i < 3; i++) pool.other.push((await question(1, { categoryId: otherCat, difficulty: 1 })).id);
  });
  const random = (rules: Body[], extra: Body = {}): Body => ({ title: '期末随机卷', categoryId: paperCat, examMinutes: 60, rules, ...extra });

  it('solves overlapping rules jointly: each feasible alone, not together, and names the limiting rules', async () => {
    // Rule 0: 5 single choice of chapter 第三章 (7 there). Rule 1: 4 hard single choice of chapter 第三章 (4 there).
    // Alone both fit; together they need 9 of the chapter's 7.
    const rules = [
      { questionType: 1, chapterTypeId: chapter, count: 5, score: 2 },
      { questionType: 1, chapterTypeId: chapter, difficulty: 3, count: 4, score: 3 },
    ];
    const dry = await ok('POST', 'TestPaper/CreateRandomGroup', { body: random(rules, { dryRun: true, seed: 7 }) });
    expect(dry.paper).toBeNull();
    expect(dry.report.feasible).toBe(false);
    expect(dry.report.rules.map((r: { available: number }) => r.available)).toEqual([7, 4]);
    expect(dry.report.assignable).toBe(7);
    expect(dry.report.rules.every((r: { limiting: boolean }) => r.limiting)).toBe(true);
    expect(dry.report.rules[1].label).toBe('单选·第三章·困难');
    expect(dry.report.message).toContain('需 4');
    expect(dry.report.rules[0].message).toMatch(/^单选·第三章 需 5 可用 \d（与规则 2 共用同一批试题）$/);
    // Generation is refused with the report, nothing written.
    const before = await t.app.prisma.testPaper.count();
    const refused = await status('POST', 'TestPaper/CreateRandomGroup', { body: random(rules, { seed: 7 }) });
    expect(refused.status).toBe(400);
    expect(members(refused).sort()).toEqual(['rules[0].count', 'rules[1].count']);
    expect(await t.app.prisma.testPaper.count()).toBe(before);
    // Alone each rule reports feasible.
    for (const rule of rules)
      expect((await ok('POST', 'TestPaper/CreateRandomGroup', { body: random([rule], { dryRun: true }) })).report.feasible).toBe(true);
  });

  it('reports a rule short on its own with the Chinese line', async () => {
    const dry = await ok('POST', 'TestPaper/CreateRandomGroup', {
      body: random([{ questionType: 1, chapterTypeId: chapter, difficulty: 3, count: 10, score: 2 }], { dryRun: true }),
    });
    expect(dry.report.rules[0]).toMatchObject({
      required: 10,
      available: 4,
      assignable: 4,
      shortBy: 6,
      limiting: true,
      message: '单选·第三章·困难 需 10 可用 4',
    });
  });

  it('reuses the bank counts between dry runs until the bank changes (hiding a question shows at once)', async () => {
    const body = random([{ questionType: 1, chapterTypeId: chapter, difficulty: 3, count: 10, score: 2 }], { dryRun: true });
    const available = async () => (await ok('POST', 'TestPaper/CreateRandomGroup', { body })).report.rules[0].available as number;
    expect(await available()).toBe(4);
    expect(await available()).toBe(4);
    await ok('POST', 'TestQuestion/showStateSwitching', { body: { id: pool.chapterHard[0], isShow: false } });
    expect(await available()).toBe(3);
    await ok('POST', 'TestQuestion/showStateSwitching', { body: { id: pool.chapterHard[0], isShow: true } });
    expect(await available()).toBe(4);
  });

  it('generates exactly, records rules and seed in params, reproduces from the seed, and prefers least-used questions', async () => {
    const rules = [
      { questionType: 1, chapterTypeId: chapter, difficulty: 3, count: 2, score: 3 },
      { questionType: 1, categoryId: qCat, difficulty: 1, count: 3, score: 2 },
    ];
    const first = await ok('POST', 'TestPaper/CreateRandomGroup', { body: random(rules, { seed: 42 }) });
    const p = first.paper;
    expect(p).toMatchObject({ assembly: 2, totalQuestion: 5, totalFraction: 12, auditStatus: 0 });
    expect(first.report.feasible).toBe(true);
    expect(p.sections.map((s: { title: string }) => s.title)).toEqual(['一、单选题']);
    const params = parseRandomParams(p.params);
    expect(params?.seed).toBe(42);
    expect(params?.rules).toHaveLength(2);
    const ids = (x: { sections: Array<{ questions: Array<{ questionId: number }> }> }) =>
      x.sections.flatMap((s) => s.questions.map((q) => q.questionId));
    const firstIds = ids(p);
    expect(new Set(firstIds).size).toBe(5);
    expect(firstIds.slice(0, 2).every((id: number) => pool.chapterHard.includes(id))).toBe(true);
    // Least used first: a second paper from the same rules and seed avoids the first one's questions where the bank allows.
    const second = (await ok('POST', 'TestPaper/CreateRandomGroup', { body: random(rules, { seed: 42 }) })).paper;
    const secondIds = ids(second);
    expect(secondIds.slice(0, 2).filter((id: number) => firstIds.includes(id))).toEqual([]);
    // Same seed, same bank, same usage: deleting the second paper restores the usage, and regenerating gives it again.
    await ok('DELETE', 'TestPaper/Delete', { query: { Id: second.id } });
    const third = (await ok('POST', 'TestPaper/CreateRandomGroup', { body: random(rules, { seed: 42 }) })).paper;
    expect(ids(third)).toEqual(secondIds);
    // Regenerating in place keeps the paper and its kind, back to review.
    const regenerated = (await ok('POST', 'TestPaper/CreateRandomGroup', { body: random(rules, { seed: 43, id: third.id }) })).paper;
    expect(regenerated.id).toBe(third.id);
    expect(parseRandomParams(regenerated.params)?.seed).toBe(43);
  });

  it('exports the dry run for benchmarks: a filtered db and rules', async () => {
    const db = withDataFilters(t.app.prisma, { tenantId: 1, userId: null });
    const plan = await randomDryRun(db, {
      tenantId: 1,
      isUniversity: false,
      seed: 1,
      rules: [{ questionType: 1, chapterTypeId: chapter, count: 3, score: 2 }],
    });
    expect(plan.report).toMatchObject({ feasible: true, required: 3 });
  });
});

describe('permissions and tenants', () => {
  it('checks kind × assembly × bank on every call', async () => {
    const hand = await makeUser('paperhand', ['Pages.TestPapers.Hand']);
    const homework = await makeUser('homeworkrandom', ['Pages.Homeworks.Random']);
    const a = await question(1);
    const mine = await ok('POST', 'TestPaper/Create', { token: hand, body: paper([{ title: '一', questions: [{ questionId: a.id }] }]) });
    // The university manual cell, random papers, homework: 403.
    expect((await status('POST', 'TestPaper/Create', { token: hand, body: paper([], { isUniversity: true }) })).status).toBe(403);
    expect((await status('POST', 'TestPaper/Create', { token: hand, body: paper([], { kind: 2 }) })).status).toBe(403);
    expect(
      (
        await status('POST', 'TestPaper/CreateRandomGroup', {
          token: hand,
          body: { title: 'x', categoryId: paperCat, rules: [{ questionType: 1, categoryId: qCat, count: 1, score: 1 }], dryRun: true },
        })
      ).status,
    ).toBe(403);
    expect((await status('GET', 'TestPaper/GetAll', { token: hand, query: { Kind: 2 } })).status).toBe(403);
    // The homework user cannot read or change a manual paper.
    expect((await status('GET', 'TestPaper/Get', { token: homework, query: { Id: mine.id } })).status).toBe(403);
    expect((await status('DELETE', 'TestPaper/Delete', { token: homework, query: { Id: mine.id } })).status).toBe(403);
    expect((await status('GET', 'TestQuestion/GetAllQuestionOfPaper', { token: homework, query: { PaperId: mine.id } })).status).toBe(403);
    // Review is for Pages.Administration.Manages only.
    expect((await status('POST', 'TestPaper/Review', { token: hand, body: { id: mine.id, auditStatus: 1 } })).status).toBe(403);
    // Lists show only the caller's cells.
    const listed = await ok('GET', 'TestPaper/GetAll', { token: hand, query: { MaxResultCount: 1000 } });
    expect(
      listed.items.every((p: { kind: number; assembly: number; isUniversity: boolean }) => p.kind === 1 && p.assembly === 1 && !p.isUniversity),
    ).toBe(true);
    expect(listed.items.some((p: { id: number }) => p.id === mine.id)).toBe(true);
  });

  it('isolates tenants', async () => {
    const a = await question(1);
    const created = await ok('POST', 'TestPaper/Create', { body: paper([{ title: '一', questions: [{ questionId: a.id }] }]) });
    const other = await createTenant(t, 'papertenant');
    expect((await status('GET', 'TestPaper/Get', { token: other.token, query: { Id: created.id } })).status).toBe(404);
    expect((await status('GET', 'TestQuestion/GetAllQuestionOfPaper', { token: other.token, query: { PaperId: created.id } })).status).toBe(404);
    const list = await ok('GET', 'TestPaper/GetAll', { token: other.token, query: { MaxResultCount: 1000 } });
    expect(list.items).toEqual([]);
    // Another tenant's question cannot go into a paper: it does not exist there.
    const r = await status('POST', 'TestPaper/Create', {
      token: other.token,
      body: paper([{ title: '一', questions: [{ questionId: a.id }] }], { categoryId: 1 }),
    });
    expect(r.status).toBe(400);
    await ok('DELETE', 'TestQuestion/DeletePaperOfQuestion', { token: other.token, query: { Id: created.sections[0].questions[0].id } });
    expect((await ok('GET', 'TestPaper/Get', { query: { Id: created.id } })).totalQuestion).toBe(1);
  });
});
