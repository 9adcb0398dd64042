import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { NoInput, VoidResult } from '../core/schemas.ts';
import { abpEnum } from '../core/enums.ts';
import { Permissions } from '../permissions.ts';

export const TenantAvailabilityState = abpEnum({ Available: 1, InActive: 2, NotFound: 3 }, 'Tenant availability');

export const IsTenantAvailableInput = z.object({ tenancyName: z.string().min(1).max(64) });
export const IsTenantAvailableOutput = z.object({
  state: TenantAvailabilityState,
  /** Only when the tenant is available. */
  tenantId: z.number().int().nullable(),
});

/**
 * ASP.NET Zero's `ImpersonateInput`: the user to sign in as, in `tenantId`
 * (null or absent: the host's). A tenant's caller names its own tenant only.
 */
export const ImpersonateInput = z.object({
  tenantId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  userId: z.number().int().min(1).max(2_147_483_647),
});
export type ImpersonateInput = z.input<typeof ImpersonateInput>;

/** ASP.NET Zero's `ImpersonateOutput`: a one-time token (valid one minute) for `TokenAuth/ImpersonatedAuthenticate`. */
export const ImpersonateOutput = z.object({ impersonationToken: z.string(), tenancyName: z.string().nullable() });
export type ImpersonateOutput = z.infer<typeof ImpersonateOutput>;

export const AccountService = defineService('Account', {
  IsTenantAvailable: { input: IsTenantAvailableInput, output: IsTenantAvailableOutput, access: 'anonymous' },
  /**
   * CUSTOM: stock ABP has no server logout. Ours revokes the caller's access token
   * (its `jti`) until it would have expired, so a copied token stops working.
   */
  LoginOut: { input: NoInput, output: VoidResult, access: 'authenticated' },
  /**
   * ASP.NET Zero's impersonation: a holder of `Pages.Administration.Users.Impersonation`
   * signs in as a user of their tenant (the host: of any tenant). Refused: oneself,
   * another tenant's user from a tenant, a user holding a permission the caller
   * lacks, and from inside an impersonation (400 with the reason).
   */
  Impersonate: { input: ImpersonateInput, output: ImpersonateOutput, access: Permissions.UsersImpersonation, extension: true },
  /** ASP.NET Zero's: the way back, a one-time token for the impersonator (only inside an impersonation; this session ends). */
  BackToImpersonator: { input: NoInput, output: ImpersonateOutput, access: 'authenticated', extension: true },
});
