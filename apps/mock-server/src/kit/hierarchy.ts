import { writeVersions } from '@edu/db';
import type { PrismaClient } from '@edu/db';

type Entry = { stamp: string; ids: Promise<number[]> };
const caches = new WeakMap<PrismaClient, Map<string, Entry>>();

/**
 * The ids of a user and everyone below them in the user hierarchy, any depth,
 * within one tenant, skipping deleted users. One recursive query, cached until
 * the User table is written (exact: see db/write-versions.ts). The "myself and
 * children" scope of every content list is built on it.
 */
export function selfAndDescendantIds(prisma: PrismaClient, tenantId: number | null, userId: number): Promise<number[]> {
  let cache = caches.get(prisma);
  if (!cache) {
    cache = new Map<string, Entry>();
    caches.set(prisma, cache);
  }
  const key = `${tenantId ?? 'host'}:${userId}`;
  const stamp = writeVersions(prisma).version('User');
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.ids;
  const ids = query(prisma, tenantId, userId);
  cache.set(key, { stamp, ids });
  ids.catch(() => cache.delete(key));
  if (cache.size > 5000) cache.delete(cache.keys().next().value!);
  return ids;
}

async function query(prisma: PrismaClient, tenantId: number | null, userId: number): Promise<number[]> {
  const rows = await prisma.$queryRawUnsafe<Array<{ id: number | bigint }>>(
    `WITH RECURSIVE tree(id) AS (
       SELECT id FROM "User" WHERE id = ? AND "isDeleted" = 0 AND "tenantId" IS ?
       UNION
       SELECT u.id FROM "User" u JOIN tree t ON u."parentId" = t.id WHERE u."isDeleted" = 0 AND u."tenantId" IS ?
     ) SELECT id FROM tree`,
    userId,
    tenantId,
    tenantId,
  );
  return rows.map((r) => Number(r.id));
}

/** Ids a Prisma `in`/`notIn` list may hold here (SQLite's bind limit, with room for the query's other values). */
export const MAX_ID_LIST = 32_000;

/**
 * A Prisma filter on a user-id column for "the user or someone below them"
 * (`{ creatorUserId: await hierarchyCondition(...) }`). Small subtrees are
 * listed (`in`); a subtree too large to list (a top administrator over tens of
 * thousands of users) is expressed by the users outside it (`notIn`, deleted
 * users included so their rows stay out as with `in`). Only a tenant where
 * both sides exceed the bind limit gets a clear error instead.
 */
export async function hierarchyCondition(
  prisma: PrismaClient,
  tenantId: number | null,
  userId: number,
  tooLarge: () => Error,
  maxIds = MAX_ID_LIST,
): Promise<{ in: number[] } | { not: null; notIn: number[] }> {
  const ids = await selfAndDescendantIds(prisma, tenantId, userId);
  if (ids.length <= maxIds) return { in: ids };
  const inside = new Set(ids);
  const all = await prisma.user.findMany({ where: { tenantId }, select: { id: true } });
  const outside = all.map((u) => u.id).filter((id) => !inside.has(id));
  if (outside.length > maxIds) throw tooLarge();
  return { not: null, notIn: outside };
}
