import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { hierarchyCondition, selfAndDescendantIds } from './hierarchy.ts';

const t = useTestApp({ signIn: false });

const userId = async (userName: string) => (await t.app.prisma.user.findFirstOrThrow({ where: { tenantId: 1, userName } })).id;
const articleCount = (mine: Awaited<ReturnType<typeof hierarchyCondition>>) =>
  t.app.prisma.article.count({ where: { tenantId: 1, isDeleted: false, creatorUserId: mine } });

describe('hierarchy scope', () => {
  it('walks the seeded tree any depth down and never up', async () => {
    const director = await userId('wangjianguo');
    const below = await selfAndDescendantIds(t.app.prisma, 1, director);
    expect(below).toContain(director);
    expect(below).not.toContain(await userId('admin'));
    const all = await selfAndDescendantIds(t.app.prisma, 1, await userId('admin'));
    expect(all.length).toBeGreaterThan(below.length);
    expect(all).toEqual(expect.arrayContaining(below));
  });

  it('expresses a subtree too large to list by the users outside it, with the same result', async () => {
    const admin = await userId('admin');
    const listed = await hierarchyCondition(t.app.prisma, 1, admin, () => new Error('too large'));
    expect(JSON.stringify(listed)).toContain('"in"');
    const complement = await hierarchyCondition(t.app.prisma, 1, admin, () => new Error('too large'), 5);
    expect(JSON.stringify(complement)).toContain('notIn');
    expect(await articleCount(complement)).toBe(await articleCount(listed));
    expect(await articleCount(listed)).toBeGreaterThan(0);
  });

  it('gives the caller’s error when both sides are too large to list', async () => {
    const director = await userId('wangjianguo');
    await expect(hierarchyCondition(t.app.prisma, 1, director, () => new Error('too large'), 1)).rejects.toThrow('too large');
  });
});
