/**
 * Many users fast, for benchmarks (100,000 and up): one transaction, explicit
 * ids so parents are known without reading anything back, and multi-row
 * INSERTs of ~2000 rows. The hierarchy is a complete tree of the smallest
 * fan-out that fits `count` users into `levels` levels.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../src/password-hash.ts';
import { BULK_NAMES, BULK_SURNAMES, DEFAULT_PASSWORD, EMAIL_DOMAIN, Identity } from './demo-data.ts';
import { createRandom } from './random.ts';

export interface BulkUsersOptions {
  tenantId: number | null;
  count: number;
  /** Depth of the hierarchy (1 = everyone directly under `parentId`). */
  levels: number;
  /** Parent of the tree's root(s); default none. */
  parentId?: number | null;
  /** Put every user in this role of the tenant (by name), e.g. `Member`. */
  roleName?: string;
  /** Rows per INSERT; default 2000. */
  batchSize?: number;
  /** Password of every user; hashed once. Default `123qwe`. */
  password?: string;
}

export interface BulkUsersResult {
  firstId: number;
  lastId: number;
  /** Children per parent in the tree. */
  fanOut: number;
  /** Levels actually used. */
  depth: number;
}

/** Smallest fan-out f with 1 + f + ... + f^(levels-1) >= count. */
function fanOutFor(count: number, levels: number): number {
  if (levels <= 1 || count <= 1) return count;
  for (let f = 1; ; f++) {
    let capacity = 0;
    for (let i = 0, p = 1; i < levels && capacity < count; i++, p *= f) capacity += p;
    if (capacity >= count) return f;
  }
}

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
type Cell = string | number | boolean | Date | null;

/**
 * A multi-row INSERT per call. `createMany` is about 10x slower here: Prisma
 * splits it into statements of 999 parameters (about 40 users each) and plans
 * every one. Values are written in the adapter's own formats (ISO 8601 with
 * `+00:00`, booleans as 0/1) so the client reads and compares them as its own.
 */
async function insertRows(tx: Tx, table: string, rows: ReadonlyArray<Record<string, Cell>>): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) return;
  // SQLite allows 32766 parameters per statement.
  const perStatement = Math.floor(32766 / columns.length);
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const tuple = `(${columns.map(() => '?').join(',')})`;
    const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${chunk.map(() => tuple).join(',')}`;
    const values = chunk.flatMap((row) => columns.map((c) => toSqlite(row[c] ?? null)));
    await tx.$executeRawUnsafe(sql, ...values);
  }
}

function toSqlite(v: Cell): string | number | null {
  if (v instanceof Date) return v.toISOString().replace('Z', '+00:00');
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
}

export async function seedBulkUsers(prisma: PrismaClient, options: BulkUsersOptions): Promise<BulkUsersResult> {
  const { tenantId, count, levels } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error('seedBulkUsers: count must be a positive integer');
  if (!Number.isInteger(levels) || levels < 1) throw new Error('seedBulkUsers: levels must be a positive integer');
  const batchSize = options.batchSize ?? 2000;
  const passwordHash = hashPassword(options.password ?? DEFAULT_PASSWORD);
  const rnd = createRandom(count * 31 + levels);
  const fanOut = fanOutFor(count, levels);
  const now = Date.now();

  return prisma.$transaction(
    async (tx) => {
      const roleId = options.roleName
        ? (
            await tx.role.findFirstOrThrow({
              where: { tenantId, normalizedName: options.roleName.toUpperCase(), isDeleted: false },
              select: { id: true },
            })
          ).id
        : null;
      const firstId = ((await tx.user.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;

      // Node k of a complete tree in breadth-first order: parent (k-1)/f, depth grows by one per level.
      const depthOf = new Int32Array(count);
      const hasChildren = (k: number) => levels > 1 && k * fanOut + 1 < count;
      let depth = 1;
      for (let start = 0; start < count; start += batchSize) {
        const end = Math.min(count, start + batchSize);
        const rows = [];
        for (let k = start; k < end; k++) {
          const id = firstId + k;
          const parentIndex = levels <= 1 || k === 0 ? -1 : Math.floor((k - 1) / fanOut);
          depthOf[k] = parentIndex < 0 ? 1 : depthOf[parentIndex]! + 1;
          depth = Math.max(depth, depthOf[k]!);
          const userName = `user${id}`;
          const email = `${userName}@${EMAIL_DOMAIN}`;
          rows.push({
            id,
            tenantId,
            userName,
            normalizedUserName: userName.toUpperCase(),
            name: rnd.pick(BULK_NAMES),
            surname: rnd.pick(BULK_SURNAMES),
            emailAddress: email,
            normalizedEmailAddress: email.toUpperCase(),
            phoneNumber: rnd.mobile(),
            passwordHash,
            securityStamp: rnd.guid(),
            isActive: rnd.next() > 0.05,
            identity: k === 0 && levels > 1 ? Identity.Administrator : hasChildren(k) ? Identity.Teacher : Identity.Member,
            parentId: parentIndex < 0 ? (options.parentId ?? null) : firstId + parentIndex,
            // Spread over the last year, older ids older.
            creationTime: new Date(now - Math.floor(((count - k) / count) * 365 * 86_400_000)),
          });
        }
        await insertRows(tx, 'User', rows);
        if (roleId !== null)
          await insertRows(
            tx,
            'UserRole',
            rows.map((r) => ({ tenantId, userId: r.id, roleId, creationTime: r.creationTime })),
          );
      }
      return { firstId, lastId: firstId + count - 1, fanOut, depth };
    },
    { timeout: 600_000 },
  );
}
