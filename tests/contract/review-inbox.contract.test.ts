import { AbpError, ClassType, reviewableList } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * The review inbox (ReviewInbox, an extension): counts per registry type, the
 * merged queue, one item's preview and bulk decisions with a result per item.
 * Every response is parsed with the SDK schema by the client.
 */
let backend: Backend;
let admin: SignedIn;
let categoryId: number;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  categoryId = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Article, name: unique('合同审核中心分类') })).id;
});
afterAll(async () => backend?.close());

describe('ReviewInbox', () => {
  it('counts every registry type for an administrator, and the list adds up to the counts', async () => {
    const counts = await admin.client.reviewInbox.getCounts({});
    expect(counts.items.map((c) => c.type)).toEqual(reviewableList.map((r) => r.clientKey));
    const page = await admin.client.reviewInbox.getAll({ MaxResultCount: 5 });
    expect(page.totalCount).toBe(counts.total);
    expect(page.items.length).toBeLessThanOrEqual(5);
    const one = counts.items.find((c) => c.count > 0);
    if (one) {
      const typed = await admin.client.reviewInbox.getAll({ Type: one.type, MaxResultCount: 1 });
      expect(typed.totalCount).toBe(one.count);
      expect(typed.items[0]?.type).toBe(one.type);
    }
  });

  it('previews an item and decides a mixed batch item by item', async () => {
    const a = await admin.client.article.create({ title: unique('合同审核中心 通过'), categoryId, content: '<p>第一段</p><p>第二段 &amp; 更多</p>' });
    const b = await admin.client.article.create({ title: unique('合同审核中心 驳回'), categoryId, content: '<p>待驳回</p>' });
    const preview = await admin.client.reviewInbox.get({ Type: 'article', Id: a.id });
    expect(preview).toMatchObject({ type: 'article', id: a.id, auditStatus: 0, canDecide: true, body: '第一段 第二段 & 更多' });

    const result = await admin.client.reviewInbox.decideMany({
      items: [
        { type: 'article', id: a.id, decision: 1 },
        { type: 'article', id: b.id, decision: 2, reason: '内容与主题无关' },
        { type: 'article', id: a.id, decision: 1 },
      ],
    });
    expect(result).toMatchObject({ succeeded: 2, failed: 1 });
    expect(result.items.map((i) => i.status)).toEqual(['ok', 'ok', 'conflict']);
    expect((await admin.client.article.get({ Id: b.id })).auditReason).toBe('内容与主题无关');
  });

  it('answers bad input with a validation error', async () => {
    await expect(admin.client.reviewInbox.decideMany({ items: [] })).rejects.toSatisfy((e) => e instanceof AbpError && e.kind === 'validation');
  });
});
