import type { Endpoint, Service } from './core/define-service.ts';
import { entityServices, type EntityServices } from './entities.ts';
import { AbpUserConfigurationService } from './services/abp-user-configuration.ts';
import { AccountService } from './services/account.ts';
import { AuditLogService, UserLoginService } from './services/audit-log.ts';
import { FileService } from './services/file.ts';
import { BackgroundJobService } from './services/job.ts';
import { NotificationService } from './services/notification.ts';
import { ReviewInboxService } from './services/review-inbox.ts';
import { ReviewService } from './services/review.ts';
import { RoleService } from './services/role.ts';
import { SessionService } from './services/session.ts';
import { TenantService } from './services/tenant.ts';
import { TenantSettingsService } from './services/tenant-settings.ts';
import { TokenAuthService } from './services/token-auth.ts';
import { UserService } from './services/user.ts';

export * from './entities.ts';
export * from './reviewables.ts';
export * from './services/abp-user-configuration.ts';
export * from './services/account.ts';
export * from './services/audit-log.ts';
export * from './services/file.ts';
export * from './services/job.ts';
export * from './services/notification.ts';
export * from './services/review-inbox.ts';
export * from './services/review.ts';
export * from './services/role.ts';
export * from './services/session.ts';
export * from './services/tenant.ts';
export * from './services/tenant-settings.ts';
export * from './services/token-auth.ts';
export * from './services/user.ts';

/** The type of services, spelled with `typeof` per service for a small declaration (see EntityServices). */
export type Services = EntityServices & {
  readonly tokenAuth: typeof TokenAuthService;
  readonly account: typeof AccountService;
  readonly session: typeof SessionService;
  readonly abpUserConfiguration: typeof AbpUserConfigurationService;
  readonly user: typeof UserService;
  readonly role: typeof RoleService;
  readonly tenant: typeof TenantService;
  readonly tenantSettings: typeof TenantSettingsService;
  readonly notification: typeof NotificationService;
  readonly file: typeof FileService;
  readonly backgroundJob: typeof BackgroundJobService;
  readonly review: typeof ReviewService;
  readonly reviewInbox: typeof ReviewInboxService;
  readonly auditLog: typeof AuditLogService;
  readonly userLogin: typeof UserLoginService;
};

/**
 * Every service of the backend, keyed by the client property it gets
 * (`client.user.getAll(...)`): the platform services here, the entity services
 * from entities.ts (where a new entity is added). Listing a service serves,
 * validates, permission-checks, documents and contract-tests it.
 */
export const services: Services = {
  tokenAuth: TokenAuthService,
  account: AccountService,
  session: SessionService,
  abpUserConfiguration: AbpUserConfigurationService,
  user: UserService,
  role: RoleService,
  tenant: TenantService,
  tenantSettings: TenantSettingsService,
  notification: NotificationService,
  file: FileService,
  backgroundJob: BackgroundJobService,
  review: ReviewService,
  reviewInbox: ReviewInboxService,
  auditLog: AuditLogService,
  userLogin: UserLoginService,
  ...entityServices,
};

/** Every endpoint of every service. */
export function allEndpoints(): Endpoint[] {
  const all: Record<string, Service> = services;
  return Object.values(all).flatMap((s): Endpoint[] => Object.values(s.endpoints));
}
