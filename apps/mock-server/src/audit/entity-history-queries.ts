import {
  ENTITY_HISTORY_TYPES,
  EntityChangeType,
  type EntityChangeListDto,
  type EntityPropertyChangeDto,
  type GetEntityChangesInput,
  type GetEntityTypeChangesInput,
} from '@edu/sdk';
import type { Prisma } from '@edu/db';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { invalid } from '../kit/errors.ts';
import type { TextKey } from '../localization/texts.ts';

type ChangesQuery = z.output<typeof GetEntityChangesInput>;
type TypeChangesQuery = z.output<typeof GetEntityTypeChangesInput>;

const TYPE_NAMES: Readonly<Record<string, TextKey>> = {
  User: 'EntityHistoryType_User',
  Role: 'EntityHistoryType_Role',
  TestPaper: 'EntityHistoryType_TestPaper',
  Setting: 'EntityHistoryType_Setting',
};
const CHANGE_TYPE_NAMES: readonly TextKey[] = ['EntityChangeCreated', 'EntityChangeUpdated', 'EntityChangeDeleted'];

/** A name in the request's culture, or the raw value when it has none. */
const nameOrValue = (ctx: RequestContext, key: TextKey | undefined, value: string) => (key === undefined ? value : ctx.t(key));

type ChangeRow = Prisma.EntityChangeGetPayload<{ include: { changeSet: true; propertyChanges: true } }>;

/** Changes as Zero's list rows, with who made them (and who impersonated them) and their property changes. */
async function toDtos(ctx: RequestContext, rows: readonly ChangeRow[]): Promise<EntityChangeListDto[]> {
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.changeSet.userId !== null) ids.add(r.changeSet.userId);
    if (r.changeSet.impersonatorUserId !== null) ids.add(r.changeSet.impersonatorUserId);
  }
  // Unfiltered: an impersonator may be the host's (no tenant) and deleted users stay named.
  const users = ids.size ? await ctx.prisma.user.findMany({ where: { id: { in: [...ids] } }, select: { id: true, userName: true } }) : [];
  const name = new Map(users.map((u) => [u.id, u.userName]));
  const nameOf = (id: number | null) => (id === null ? null : (name.get(id) ?? null));
  return rows.map((r) => ({
    id: r.id,
    entityChangeSetId: r.changeSetId,
    userId: r.changeSet.userId,
    userName: nameOf(r.changeSet.userId),
    impersonatorUserId: r.changeSet.impersonatorUserId,
    impersonatorUserName: nameOf(r.changeSet.impersonatorUserId),
    impersonatorTenantId: r.changeSet.impersonatorTenantId,
    changeTime: r.changeTime.toISOString(),
    entityTypeFullName: r.entityTypeFullName,
    entityId: r.entityId,
    changeType: EntityChangeType.parse(r.changeType),
    changeTypeName: nameOrValue(ctx, CHANGE_TYPE_NAMES[r.changeType], String(r.changeType)),
    reason: r.changeSet.reason,
    propertyChanges: r.propertyChanges.map(propertyDto),
  }));
}

function propertyDto(p: ChangeRow['propertyChanges'][number]): EntityPropertyChangeDto {
  return {
    id: p.id,
    entityChangeId: p.entityChangeId,
    propertyName: p.propertyName,
    propertyTypeFullName: p.propertyTypeFullName,
    originalValue: p.originalValue,
    newValue: p.newValue,
    tenantId: p.tenantId,
  };
}

const include = { changeSet: true, propertyChanges: { orderBy: { id: 'asc' } } } as const;

async function page(ctx: RequestContext, where: Prisma.EntityChangeWhereInput, dir: 'asc' | 'desc', skip: number, take: number) {
  const [totalCount, rows] = await Promise.all([
    ctx.db.entityChange.count({ where }),
    ctx.db.entityChange.findMany({ where, include, orderBy: [{ changeTime: dir }, { id: dir }], skip, take }),
  ]);
  return { totalCount, items: await toDtos(ctx, rows) };
}

/** Zero's `GetEntityChanges`: the side's changes (the data filter keeps each side to its own rows). */
export async function getEntityChanges(ctx: RequestContext, q: ChangesQuery) {
  const sorting = q.Sorting?.trim().toLowerCase().split(/\s+/) ?? [];
  if (sorting.length && (sorting[0] !== 'changetime' || sorting.length > 2 || (sorting[1] && sorting[1] !== 'asc' && sorting[1] !== 'desc')))
    invalid('sorting', ctx.t('AuditUnsupportedSorting', q.Sorting ?? ''));
  const where: Prisma.EntityChangeWhereInput = {};
  if (q.StartDate || q.EndDate)
    where.changeTime = { ...(q.StartDate && { gte: new Date(q.StartDate) }), ...(q.EndDate && { lte: new Date(q.EndDate) }) };
  if (q.EntityTypeFullName) where.entityTypeFullName = q.EntityTypeFullName;
  if (q.EntityId !== undefined) where.entityId = String(q.EntityId);
  if (q.UserName) {
    const users = await ctx.db.user.findMany({
      where: { normalizedUserName: { startsWith: q.UserName.toUpperCase() } },
      select: { id: true },
      take: 1000,
    });
    where.changeSet = { userId: { in: users.map((u) => u.id) } };
  }
  return page(ctx, where, sorting[0] ? ((sorting[1] ?? 'asc') as 'asc' | 'desc') : 'desc', q.SkipCount, q.MaxResultCount);
}

/** Zero's `GetEntityTypeChanges`: one entity's changes, newest first (another side's id: an empty page). */
export function getEntityTypeChanges(ctx: RequestContext, q: TypeChangesQuery) {
  return page(ctx, { entityTypeFullName: q.EntityTypeFullName, entityId: String(q.EntityId) }, 'desc', q.SkipCount, q.MaxResultCount);
}

/** Zero's `GetEntityPropertyChanges`. */
export async function getEntityPropertyChanges(ctx: RequestContext, entityChangeId: number): Promise<EntityPropertyChangeDto[]> {
  const rows = await ctx.db.entityPropertyChange.findMany({ where: { entityChangeId }, orderBy: { id: 'asc' } });
  return rows.map(propertyDto);
}

/** Zero's `GetEntityHistoryObjectTypes`: the tracked types, named in the request's language. */
export function getEntityHistoryObjectTypes(ctx: RequestContext) {
  return ENTITY_HISTORY_TYPES.map((value) => ({ name: nameOrValue(ctx, TYPE_NAMES[value], value), value }));
}
