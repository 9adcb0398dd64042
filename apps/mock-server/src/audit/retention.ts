import { AUDIT_RETENTION_DAYS, type AuditSettingsDto } from '@edu/sdk';
import type { PrismaClient } from '@edu/db';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../kit/context.ts';
import { effectiveSettings, setTenantSetting } from '../kit/settings.ts';

/** The setting (ABP's name style) of how many days audit rows are kept; default 90. */
export const AUDIT_RETENTION_SETTING = AUDIT_RETENTION_DAYS.setting;
export const DEFAULT_AUDIT_RETENTION_DAYS = AUDIT_RETENTION_DAYS.default;
const DAY_MS = 86_400_000;

/** A stored value as days: a whole number within the bounds, else the default (a value written around the API). */
function daysOf(value: string | null | undefined): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= AUDIT_RETENTION_DAYS.min && days <= AUDIT_RETENTION_DAYS.max ? days : DEFAULT_AUDIT_RETENTION_DAYS;
}

/** The application's retention in days (the host's rows and every tenant without its own value). */
export async function retentionDays(prisma: PrismaClient): Promise<number> {
  const row = await prisma.setting.findFirst({ where: { tenantId: null, userId: null, name: AUDIT_RETENTION_SETTING } });
  return daysOf(row?.value);
}

/** The side's audit settings: a tenant's own retention, else the application's. */
export async function auditSettings(prisma: PrismaClient, tenantId: number | null): Promise<AuditSettingsDto> {
  return { retentionDays: daysOf((await effectiveSettings(prisma, tenantId, null))[AUDIT_RETENTION_SETTING]) };
}

/** Stores the side's retention (the application's for the host), through the request's client: the change is in the entity history. */
export async function updateAuditSettings(ctx: RequestContext, input: AuditSettingsDto) {
  const { tenantId, userId } = ctx.session;
  await setTenantSetting(ctx.db, tenantId, AUDIT_RETENTION_SETTING, String(input.retentionDays), userId);
  return auditSettings(ctx.prisma, tenantId);
}

/**
 * Deletes the audit rows older than their side's retention: each tenant with
 * its own value by it, the host's rows and the other tenants' by the
 * application's; answers how many went.
 */
export async function pruneAuditLogs(prisma: PrismaClient, now = new Date()): Promise<number> {
  const cutoff = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const own = await prisma.setting.findMany({
    where: { tenantId: { not: null }, userId: null, name: AUDIT_RETENTION_SETTING },
    select: { tenantId: true, value: true },
  });
  const tenants = own.filter((r): r is { tenantId: number; value: string | null } => r.tenantId !== null);
  let total = 0;
  for (const r of tenants)
    total += (await prisma.auditLog.deleteMany({ where: { tenantId: r.tenantId, executionTime: { lt: cutoff(daysOf(r.value)) } } })).count;
  const rest = await prisma.auditLog.deleteMany({
    where: {
      executionTime: { lt: cutoff(await retentionDays(prisma)) },
      ...(tenants.length && { OR: [{ tenantId: null }, { tenantId: { notIn: tenants.map((r) => r.tenantId) } }] }),
    },
  });
  return total + rest.count;
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
