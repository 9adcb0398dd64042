import { randomUUID } from 'node:crypto';
import { AccountService, TokenAuthService } from '@edu/sdk';
import { hashPassword, verifyPassword } from '@edu/db';
import type { RequestContext } from '../kit/context.ts';
import { UserFriendlyError } from '../kit/errors.ts';
import { implement } from '../kit/register-service.ts';
import { effectiveSettings } from '../kit/settings.ts';
import { findTenantByName } from '../identity/tenants.ts';
import { endCurrentSession } from '../identity/session-end.ts';
import { backToImpersonator, impersonate, impersonatedAuthenticate } from '../identity/impersonation.ts';

/** ABP's AbpLoginResultType values, recorded in UserLoginAttempt.result. */
export const LoginResult = {
  Success: 1,
  InvalidUserNameOrEmailAddress: 2,
  InvalidPassword: 3,
  UserIsNotActive: 4,
  InvalidTenancyName: 5,
  TenantIsNotActive: 6,
  // 7 UserEmailIsNotConfirmed, 8 UnknownExternalLogin
  LockedOut: 9,
} as const;

/** An instant as the lockout message writes it: ISO 8601 UTC to the second (`2026-11-27T22:05:00Z`). */
const isoSecond = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The template's login (TokenAuthController + LogInManager): tenant from the
 * header or cookie, user by name or e-mail, lockout after the configured number
 * of failures (5) for the configured time (300 s), every attempt recorded. A
 * failure is ABP's 500 `Login failed!` with the reason in details.
 */
async function login(ctx: RequestContext, userNameOrEmailAddress: string) {
  const { prisma, session, request } = ctx;
  const tenantId = session.tenantId;
  const attempt = async (result: number, userId: number | null, tenancyName: string | null) => {
    await prisma.userLoginAttempt.create({
      data: {
        tenantId,
        tenancyName,
        userId,
        userNameOrEmailAddress,
        result,
        clientIpAddress: request.ip,
        browserInfo: request.headers['user-agent']?.slice(0, 512) ?? null,
      },
    });
  };
  const fail = (reason: string): never => {
    throw new UserFriendlyError(ctx.t('LoginFailed'), reason);
  };
  /**
   * ABP's lockout failure (`Login failed!`, the reason in details) says until when:
   * the reason names the lockout end, and `code` is AbpLoginResultType.LockedOut
   * (CUSTOM: the template throws code 0) so a client can tell it from a wrong password.
   */
  const lockedOut = async (userId: number, until: Date): Promise<never> => {
    await attempt(LoginResult.LockedOut, userId, tenancyName);
    throw new UserFriendlyError(ctx.t('LoginFailed'), ctx.t('UserLockedOutUntil', isoSecond(until)), LoginResult.LockedOut);
  };

  let tenancyName: string | null = null;
  if (tenantId !== null) {
    const tenant = await prisma.tenant.findFirst({ where: { id: tenantId, isDeleted: false } });
    if (!tenant) {
      await attempt(LoginResult.InvalidTenancyName, null, null);
      fail(ctx.t('ThereIsNoTenantDefinedWithName', String(tenantId)));
    }
    tenancyName = tenant!.tenancyName;
    if (!tenant!.isActive) {
      await attempt(LoginResult.TenantIsNotActive, null, tenancyName);
      fail(ctx.t('TenantIsNotActive', tenancyName));
    }
  }

  const normalized = userNameOrEmailAddress.trim().toUpperCase();
  const user = await prisma.user.findFirst({
    where: { tenantId, isDeleted: false, OR: [{ normalizedUserName: normalized }, { normalizedEmailAddress: normalized }] },
    include: { roles: { where: { role: { isDeleted: false } }, include: { role: true } } },
  });
  return { user, tenancyName, attempt, fail, lockedOut };
}

/** A hash of nothing anyone knows, verified for unknown users so they cost what a wrong password costs. */
let dummyHash: string | undefined;

