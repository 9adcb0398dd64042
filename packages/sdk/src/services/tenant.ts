import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { PagedQuery, crud } from '../core/schemas.ts';
import { Permissions } from '../permissions.ts';

export const TENANCY_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{1,}$/;

export type TenantDto = z.infer<typeof TenantDto>;
export const TenantDto = z.object({
  id: z.number().int(),
  tenancyName: z.string(),
  name: z.string(),
  isActive: z.boolean(),
});

export const CreateTenantInput = z.object({
  tenancyName: z.string().max(64).regex(TENANCY_NAME_PATTERN, 'Start with a letter; letters, digits, _ and - only'),
  name: z.string().trim().min(1).max(128),
  /** The new tenant's `admin` user gets this address and the default password `123qwe`. */
  adminEmailAddress: z.email().max(256),
  isActive: z.boolean().default(true),
});
export const UpdateTenantInput = z.object({
  id: z.number().int().min(1),
  tenancyName: CreateTenantInput.shape.tenancyName,
  name: CreateTenantInput.shape.name,
  isActive: z.boolean(),
});
export const GetAllTenantInput = PagedQuery.extend({ IsActive: z.boolean().optional() });

/** Host side only, as ABP's `TenantAppService`. */
export const TenantService = defineService(
  'Tenant',
  crud({ dto: TenantDto, create: CreateTenantInput, update: UpdateTenantInput, query: GetAllTenantInput }),
  { access: Permissions.Tenants, hostOnly: true },
);
