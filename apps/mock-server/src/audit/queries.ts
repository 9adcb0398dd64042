import {
  AUDIT_EXPORT_MAX_ROWS,
  LoginAttemptResult,
  type AuditLogListDto,
  type FileDto,
  type GetAuditLogsInput,
  type GetAuditLogsToExcelInput,
  type GetUserLoginAttemptsInput,
  type UserLoginAttemptDto,
} from '@edu/sdk';
import type { Prisma, PrismaClient } from '@edu/db';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { invalid } from '../kit/errors.ts';
import { saveTempFile } from '../kit/files.ts';
import { loadExcel } from '../kit/lazy.ts';
import { lookupTable } from '../kit/lookup.ts';
import type { TextKey } from '../localization/texts.ts';

type AuditFilter = z.output<typeof GetAuditLogsToExcelInput>;
type AuditQuery = z.output<typeof GetAuditLogsInput>;
type AttemptQuery = z.output<typeof GetUserLoginAttemptsInput>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `Sorting` of a list: one column of `columns` (case-insensitive), `asc` or
 * `desc`; none means `fallback`. Anything else is a 400 on `sorting`.
 */
function orderOf<T>(
  ctx: RequestContext,
  sorting: string | undefined,
  columns: Readonly<Record<string, T>>,
  fallback: T,
): Array<Record<string, 'asc' | 'desc'>> {
  const text = sorting?.trim();
  const parts = text ? text.split(/\s+/) : [];
  const column = parts[0] === undefined ? fallback : columns[parts[0].toLowerCase()];
  const dir = (parts[1] ?? (parts.length ? 'asc' : 'desc')).toLowerCase();
  if (column === undefined || parts.length > 2 || (dir !== 'asc' && dir !== 'desc')) invalid('sorting', ctx.t('AuditUnsupportedSorting', text ?? ''));
  return [{ [String(column)]: dir }, { id: dir }];
}

const AUDIT_SORTABLE = lookupTable({
  executiontime: 'executionTime',
  executionduration: 'executionDuration',
  servicename: 'serviceName',
  methodname: 'methodName',
  userid: 'userId',
  username: 'userId',
});
const ATTEMPT_SORTABLE = lookupTable({ creationtime: 'creationTime', usernameoremailaddress: 'userNameOrEmailAddress', result: 'result' });

const range = (start: string | undefined, end: string | undefined) =>
  start || end ? { ...(start && { gte: new Date(start) }), ...(end && { lte: new Date(end) }) } : undefined;

/** The filter as a where clause; `UserName` finds the side's users whose name starts with it. */
async function auditWhere(ctx: RequestContext, q: AuditFilter): Promise<Prisma.AuditLogWhereInput> {
  const where: Prisma.AuditLogWhereInput = {};
  const time = range(q.StartDate, q.EndDate);
  if (time) where.executionTime = time;
  if (q.UserName) {
    const users = await ctx.db.user.findMany({
      where: { normalizedUserName: { startsWith: q.UserName.toUpperCase() } },
      select: { id: true },
      take: 1000,
    });
    where.userId = { in: users.map((u) => u.id) };
  }
  if (q.ServiceName) where.serviceName = { contains: q.ServiceName };
  if (q.MethodName) where.methodName = { contains: q.MethodName };
  if (q.BrowserInfo) where.browserInfo = { contains: q.BrowserInfo };
  if (q.HasException !== undefined) where.exception = q.HasException ? { not: null } : null;
  if (q.MinExecutionDuration !== undefined || q.MaxExecutionDuration !== undefined)
    where.executionDuration = {
      ...(q.MinExecutionDuration !== undefined && { gte: q.MinExecutionDuration }),
      ...(q.MaxExecutionDuration !== undefined && { lte: q.MaxExecutionDuration }),
    };
  return where;
}

/** User names by id (deleted users too: their calls stay recorded). */
async function userNames(prisma: PrismaClient, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await prisma.user.findMany({ where: { id: { in: wanted } }, select: { id: true, userName: true } });
  return new Map(rows.map((r) => [r.id, r.userName]));
}

type AuditRow = Prisma.AuditLogGetPayload<object>;

async function toDtos(ctx: RequestContext, rows: readonly AuditRow[]): Promise<AuditLogListDto[]> {
  const names = await userNames(
    ctx.prisma,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    userName: r.userId === null ? null : (names.get(r.userId) ?? null),
    impersonatorTenantId: r.impersonatorTenantId,
    impersonatorUserId: r.impersonatorUserId,
    serviceName: r.serviceName,
    methodName: r.methodName,
    parameters: r.parameters,
    returnValue: r.returnValue,
    executionTime: r.executionTime.toISOString(),
    executionDuration: r.executionDuration,
    clientIpAddress: r.clientIpAddress,
    clientName: r.clientName,
    browserInfo: r.browserInfo,
    exception: r.exception,
    customData: r.customData,
  }));
}

/** A page of the side's audit rows (the data filter keeps the host to host rows, a tenant to its own). */
export async function getAuditLogs(ctx: RequestContext, q: AuditQuery) {
  const orderBy = orderOf(ctx, q.Sorting, AUDIT_SORTABLE, 'executionTime');
  const where = await auditWhere(ctx, q);
  const [totalCount, rows] = await Promise.all([
    ctx.db.auditLog.count({ where }),
    ctx.db.auditLog.findMany({ where, orderBy, skip: q.SkipCount, take: q.MaxResultCount }),
  ]);
  return { totalCount, items: await toDtos(ctx, rows) };
}

