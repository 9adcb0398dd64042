import type { PrismaClient } from '@edu/db';

/** A live tenant by name, compared case-insensitively as ABP does. */
export async function findTenantByName(prisma: PrismaClient, tenancyName: string) {
  const rows = await prisma.$queryRawUnsafe<Array<{ id: number | bigint; tenancyName: string; isActive: number | boolean }>>(
    'SELECT id, "tenancyName", "isActive" FROM "Tenant" WHERE "tenancyName" = ? COLLATE NOCASE AND "isDeleted" = 0 LIMIT 1',
    tenancyName.trim(),
  );
  const row = rows[0];
  return row ? { id: Number(row.id), tenancyName: row.tenancyName, isActive: Boolean(row.isActive) } : null;
}
