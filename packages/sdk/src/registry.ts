import type { Endpoint, Service } from './core/define-service.ts';
import { AbpUserConfigurationService } from './services/abp-user-configuration.ts';
import { AccountService } from './services/account.ts';
import { RoleService } from './services/role.ts';
import { SessionService } from './services/session.ts';
import { TenantService } from './services/tenant.ts';
import { TokenAuthService } from './services/token-auth.ts';
import { UserService } from './services/user.ts';

/**
 * Every service of the backend, keyed by the client property it gets
 * (`client.user.getAll(...)`). Adding a service here serves, validates,
 * permission-checks, documents and contract-tests it.
 */
export const services = {
  tokenAuth: TokenAuthService,
  account: AccountService,
  session: SessionService,
  abpUserConfiguration: AbpUserConfigurationService,
  user: UserService,
  role: RoleService,
  tenant: TenantService,
} as const;

export type Services = typeof services;

/** Every endpoint of every service. */
export function allEndpoints(): Endpoint[] {
  return Object.values(services as Record<string, Service>).flatMap((s) => Object.values(s.endpoints) as Endpoint[]);
}
