import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { NoInput, VoidResult } from '../core/schemas.ts';
import { abpEnum } from '../core/enums.ts';

export const TenantAvailabilityState = abpEnum({ Available: 1, InActive: 2, NotFound: 3 }, 'Tenant availability');

export const IsTenantAvailableInput = z.object({ tenancyName: z.string().min(1).max(64) });
export const IsTenantAvailableOutput = z.object({
  state: TenantAvailabilityState,
  /** Only when the tenant is available. */
  tenantId: z.number().int().nullable(),
});

export const AccountService = defineService('Account', {
  IsTenantAvailable: { input: IsTenantAvailableInput, output: IsTenantAvailableOutput, access: 'anonymous' },
  /**
   * CUSTOM: stock ABP has no server logout. Ours revokes the caller's access token
   * (its `jti`) until it would have expired, so a copied token stops working.
   */
  LoginOut: { input: NoInput, output: VoidResult, access: 'authenticated' },
});