async function signIn(ctx: RequestContext, input: { userNameOrEmailAddress: string; password: string }) {
  const { prisma } = ctx;
  const { user, tenancyName, attempt, fail, lockedOut } = await login(ctx, input.userNameOrEmailAddress);
  if (!user) {
    verifyPassword((dummyHash ??= hashPassword(randomUUID())), input.password);
    await attempt(LoginResult.InvalidUserNameOrEmailAddress, null, tenancyName);
    return fail(ctx.t('InvalidUserNameOrPassword'));
  }
  const now = new Date();
  if (user.isLockoutEnabled && user.lockoutEndDate && user.lockoutEndDate > now) return lockedOut(user.id, user.lockoutEndDate);
  const check = verifyPassword(user.passwordHash, input.password);
  if (!check.ok) {
    const settings = await effectiveSettings(prisma, user.tenantId, null);
    const max = Number(settings['Abp.Zero.UserManagement.UserLockOut.MaxFailedAccessAttemptsBeforeLockout']);
    const seconds = Number(settings['Abp.Zero.UserManagement.UserLockOut.DefaultAccountLockoutSeconds']);
    const lockoutOn = settings['Abp.Zero.UserManagement.UserLockOut.IsEnabled'] === 'true' && user.isLockoutEnabled;
    const failures = user.accessFailedCount + 1;
    const lockoutEnd = lockoutOn && failures >= max ? new Date(now.getTime() + seconds * 1000) : null;
    await prisma.user.update({
      where: { id: user.id },
      data: lockoutEnd ? { accessFailedCount: 0, lockoutEndDate: lockoutEnd } : { accessFailedCount: failures },
    });
    // As ABP's LogInManager: the failure that locks the account answers LockedOut.
    if (lockoutEnd) return lockedOut(user.id, lockoutEnd);
    await attempt(LoginResult.InvalidPassword, user.id, tenancyName);
    return fail(ctx.t('InvalidUserNameOrPassword'));
  }
  if (!user.isActive) {
    await attempt(LoginResult.UserIsNotActive, user.id, tenancyName);
    return fail(ctx.t('UserIsNotActiveAndCanNotLogin', user.userName));
  }
  await prisma.user.update({
    where: { id: user.id },
    data: {
      accessFailedCount: 0,
      lockoutEndDate: null,
      lastLoginTime: now,
      // Upgrade V2 (or weaker V3) hashes on a successful login, as Identity does.
      ...(check.needsRehash && { passwordHash: hashPassword(input.password) }),
    },
  });
  await attempt(LoginResult.Success, user.id, tenancyName);
  const issued = ctx.app.tokens.issue({
    id: user.id,
    userName: user.userName,
    securityStamp: user.securityStamp,
    tenantId: user.tenantId,
    roleNames: user.roles.map((r) => r.role.name),
  });
  return { ...issued, userId: user.id, isGeneral: user.identity === 1 };
}

export const tokenAuth = implement(TokenAuthService, {
  UsersLogin: (input, ctx) => signIn(ctx, input),
  Authenticate: async (input, ctx) => {
    const { isGeneral: _general, ...result } = await signIn(ctx, input);
    return result;
  },
  ImpersonatedAuthenticate: (input, ctx) => impersonatedAuthenticate(ctx, input.impersonationToken),
});

export const account = implement(AccountService, {
  IsTenantAvailable: async (input, ctx) => {
    const tenant = await findTenantByName(ctx.prisma, input.tenancyName);
    if (!tenant) return { state: 3, tenantId: null };
    if (!tenant.isActive) return { state: 2, tenantId: null };
    return { state: 1, tenantId: tenant.id };
  },
  LoginOut: async (_input, ctx) => {
    await endCurrentSession(ctx);
    return null;
  },
  Impersonate: (input, ctx) => impersonate(ctx, input),
  BackToImpersonator: (_input, ctx) => backToImpersonator(ctx),
});