/** The export's columns: their headers and widths. */
const EXPORT_COLUMNS = [
  ['AuditColumnTime', 20],
  ['AuditColumnUser', 14],
  ['AuditColumnService', 18],
  ['AuditColumnMethod', 22],
  ['AuditColumnDuration', 12],
  ['AuditColumnClientAddress', 16],
  ['AuditColumnBrowser', 30],
  ['AuditColumnParameters', 50],
  ['AuditColumnException', 40],
] as const satisfies ReadonlyArray<readonly [TextKey, number]>;

/**
 * The filtered rows as xlsx (Zero's `GetAuditLogsToExcel`), through the temp
 * file of `File/DownloadTempFile`: at most `AUDIT_EXPORT_MAX_ROWS`, the newest;
 * past that the sheet's last row says how many there were.
 */
export async function exportAuditLogs(ctx: RequestContext, q: AuditFilter): Promise<FileDto> {
  const sheetName = ctx.t('AuditLogsSheet');
  const orderBy = orderOf(ctx, q.Sorting, AUDIT_SORTABLE, 'executionTime');
  const where = await auditWhere(ctx, q);
  const totalCount = await ctx.db.auditLog.count({ where });
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = EXPORT_COLUMNS.map(([header, width], i) => ({ header: ctx.t(header), key: `c${i}`, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const pageSize = 2000;
  for (let skip = 0; skip < Math.min(totalCount, AUDIT_EXPORT_MAX_ROWS); skip += pageSize) {
    const rows = await ctx.db.auditLog.findMany({ where, orderBy, skip, take: Math.min(pageSize, AUDIT_EXPORT_MAX_ROWS - skip) });
    for (const r of await toDtos(ctx, rows))
      sheet.addRow([
        r.executionTime,
        r.userName,
        r.serviceName,
        r.methodName,
        r.executionDuration,
        r.clientIpAddress,
        r.browserInfo,
        r.parameters,
        r.exception,
      ]);
  }
  if (totalCount > AUDIT_EXPORT_MAX_ROWS) sheet.addRow([ctx.t('AuditExportCapped', AUDIT_EXPORT_MAX_ROWS, totalCount)]).font = { bold: true };
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  const day = new Date().toISOString().slice(0, 10);
  return saveTempFile(
    ctx.prisma,
    { tenantId: ctx.session.tenantId, userId: ctx.session.userId },
    { fileName: `${sheetName}-${day}.xlsx`, contentType: XLSX_TYPE, bytes },
  );
}

type AttemptRow = Prisma.UserLoginAttemptGetPayload<object>;
const RESULTS: ReadonlySet<number> = new Set(Object.values(LoginAttemptResult.values));

/** Rows with their user's current lockout end (when it is still ahead). */
async function attemptDtos(ctx: RequestContext, rows: readonly AttemptRow[]): Promise<UserLoginAttemptDto[]> {
  const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
  const now = new Date();
  const locked = ids.length
    ? await ctx.prisma.user.findMany({ where: { id: { in: ids }, lockoutEndDate: { gt: now } }, select: { id: true, lockoutEndDate: true } })
    : [];
  const until = new Map(locked.map((u) => [u.id, u.lockoutEndDate]));
  return rows
    .filter((r) => RESULTS.has(r.result))
    .map((r) => ({
      id: r.id,
      tenancyName: r.tenancyName,
      userId: r.userId,
      userNameOrEmailAddress: r.userNameOrEmailAddress,
      clientIpAddress: r.clientIpAddress,
      clientName: null,
      browserInfo: r.browserInfo,
      result: LoginAttemptResult.parse(r.result),
      creationTime: r.creationTime.toISOString(),
      lockoutEndDate: (r.userId !== null && until.get(r.userId)?.toISOString()) || null,
    }));
}

/** A page of the side's sign-in attempts (host: the host's; a tenant: its own). */
export async function getUserLoginAttempts(ctx: RequestContext, q: AttemptQuery) {
  const orderBy = orderOf(ctx, q.Sorting, ATTEMPT_SORTABLE, 'creationTime');
  const where: Prisma.UserLoginAttemptWhereInput = {};
  const time = range(q.StartDate, q.EndDate);
  if (time) where.creationTime = time;
  if (q.Filter) where.userNameOrEmailAddress = { contains: q.Filter };
  if (q.UserId !== undefined) where.userId = q.UserId;
  if (q.Result !== undefined) where.result = q.Result;
  const [totalCount, rows] = await Promise.all([
    ctx.db.userLoginAttempt.count({ where }),
    ctx.db.userLoginAttempt.findMany({ where, orderBy, skip: q.SkipCount, take: q.MaxResultCount }),
  ]);
  return { totalCount, items: await attemptDtos(ctx, rows) };
}

/** The caller's own last 10 attempts (Zero's `GetRecentUserLoginAttempts`). */
export async function getRecentUserLoginAttempts(ctx: RequestContext) {
  const user = await ctx.requireUser();
  const rows = await ctx.db.userLoginAttempt.findMany({ where: { userId: user.id }, orderBy: [{ creationTime: 'desc' }, { id: 'desc' }], take: 10 });
  return { items: await attemptDtos(ctx, rows) };
}
