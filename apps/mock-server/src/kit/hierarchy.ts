import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * The ids of a user and everyone below them in the user hierarchy, any depth,
 * within one tenant, skipping deleted users. One recursive query; the
 * "myself and children" scope of every content list is built on it.
 */
export async function selfAndDescendantIds(prisma: PrismaClient, tenantId: number | null, userId: number): Promise<number[]> {
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
