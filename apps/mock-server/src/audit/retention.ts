import type { PrismaClient } from '@edu/db';
import type { FastifyBaseLogger } from 'fastify';

/** The application setting (ABP's name style) of how many days audit rows are kept; default 90. */
export const AUDIT_RETENTION_SETTING = 'App.Auditing.RetentionDays';
export const DEFAULT_AUDIT_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

/** The retention in days: the application-level setting when it is a positive integer, else the default. */
export async function retentionDays(prisma: PrismaClient): Promise<number> {
  const row = await prisma.setting.findFirst({ where: { tenantId: null, userId: null, name: AUDIT_RETENTION_SETTING } });
  const days = Number(row?.value);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_AUDIT_RETENTION_DAYS;
}

/** Deletes the audit rows of every tenant older than the retention; answers how many went. */
export async function pruneAuditLogs(prisma: PrismaClient, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (await retentionDays(prisma)) * DAY_MS);
  const { count } = await prisma.auditLog.deleteMany({ where: { executionTime: { lt: cutoff } } });
  return count;
}

/** Prunes once soon after start and then every `everyMs` (default daily); answers the stop. */
export function startRetention(prisma: PrismaClient, log: FastifyBaseLogger, everyMs = DAY_MS): () => void {
  const run = () =>
    void pruneAuditLogs(prisma).then(
      (count) => count && log.info({ count }, 'Pruned old audit logs'),
      (err: unknown) => log.error({ err }, 'Could not prune audit logs'),
    );
  const first = setTimeout(run, 0);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
