import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * Questionnaires: questions and options as nested child collections (ids kept,
 * order, full error paths), review before publication, the structure locked
 * once answers exist, Submit's rules (window, audience, once per member or
 * visitor key, required questions, options of the question, min/max), the
 * result summary and the text answers; the seeded published questionnaires.
 */
const t = useTestApp();
let member: string;
const api = (path: string) => `/api/services/app/Questionnaire/${path}`;

type Option = { id: number; sort: number; content: string };
type Question = { id: number; sort: number; title: string; questionType: number; isRequired: boolean; options: Option[] };
type Dto = { id: number; auditStatus: number; questionCount: number; responseCount: number; questions: Question[] };

const sample = (title: string) => ({
  title,
  description: '测试问卷',
  audience: 2,
  questions: [
    { title: '你的年级', questionType: 1, options: [{ content: '七年级' }, { content: '八年级' }, { content: '九年级' }] },
    {
      title: '喜欢的科目',
      questionType: 2,
      minSelections: 1,
      maxSelections: 2,
      options: [{ content: '语文' }, { content: '数学' }, { content: '英语' }],
    },
    { title: '建议', questionType: 3, isRequired: false },
  ],
});

async function create(body: unknown): Promise<Dto> {
  const r = await t.call('POST', api('Create'), { token: t.admin, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as Dto;
}

async function publish(id: number) {
  const r = await t.call('POST', api('auditedQuestionnaire'), { token: t.admin, body: { id, auditStatus: 1 } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const members = (r: { body: { error?: { validationErrors?: Array<{ members: string[] }> } } }) =>
  (r.body.error?.validationErrors ?? []).flatMap((e) => e.members);

beforeAll(async () => {
  member = await t.login('huyuhang');
});

describe('questionnaire editing', () => {
  it('creates questions with ordered options, pending review; Update keeps ids, reorders, adds and removes', async () => {
    const created = await create(sample('编辑往返'));
    expect(created.auditStatus).toBe(0);
    expect(created.questionCount).toBe(3);
    expect(created.questions.map((q) => [q.sort, q.title, q.options.length])).toEqual([
      [0, '你的年级', 3],
      [1, '喜欢的科目', 3],
      [2, '建议', 0],
    ]);
    const [grade, subject, advice] = created.questions as [Question, Question, Question];
    const r = await t.call('PUT', api('Update'), {
      token: t.admin,
      body: {
        ...sample('编辑往返'),
        id: created.id,
        questions: [
          {
            id: subject.id,
            title: '喜欢的科目（改）',
            questionType: 2,
            options: [{ id: subject.options[2]!.id, content: '英语' }, { content: '物理' }],
          },
          { id: grade.id, title: '你的年级', questionType: 1, options: grade.options.map((o) => ({ id: o.id, content: o.content })) },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const updated = r.body.result as Dto;
    expect(updated.questions.map((q) => q.id)).toEqual([subject.id, grade.id]);
    expect(updated.questions[0]!.options.map((o) => o.content)).toEqual(['英语', '物理']);
    expect(updated.questions[0]!.options[0]!.id).toBe(subject.options[2]!.id);
    expect(updated.questions[1]!.options.map((o) => o.id)).toEqual(grade.options.map((o) => o.id));
    expect(await t.app.prisma.questionnaireQuestion.count({ where: { id: advice.id } })).toBe(0);
    expect(await t.app.prisma.questionnaireOption.count({ where: { questionId: subject.id } })).toBe(2);
  });

  it('reports rule errors with full paths, all at once, writing nothing', async () => {
    const before = await t.app.prisma.questionnaire.count();
    const r = await t.call('POST', api('Create'), {
      token: t.admin,
      body: {
        title: '错误示例',
        startTime: '2030-01-02T00:00:00Z',
        endTime: '2030-01-01T00:00:00Z',
        questions: [
          { title: '单选', questionType: 1, options: [{ content: '是' }] },
          { title: '多选', questionType: 2, minSelections: 3, maxSelections: 2, options: [{ content: 'A' }, { content: 'B' }, { content: 'a' }] },
          { title: '文字', questionType: 3, options: [{ content: 'x' }] },
          { title: '', questionType: 1, options: [{ content: '' }, { content: 'y' }] },
        ],
      },
    });
    expect(r.status).toBe(400);
    // zod first: the empty title and option text.
    expect(members(r)).toEqual(expect.arrayContaining(['questions[3].title', 'questions[3].options[0].content']));
    const fixed = await t.call('POST', api('Create'), {
      token: t.admin,
      body: {
        title: '错误示例',
        startTime: '2030-01-02T00:00:00Z',
        endTime: '2030-01-01T00:00:00Z',
        questions: [
          { title: '单选', questionType: 1, options: [{ content: '是' }] },
          { title: '多选', questionType: 2, minSelections: 3, maxSelections: 2, options: [{ content: 'A' }, { content: 'B' }, { content: 'a' }] },
          { title: '文字', questionType: 3, options: [{ content: 'x' }] },
        ],
      },
    });
    expect(fixed.status).toBe(400);
    expect(members(fixed).sort()).toEqual(
      ['endTime', 'questions[0].options', 'questions[1].minSelections', 'questions[1].options[2].content', 'questions[2].options'].sort(),
    );
    expect(await t.app.prisma.questionnaire.count()).toBe(before);
  });

  it('refuses an option id of another question on its exact path', async () => {
    const a = await create(sample('甲'));
    const b = await create(sample('乙'));
    const foreign = b.questions[0]!.options[0]!.id;
    const r = await t.call('PUT', api('Update'), {
      token: t.admin,
      body: {
        ...sample('甲'),
        id: a.id,
        questions: [
          { id: a.questions[0]!.id, title: '你的年级', questionType: 1, options: [{ content: '高一' }, { id: foreign, content: '抢来的' }] },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(members(r)).toEqual(['questions[0].options[1].id']);
    // Rolled back: the first question's options are unchanged.
    const got = await t.call('GET', api('Get'), { token: t.admin, query: { Id: a.id } });
    expect((got.body.result as Dto).questions[0]!.options.map((o) => o.content)).toEqual(['七年级', '八年级', '九年级']);
  });

  it('needs the questionnaire permission on every call', async () => {
    for (const [verb, path] of [
      ['GET', 'GetAllOfBack'],
      ['GET', 'GetResult?Id=1'],
      ['POST', 'Create'],
    ] as const) {
      const r = await t.call(verb, api(path), { token: member, body: sample('x') });
      expect(r.status, path).toBe(403);
    }
  });
});

describe('answers', () => {
  let q: Dto;
  beforeAll(async () => {
    q = await create(sample('作答测试'));
  });

  const answers = (dto: Dto, grade = 0, subjects = [0]) => [
    { questionId: dto.questions[0]!.id, optionIds: [dto.questions[0]!.options[grade]!.id] },
    { questionId: dto.questions[1]!.id, optionIds: subjects.map((i) => dto.questions[1]!.options[i]!.id) },
  ];

  it('takes none before publication, then one per member and one per visitor key', async () => {
    const early = await t.call('POST', api('Submit'), { token: member, body: { questionnaireId: q.id, answers: answers(q) } });
    expect(early.status).toBe(500);
    expect(early.body.error.message).toBe('该问卷尚未发布。');
    await publish(q.id);
    const ok = await t.call('POST', api('Submit'), { token: member, body: { questionnaireId: q.id, answers: answers(q, 1, [0, 2]) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const again = await t.call('POST', api('Submit'), { token: member, body: { questionnaireId: q.id, answers: answers(q) } });
    expect(again.status).toBe(500);
    expect(again.body.error.message).toBe('您已经提交过该问卷。');
    const visitor = {
      questionnaireId: q.id,
      respondentKey: 'device-0001',
      answers: [...answers(q, 1, [1]), { questionId: q.questions[2]!.id, text: '很好' }],
    };
    expect((await t.call('POST', api('Submit'), { tenantId: 1, body: visitor })).status).toBe(200);
    expect((await t.call('POST', api('Submit'), { tenantId: 1, body: visitor })).status).toBe(500);
    const noKey = await t.call('POST', api('Submit'), { tenantId: 1, body: { questionnaireId: q.id, answers: answers(q) } });
    expect(members(noKey)).toEqual(['respondentKey']);
  });

  it('shows the member side published questionnaires only, with whether the caller has answered', async () => {
    const mine = await t.call('GET', api('GetForAnswer'), { token: member, query: { Id: q.id } });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.result).toMatchObject({ id: q.id, isOpen: true, answered: true });
    expect(mine.body.result.questions[0].options).toHaveLength(3);
    const fresh = await t.call('GET', api('GetForAnswer'), { tenantId: 1, query: { Id: q.id, RespondentKey: 'device-never' } });
    expect(fresh.body.result.answered).toBe(false);
    const seen = await t.call('GET', api('GetForAnswer'), { tenantId: 1, query: { Id: q.id, RespondentKey: 'device-0001' } });
    expect(seen.body.result.answered).toBe(true);
    const pending = await create(sample('未发布'));
    expect((await t.call('GET', api('GetForAnswer'), { token: member, query: { Id: pending.id } })).status).toBe(404);
  });

  it('checks answers against the questionnaire with paths', async () => {
    const other = await create(sample('别的问卷'));
    const r = await t.call('POST', api('Submit'), {
      token: t.admin,
      body: {
        questionnaireId: q.id,
        answers: [
          { questionId: q.questions[0]!.id, optionIds: [other.questions[0]!.options[0]!.id] },
          { questionId: q.questions[1]!.id, optionIds: q.questions[1]!.options.map((o) => o.id) },
          { questionId: q.questions[2]!.id, optionIds: [q.questions[0]!.options[0]!.id] },
        ],
      },
    });
    expect(r.status).toBe(400);
    // A foreign option; three of three options where at most two may be chosen; options for a text question.
    expect(members(r).sort()).toEqual(['answers[0].optionIds[0]', 'answers[1].optionIds', 'answers[2].optionIds'].sort());
    const missing = await t.call('POST', api('Submit'), { token: t.admin, body: { questionnaireId: q.id, answers: [answers(q)[1]] } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.validationErrors[0].message).toBe('第 1 题为必答题。');
  });

  it('refuses members-only questionnaires to visitors and closed windows to everyone', async () => {
    const membersOnly = await create({ ...sample('仅会员'), audience: 1 });
    await publish(membersOnly.id);
    const visitor = { questionnaireId: membersOnly.id, respondentKey: 'device-0002', answers: answers(membersOnly) };
    expect((await t.call('POST', api('Submit'), { tenantId: 1, body: visitor })).status).toBe(401);
    const closed = await create({ ...sample('已结束'), audience: 1, startTime: '2020-01-01T00:00:00Z', endTime: '2020-02-01T00:00:00Z' });
    await publish(closed.id);
    const late = await t.call('POST', api('Submit'), { token: member, body: { questionnaireId: closed.id, answers: answers(closed) } });
    expect(late.status).toBe(500);
    expect(late.body.error.message).toBe('该问卷已于 2020-02-01 08:00 结束。');
  });

  it('summarizes per question and pages text answers; names hidden on anonymous questionnaires', async () => {
    const r = await t.call('GET', api('GetResult'), { token: t.admin, query: { Id: q.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const res = r.body.result;
    expect(res.responseCount).toBe(2);
    expect(res.memberResponseCount).toBe(1);
    const [grade, subject, text] = res.questions;
    expect(grade.answered).toBe(2);
    expect(grade.options.map((o: { count: number; percent: number }) => [o.count, o.percent])).toEqual([
      [0, 0],
      [2, 100],
      [0, 0],
    ]);
    expect(subject.options.map((o: { count: number }) => o.count)).toEqual([1, 1, 1]);
    expect(subject.options[0].percent).toBe(50);
    expect(text.textCount).toBe(1);
    const texts = await t.call('GET', api('GetTextAnswers'), { token: t.admin, query: { QuestionnaireId: q.id, QuestionId: q.questions[2]!.id } });
    expect(texts.body.result).toMatchObject({ totalCount: 1, items: [{ text: '很好', respondentName: null, isVisitor: true }] });
    const wrong = await t.call('GET', api('GetTextAnswers'), { token: t.admin, query: { QuestionnaireId: q.id, QuestionId: q.questions[0]!.id } });
    expect(members(wrong)).toEqual(['questionId']);
  });

  it('locks the structure once answered: rewording and reordering pass, adding an option does not', async () => {
    const got = (await t.call('GET', api('Get'), { token: t.admin, query: { Id: q.id } })).body.result as Dto;
    const keep = got.questions.map((x) => ({
      id: x.id,
      title: `${x.title}（修订）`,
      questionType: x.questionType,
      isRequired: x.isRequired,
      options: x.options.map((o) => ({ id: o.id, content: o.content })),
    }));
    const reworded = await t.call('PUT', api('Update'), {
      token: t.admin,
      body: { ...sample('作答测试'), id: q.id, questions: [...keep].reverse() },
    });
    expect(reworded.status, JSON.stringify(reworded.body)).toBe(200);
    expect(reworded.body.result.auditStatus).toBe(0);
    const grown = keep.map((x, i) => (i === 0 ? { ...x, options: [...x.options, { content: '高一' }] } : x));
    const r = await t.call('PUT', api('Update'), { token: t.admin, body: { ...sample('作答测试'), id: q.id, questions: grown } });
    expect(r.status).toBe(500);
    expect(r.body.error.message).toContain('该问卷已收到 2 份答卷');
  });
});

describe('visitors flooding a public questionnaire', () => {
  const submitFrom = (address: string, body: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: api('Submit'),
      remoteAddress: address,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'abp.tenantid': '1', ...(token && { authorization: `Bearer ${token}` }) },
    });
  const vote = (dto: Dto, key: string) => ({
    questionnaireId: dto.id,
    respondentKey: key,
    answers: [
      { questionId: dto.questions[0]!.id, optionIds: [dto.questions[0]!.options[0]!.id] },
      { questionId: dto.questions[1]!.id, optionIds: [dto.questions[1]!.options[0]!.id] },
    ],
  });

  it('counts at most 20 responses per address and questionnaire in 10 minutes; the rest are 429s saying when to retry', async () => {
    const q = await create(sample('刷票测试'));
    await publish(q.id);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof submitFrom>> | undefined;
    for (let i = 0; i < 200; i++) {
      const r = await submitFrom('203.0.113.7', vote(q, `made-up-device-${String(i).padStart(4, '0')}`));
      statuses.push(r.statusCode);
      if (r.statusCode === 429) refused ??= r;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(180);
    expect(await t.app.prisma.questionnaireResponse.count({ where: { questionnaireId: q.id } })).toBe(20);
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused!.json()).toMatchObject({ success: false, __abp: true, error: { message: expect.stringContaining(`${retryAfter} 秒后再试`) } });

    // Another address, another questionnaire, a signed-in member: not held back by that address's window.
    expect((await submitFrom('198.51.100.9', vote(q, 'another-address-0001'))).statusCode).toBe(200);
    const other = await create(sample('刷票测试·另一份'));
    await publish(other.id);
    expect((await submitFrom('203.0.113.7', vote(other, 'made-up-device-0000'))).statusCode).toBe(200);
    const signedIn = await submitFrom('203.0.113.7', { ...vote(q, 'ignored-for-members'), respondentKey: null }, member);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('marks which text answers came from visitors', async () => {
    const q = await create(sample('访客标记'));
    await publish(q.id);
    const text = (dto: Dto, words: string) => ({ questionId: dto.questions[2]!.id, text: words });
    const byVisitor = { ...vote(q, 'visitor-text-0001'), answers: [...vote(q, '').answers, text(q, '访客的建议')] };
    expect((await submitFrom('192.0.2.1', byVisitor)).statusCode).toBe(200);
    const byMember = { questionnaireId: q.id, answers: [...vote(q, '').answers, text(q, '会员的建议')] };
    expect((await submitFrom('192.0.2.1', byMember, member)).statusCode).toBe(200);
    const r = await t.call('GET', api('GetTextAnswers'), { token: t.admin, query: { QuestionnaireId: q.id, QuestionId: q.questions[2]!.id } });
    const byText = Object.fromEntries(r.body.result.items.map((a: { text: string; isVisitor: boolean }) => [a.text, a.isVisitor]));
    expect(byText).toEqual({ 访客的建议: true, 会员的建议: false });
  });
});

describe('lists and seed', () => {
  it('lists seeded questionnaires in every state, filters by state, keyword and day, with response counts', async () => {
    const all = await t.call('GET', api('GetAllOfBack'), { token: t.admin, query: { MaxResultCount: 100 } });
    const items = all.body.result.items as Array<{ title: string; auditStatus: number; responseCount: number; questions?: unknown }>;
    expect(new Set(items.map((i) => i.auditStatus))).toEqual(new Set([0, 1, 2]));
    expect(items[0]!.questions).toBeUndefined();
    const survey = items.find((i) => i.title === '2024学年秋季学期线上课程满意度调查');
    expect(survey!.responseCount).toBeGreaterThan(200);
    const approved = await t.call('GET', api('GetAllOfBack'), { token: t.admin, query: { AuditStatus: 1, Keyword: '课后服务' } });
    expect(approved.body.result.items.map((i: { title: string }) => i.title)).toEqual(['家长对课后服务的意见征集']);
    // The parents' questionnaire closed 10 days ago: not open on today's date.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const open = await t.call('GET', api('GetAllOfBack'), { token: t.admin, query: { DateFrom: today, DateTo: today, MaxResultCount: 100 } });
    const openTitles = open.body.result.items.map((i: { title: string }) => i.title);
    expect(openTitles).toContain('2024学年秋季学期线上课程满意度调查');
    expect(openTitles).not.toContain('家长对课后服务的意见征集');
  });

  it('seeded results add up: each single-choice question counts every answering response once', async () => {
    const list = await t.call('GET', api('GetAllOfBack'), { token: t.admin, query: { AuditStatus: 1, Keyword: '满意度' } });
    const id = list.body.result.items[0].id as number;
    const res = (await t.call('GET', api('GetResult'), { token: t.admin, query: { Id: id } })).body.result;
    for (const question of res.questions.filter((x: { questionType: number }) => x.questionType === 1)) {
      const sum = question.options.reduce((s: number, o: { count: number }) => s + o.count, 0);
      expect(sum).toBe(question.answered);
      expect(question.answered).toBe(res.responseCount);
    }
  });
});
