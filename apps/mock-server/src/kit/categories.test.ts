import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant } from '../testing/tenants.ts';

const t = useTestApp();

/** A news category (class type 1) of tenant 1, created for the test. */
async function newsCategory(token: string, name: string): Promise<number> {
  const res = await t.call('POST', api('MultiLevelCategory/Create'), { token, body: { classTypeId: 1, name } });
  expect(res.status).toBe(200);
  return (res.body.result as { id: number }).id;
}

const article = (categoryId: number) => ({ title: '分类校验', categoryId, content: '<p>正文</p>', author: '张老师' });
const refusal = (res: { body: any }) => res.body.error.validationErrors[0];

describe("assertCategory (a content item's category, read by id through the data filters)", () => {
  it('accepts a live category of the tenant and refuses a deleted one', async () => {
    const live = await newsCategory(t.admin, '校验用分类');
    expect((await t.call('POST', api('Article/Create'), { token: t.admin, body: article(live) })).status).toBe(200);
    const deleted = await newsCategory(t.admin, '待删除分类');
    expect((await t.call('DELETE', api('MultiLevelCategory/Delete'), { token: t.admin, query: { Id: deleted } })).status).toBe(200);
    const refused = await t.call('POST', api('Article/Create'), { token: t.admin, body: article(deleted) });
    expect(refused.status).toBe(400);
    expect(refusal(refused).members).toEqual(['categoryId']);
  });

  it('refuses a category at once after it is deleted, though a create just read it', async () => {
    const category = await newsCategory(t.admin, '先用后删分类');
    const created = await t.call('POST', api('Article/Create'), { token: t.admin, body: article(category) });
    expect(created.status).toBe(200);
    // A category in use is kept: the item goes first.
    expect((await t.call('DELETE', api('Article/Delete'), { token: t.admin, query: { Id: created.body.result.id } })).status).toBe(200);
    expect((await t.call('DELETE', api('MultiLevelCategory/Delete'), { token: t.admin, query: { Id: category } })).status).toBe(200);
    const refused = await t.call('POST', api('Article/Create'), { token: t.admin, body: article(category) });
    expect(refused.status).toBe(400);
    expect(refusal(refused).members).toEqual(['categoryId']);
  });

  it("refuses another tenant's category as not found", async () => {
    const b = await createTenant(t, 'categories2');
    const theirs = await newsCategory(b.token, '乙校分类');
    // Their own create reads the category first: what it read is theirs alone.
    expect((await t.call('POST', api('Article/Create'), { token: b.token, body: article(theirs) })).status).toBe(200);
    const refused = await t.call('POST', api('Article/Create'), { token: t.admin, body: article(theirs) });
    expect(refused.status).toBe(400);
    expect(refusal(refused)).toEqual({ message: expect.stringContaining(String(theirs)), members: ['categoryId'] });
  });
});
