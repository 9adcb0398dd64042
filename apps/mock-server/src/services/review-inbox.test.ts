import { reviewableList, reviewInboxAccess, type ReviewInboxItemDto } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant } from '../testing/tenants.ts';

/** The review inbox (services/review-inbox.ts) against the seeded database. */

const t = useTestApp();

const inbox = (token: string, query: Record<string, unknown> = {}, tenantId?: number) =>
  t.call('GET', api('ReviewInbox/GetAll'), { token, query: { MaxResultCount: 100, ...query }, tenantId });
const counts = (token: string, query: Record<string, unknown> = {}) => t.call('GET', api('ReviewInbox/GetCounts'), { token, query });
const decideMany = (token: string, items: unknown[]) => t.call('POST', api('ReviewInbox/DecideMany'), { token, body: { items } });

async function makeUser(userName: string, permissions: string[]) {
  const role = await t.call('POST', api('Role/Create'), {
    token: t.admin,
    body: { name: `${userName}-role`, displayName: userName, grantedPermissions: ['Pages', ...permissions] },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const res = await t.call('POST', api('User/Create'), {
    token: t.admin,
    body: {
      userName,
      name: '审',
      surname: '核',
      emailAddress: `${userName}@example.edu.cn`,
      password: 'Passw0rd!',
      roleNames: [`${userName}-role`],
      identity: 2,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.result.id as number, token: await t.login(userName, 'Passw0rd!', 1) };
}

const key = (i: { type: string; id: number }) => `${i.type}:${i.id}`;

describe('the review inbox', () => {
  it('derives from the registry: a count for every reviewable type, and a seeded pending item of each in the queue', async () => {
    const c = await counts(t.admin);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.result.items.map((i: { type: string }) => i.type)).toEqual(reviewableList.map((r) => r.clientKey));
    // How many items of each type there are at all (the home page's figures).
    const home = await t.call('GET', api('Session/GetManageHomePage'), { token: t.admin, query: { Days: 7 } });
    const totals = new Map<string, number>(home.body.result.content.map((e: { entity: string; total: number }) => [e.entity, e.total]));
    for (const r of reviewableList) {
      const n = c.body.result.items.find((i: { type: string }) => i.type === r.clientKey).count;
      // A type the seed fills at all is seeded in every review state, so some of it awaits review.
      if (!totals.get(r.clientKey)) continue;
      expect(n, `pending ${r.clientKey} in the seed`).toBeGreaterThan(0);
      const one = await inbox(t.admin, { Type: r.clientKey, MaxResultCount: 1 });
      expect(one.body.result.totalCount).toBe(n);
      expect(one.body.result.items[0]).toMatchObject({ type: r.clientKey, entity: r.entity });
    }
    expect(c.body.result.total).toBe(c.body.result.items.reduce((a: number, i: { count: number }) => a + i.count, 0));
    // The endpoint admits exactly the permissions that decide some step of some flow.
    expect(new Set(reviewInboxAccess)).toEqual(new Set(reviewableList.flatMap((r) => r.flow.steps.map((s) => s.permission))));
  });

  it('lists the queue oldest first across types, and pages cut the same order', async () => {
    const all = await inbox(t.admin, { MaxResultCount: 100 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const items: ReviewInboxItemDto[] = all.body.result.items;
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      expect(b.sensitiveHits <= a.sensitiveHits).toBe(true);
      if (a.sensitiveHits === b.sensitiveHits) expect(Date.parse(a.submittedTime)).toBeLessThanOrEqual(Date.parse(b.submittedTime));
    }
    // The seed's comments and leave messages with sensitive words head the queue, whatever their age.
    expect(items[0]!.sensitiveHits).toBeGreaterThan(0);
    expect(items.findIndex((i) => i.sensitiveHits === 0)).toBeGreaterThan(0);
    // Restricted to one type, the merged order is that type's own queue.
    const type = items[0]!.type;
    const own = (await inbox(t.admin, { Type: type, MaxResultCount: 100 })).body.result.items as ReviewInboxItemDto[];
    const merged = items.filter((i) => i.type === type);
    expect(own.slice(0, merged.length).map(key)).toEqual(merged.map(key));
    const paged: ReviewInboxItemDto[] = [];
    for (let skip = 0; skip < 35; skip += 7) paged.push(...(await inbox(t.admin, { SkipCount: skip, MaxResultCount: 7 })).body.result.items);
    expect(paged.map(key)).toEqual(items.slice(0, 35).map(key));
    const first = items[0]!;
    expect(first.title.length).toBeGreaterThan(0);
    expect(first.preview === null || first.preview.length <= 120).toBe(true);
    expect(items.some((i) => i.preview && !/[<>]/.test(i.preview))).toBe(true);
    // A preview never just repeats the title (a question's title is its stem).
    expect(items.filter((i) => i.preview !== null && i.preview === i.title)).toEqual([]);
  });

  it('filters by type, author and age', async () => {
    const all: ReviewInboxItemDto[] = (await inbox(t.admin)).body.result.items;
    const withAuthor = all.find((i) => i.authorName && i.authorId)!;
    const byId = (await inbox(t.admin, { AuthorId: withAuthor.authorId })).body.result.items as ReviewInboxItemDto[];
    expect(byId.length).toBeGreaterThan(0);
    expect(byId.every((i) => i.authorId === withAuthor.authorId)).toBe(true);
    const byName = (await inbox(t.admin, { Author: withAuthor.authorName })).body.result.items as ReviewInboxItemDto[];
    expect(byName.map(key)).toContain(key(withAuthor));
    expect(byName.every((i) => i.authorName?.includes(withAuthor.authorName!) || i.authorId === withAuthor.authorId)).toBe(true);
    expect((await inbox(t.admin, { Author: '不存在的作者名' })).body.result).toEqual({ totalCount: 0, items: [] });

    // Age: a fresh item is not older than a day; it is submitted today (UTC+8).
    const fresh = await t.call('POST', api('Article/Create'), {
      token: t.admin,
      body: { title: '审核中心新文章', categoryId: await articleCategory(), content: '<p>新提交</p>' },
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const old = (await inbox(t.admin, { OlderThanDays: 1, Type: 'article' })).body.result.items as ReviewInboxItemDto[];
    expect(old.map((i) => i.id)).not.toContain(fresh.body.result.id);
    expect(old.every((i) => Date.now() - Date.parse(i.submittedTime) >= 86_400_000)).toBe(true);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const todays = (await inbox(t.admin, { SubmittedFrom: today, SubmittedTo: today, Type: 'article' })).body.result.items as ReviewInboxItemDto[];
    expect(todays.map((i) => i.id)).toContain(fresh.body.result.id);
    const backwards = await inbox(t.admin, { SubmittedFrom: today, SubmittedTo: '2020-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.validationErrors[0].members).toEqual(['submittedTo']);
    // The counts follow the filters.
    const c = await counts(t.admin, { SubmittedFrom: today, SubmittedTo: today });
    expect(c.body.result.items.find((i: { type: string }) => i.type === 'article').count).toBeGreaterThanOrEqual(1);
  });

  it('shows a preview of one item as plain text, with whether the caller may decide it', async () => {
    const [item] = (await inbox(t.admin, { Type: 'article', MaxResultCount: 1 })).body.result.items as ReviewInboxItemDto[];
    const p = await t.call('GET', api('ReviewInbox/Get'), { token: t.admin, query: { Type: 'article', Id: item!.id } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.result).toMatchObject({ type: 'article', id: item!.id, title: item!.title, auditStatus: 0, canDecide: true });
    expect(p.body.result.body).not.toMatch(/<\/?[a-z]/);
    expect((await t.call('GET', api('ReviewInbox/Get'), { token: t.admin, query: { Type: 'article', Id: 999_999 } })).status).toBe(404);
  });

  it('decides many items at once, each on its own: ok, invalid, conflict, not found', async () => {
    const firstOf = async (type: string, where: (i: ReviewInboxItemDto) => boolean = () => true) =>
      ((await inbox(t.admin, { Type: type })).body.result.items as ReviewInboxItemDto[]).find(where)!;
    const article = await firstOf('article');
    const resource = await firstOf('resource');
    const paper = await firstOf('testPaper');
    const question = await firstOf('testQuestion', (i) => i.reviewStep === 0);
    // Someone else rejects the resource between the list and the bulk decision.
    const other = await t.call('POST', api('Resource/AuditedResource'), {
      token: t.admin,
      body: { id: resource.id, auditStatus: 2, auditReason: '重复' },
    });
    expect(other.status).toBe(200);
    const r = await decideMany(t.admin, [
      { type: 'article', id: article.id, decision: 1 },
      { type: 'resource', id: resource.id, decision: 1 },
      { type: 'testPaper', id: paper.id, decision: 2 },
      { type: 'testPaper', id: paper.id, decision: 2, reason: '题目分值不合理' },
      { type: 'testQuestion', id: question.id, decision: 1, reviewStep: 0 },
      { type: 'testQuestion', id: question.id, decision: 1, reviewStep: 0 },
      { type: 'article', id: 999_999, decision: 1 },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.items.map((i: { status: string }) => i.status)).toEqual(['ok', 'conflict', 'invalid', 'ok', 'ok', 'conflict', 'notFound']);
    expect(r.body.result).toMatchObject({ succeeded: 3, failed: 4 });
    expect(r.body.result.items[0]).toMatchObject({ auditStatus: 1, message: null });
    // The question passed its first step and awaits the second: still pending.
    expect(r.body.result.items[4]).toMatchObject({ auditStatus: 0 });
    expect(r.body.result.items[1].message).toMatch(/其他审核人/);
    // The rejected resource was not reconsidered; the rejected paper is switched off (the decision's effect).
    expect((await t.app.prisma.resource.findUnique({ where: { id: resource.id } }))?.auditStatus).toBe(2);
    expect(await t.app.prisma.testPaper.findUnique({ where: { id: paper.id }, select: { auditStatus: true, isActive: true, isShow: true } })).toEqual(
      {
        auditStatus: 2,
        isActive: false,
        isShow: false,
      },
    );
    // Each decision is recorded and its author notified, as through the entity's own endpoint.
    const recorded = await t.app.prisma.reviewDecision.findMany({ where: { entityName: 'Article', entityId: article.id } });
    expect(recorded).toHaveLength(1);
    const after: ReviewInboxItemDto[] = (await inbox(t.admin, { Type: 'article' })).body.result.items;
    expect(after.map(key)).not.toContain(key(article));
  });

  it('shows a reviewer only the types they may decide, and refuses the others', async () => {
    const reviewer = await makeUser('inbox-articles', ['Pages.Articles', 'Pages.Articles.AuditArticle']);
    const c = await counts(reviewer.token);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.result.items.map((i: { type: string }) => i.type)).toEqual(['article']);
    const items: ReviewInboxItemDto[] = (await inbox(reviewer.token)).body.result.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.type === 'article')).toBe(true);
    const resource = ((await inbox(t.admin, { Type: 'resource' })).body.result.items as ReviewInboxItemDto[])[0]!;
    expect((await inbox(reviewer.token, { Type: 'resource' })).body.result).toEqual({ totalCount: 0, items: [] });
    expect((await t.call('GET', api('ReviewInbox/Get'), { token: reviewer.token, query: { Type: 'resource', Id: resource.id } })).status).toBe(403);
    const r = await decideMany(reviewer.token, [{ type: 'resource', id: resource.id, decision: 1 }]);
    expect(r.body.result.items[0]).toMatchObject({ status: 'forbidden', auditStatus: null });
    expect((await t.app.prisma.resource.findUnique({ where: { id: resource.id } }))?.auditStatus).toBe(0);

    // Four eyes: an article of their own is not in their queue and cannot be decided by them.
    const own = await t.call('POST', api('Article/Create'), {
      token: t.admin,
      body: { title: '临时', categoryId: await articleCategory(), content: '<p>x</p>' },
    });
    await t.app.prisma.article.update({ where: { id: own.body.result.id }, data: { creatorUserId: reviewer.id } });
    expect(((await inbox(reviewer.token)).body.result.items as ReviewInboxItemDto[]).map((i) => i.id)).not.toContain(own.body.result.id);
    const mine = await decideMany(reviewer.token, [{ type: 'article', id: own.body.result.id, decision: 1 }]);
    expect(mine.body.result.items[0].status).toBe('forbidden');

    const nobody = await makeUser('inbox-nobody', ['Pages.Articles', 'Pages.Articles.Article']);
    expect((await inbox(nobody.token)).status).toBe(403);
    expect((await counts(nobody.token)).status).toBe(403);
  });

  it('keeps tenants apart', async () => {
    const other = await createTenant(t, 'inboxschool');
    const c = await counts(other.token);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.result.total).toBe(0);
    const item = ((await inbox(t.admin)).body.result.items as ReviewInboxItemDto[])[0]!;
    expect((await t.call('GET', api('ReviewInbox/Get'), { token: other.token, query: { Type: item.type, Id: item.id } })).status).toBe(404);
    const r = await decideMany(other.token, [{ type: item.type, id: item.id, decision: 1 }]);
    expect(r.body.result.items[0].status).toBe('notFound');
    expect(((await inbox(t.admin)).body.result.items as ReviewInboxItemDto[]).map(key)).toContain(key(item));
  });

  it('answers 400 for bad input, never 500', async () => {
    expect((await inbox(t.admin, { Type: 'nothing' })).status).toBe(400);
    expect((await inbox(t.admin, { MaxResultCount: 101 })).status).toBe(400);
    expect((await decideMany(t.admin, [])).status).toBe(400);
    expect((await decideMany(t.admin, [{ type: 'article', id: 1, decision: 3 }])).status).toBe(400);
  });
});

let category: number | undefined;
async function articleCategory(): Promise<number> {
  if (category) return category;
  const cascader = await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 1 } });
  let node = cascader.body.result[0];
  while (node.children?.length) node = node.children[0];
  return (category = node.value as number);
}
