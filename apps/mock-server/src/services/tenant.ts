import { permissionsOfSide, TenantService, type TenantDto } from '@edu/sdk';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '@edu/db';
import type { RequestContext } from '../kit/context.ts';
import { crudHandlers, getOr404, type ModelCrud } from '../kit/crud.ts';
import { invalid } from '../kit/errors.ts';
import { implement } from '../kit/register-service.ts';
import { findTenantByName } from '../identity/tenants.ts';
import { recheckSessions } from '../identity/session-end.ts';

/** The template's default password for a new tenant's admin (`User.DefaultPassword`). */
export const DEFAULT_ADMIN_PASSWORD = '123qwe';

type TenantRow = { id: number; tenancyName: string; name: string; isActive: boolean };
const toTenantDto = (t: TenantRow): TenantDto => ({ id: t.id, tenancyName: t.tenancyName, name: t.name, isActive: t.isActive });

const tenants: ModelCrud<'Tenant', TenantDto, { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string; IsActive?: boolean }> =
  {
    entityName: 'Tenant',
    model: (ctx) => ctx.db.tenant,
    toDto: toTenantDto,
    keywordColumns: ['tenancyName', 'name'],
    sortable: { id: 'id', tenancyName: 'tenancyName', name: 'name', isActive: 'isActive', creationTime: 'creationTime' },
    filter: (q) => (q.IsActive === undefined ? undefined : { isActive: q.IsActive }),
  };

async function assertUniqueName(ctx: RequestContext, tenancyName: string, exceptId?: number) {
  const clash = await findTenantByName(ctx.prisma, tenancyName);
  if (clash && clash.id !== exceptId) invalid('tenancyName', ctx.t('TenancyNameIsAlreadyTaken', tenancyName));
}

const generic = crudHandlers(tenants);

/** Host side only (the SDK marks it): tenants are host-owned rows, not tenant-filtered. */
export const tenant = implement(TenantService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  /** As the template's TenantAppService.Create: the tenant, its static Admin role with every tenant permission, and `admin`/123qwe. */
  Create: async (input, ctx) => {
    await assertUniqueName(ctx, input.tenancyName);
    const created = await ctx.transaction(async (tx) => {
      const t = await tx.db.tenant.create({ data: { tenancyName: input.tenancyName, name: input.name, isActive: input.isActive } });
      const adminRole = await tx.db.role.create({
        data: { tenantId: t.id, name: 'Admin', normalizedName: 'ADMIN', displayName: '管理员', isStatic: true },
      });
      await tx.db.permissionGrant.createMany({
        data: permissionsOfSide(t.id).map((name) => ({ tenantId: t.id, roleId: adminRole.id, name, isGranted: true })),
      });
      await tx.db.user.create({
        data: {
          tenantId: t.id,
          userName: 'admin',
          normalizedUserName: 'ADMIN',
          name: 'admin',
          surname: 'admin',
          emailAddress: input.adminEmailAddress,
          normalizedEmailAddress: input.adminEmailAddress.toUpperCase(),
          passwordHash: hashPassword(DEFAULT_ADMIN_PASSWORD),
          securityStamp: randomUUID(),
          identity: 3,
          roles: { create: [{ roleId: adminRole.id, tenantId: t.id }] },
        },
      });
      return t;
    });
    return toTenantDto(created);
  },
  Update: async (input, ctx) => {
    await getOr404(tenants, input.id, ctx);
    await assertUniqueName(ctx, input.tenancyName, input.id);
    const updated = await ctx.db.tenant.update({
      where: { id: input.id },
      data: { tenancyName: input.tenancyName, name: input.name, isActive: input.isActive },
    });
    // Deactivated: its users' open hub connections close.
    if (!input.isActive) await recheckSessions(ctx, { tenantId: input.id });
    return toTenantDto(updated);
  },
  Delete: async (input, ctx) => {
    await generic.Delete(input, ctx);
    await recheckSessions(ctx, { tenantId: input.Id });
    return null;
  },
});
