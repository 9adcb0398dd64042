import { rmSync } from 'node:fs';
import { DATA_VERSION, dataVersion } from '@edu/db';
import { questionFingerprint } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { dataUpgrades } from '../data-upgrades.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../testing/test-app.ts';

/**
 * Duplicate fingerprints keep what carries meaning in a formula (a sign, a
 * bracket, a decimal point), over HTTP; and a database written under the old
 * rule has its stored fingerprints recomputed once as it opens.
 */
let t: TestApp;
let admin: string;
let categoryId: number;
const api = (path: string) => `/api/services/app/${path}`;

async function create(stem: string, options: string[]) {
  const r = await t.call('POST', api('TestQuestion/CreateQuestion'), {
    token: admin,
    body: { questionType: 1, stem: `<p>${stem}</p>`, categoryId, options: options.map((content, i) => ({ content, isCorrect: i === 0 })) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { id: number; duplicateIds: number[]; fingerprint: string };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const c = await t.call('POST', api('MultiLevelCategory/Create'), { token: admin, body: { classTypeId: 3, name: '指纹测试' } });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  categoryId = c.body.result.id;
});
afterAll(async () => {
  await t.app.close();
  rmSync(t.dir, { recursive: true, force: true });
});

describe('question fingerprints', () => {
  it('tell a sign, a decimal point and a coordinate apart, and still fold width and prose punctuation', async () => {
    const plus = await create('点(2,9)关于原点的对称点是', ['(-2,-9)', '(2,-9)']);
    const minus = await create('点(-2,9)关于原点的对称点是', ['(2,-9)', '(-2,-9)']);
    expect(minus.duplicateIds).toEqual([]);
    const pi = await create('圆周率约等于3.14吗', ['是', '否']);
    expect((await create('圆周率约等于314吗', ['是', '否'])).duplicateIds).toEqual([]);
    expect((await create('点（2，9）关于原点的对称点是？', ['(2,-9)', '(-2,-9)'])).duplicateIds).toEqual([plus.id]);
    expect((await create('圆周率约等于3.14吗？', ['否', '是'])).duplicateIds).toEqual([pi.id]);
  });

  it('are recomputed once when a database written under an older rule opens', async () => {
    // The seeded copy was written by the current rules: it is at the current data version, which the server's list reaches.
    expect(await dataVersion(t.app.prisma)).toBe(DATA_VERSION);
    expect(dataUpgrades.at(-1)?.version).toBe(DATA_VERSION);
    const a = await create('函数f(x)=-x的图像经过第几象限', ['二、四', '一、三']);
    const b = await create('函数f(x)=x的图像经过第几象限', ['一、三', '二、四']);
    // What the old rule stored: both the same (it dropped the minus sign), and no data version yet.
    await t.app.prisma.testQuestion.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { fingerprint: 'old-rule' } });
    await t.app.prisma.$executeRawUnsafe('PRAGMA user_version = 0');
    await t.app.close();

    const reopened = await buildApp({ databaseUrl: t.databaseUrl, jwtSecret: TEST_JWT_SECRET });
    t.app = reopened; // afterAll closes it
    expect(await dataVersion(reopened.prisma)).toBe(DATA_VERSION);
    const rows = await reopened.prisma.testQuestion.findMany({
      where: { id: { in: [a.id, b.id] } },
      orderBy: { id: 'asc' },
      select: { fingerprint: true },
    });
    expect(rows.map((r) => r.fingerprint)).toEqual([a.fingerprint, b.fingerprint]);
    expect(a.fingerprint).not.toBe(b.fingerprint);
    expect(a.fingerprint).toBe(
      questionFingerprint({ stem: '<p>函数f(x)=-x的图像经过第几象限</p>', options: [{ content: '二、四' }, { content: '一、三' }] }),
    );
    expect(await reopened.prisma.testQuestion.count({ where: { fingerprint: 'old-rule' } })).toBe(0);
  });
});
