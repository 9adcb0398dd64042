import { z } from 'zod';
import { defineService } from '../core/define-service.ts';

/** Stock ABP `AuthenticateModel`. */
export const AuthenticateModel = z.object({
  userNameOrEmailAddress: z.string().min(1).max(256),
  password: z.string().min(1).max(32),
  rememberClient: z.boolean().optional(),
});

/** Stock ABP `AuthenticateResultModel`. */
export const AuthenticateResultModel = z.object({
  accessToken: z.string(),
  encryptedAccessToken: z.string(),
  expireInSeconds: z.number().int(),
  userId: z.number().int(),
});

/** The spec's `UsersLogin` body: the template's login form sends `rememberMe`. */
export const UsersLoginModel = z.object({
  userNameOrEmailAddress: z.string().min(1).max(256),
  password: z.string().min(1).max(32),
  rememberMe: z.boolean().optional(),
});

/**
 * CUSTOM: the spec's login result adds `isGeneral`: true when the user's identity
 * is a general member (UserIdentity.General), i.e. not staff. The console uses it
 * to default lists to the "myself and children" scope.
 */
export const UsersLoginResult = AuthenticateResultModel.extend({ isGeneral: z.boolean() });

/** ASP.NET Zero's `ImpersonatedAuthenticateResultModel`. */
export const ImpersonatedAuthenticateResultModel = z.object({
  accessToken: z.string(),
  encryptedAccessToken: z.string(),
  expireInSeconds: z.number().int(),
});

export const TokenAuthService = defineService(
  'TokenAuth',
  {
    /** CUSTOM (spec section 7): the platform's login. Failed login: 500 `Login failed!`. */
    UsersLogin: { input: UsersLoginModel, output: UsersLoginResult },
    /** Stock ABP login, kept so stock clients work. */
    Authenticate: { input: AuthenticateModel, output: AuthenticateResultModel },
    /**
     * ASP.NET Zero's: trades a one-time token of `Account/Impersonate` or
     * `Account/BackToImpersonator` (in the query) for an access token; the
     * impersonated one carries the impersonator's claims. Used or expired: 400.
     */
    ImpersonatedAuthenticate: {
      input: z.object({ impersonationToken: z.string().min(1).max(128) }),
      output: ImpersonatedAuthenticateResultModel,
      queryKeys: ['impersonationToken'],
      extension: true,
    },
  },
  { root: '/api', access: 'anonymous' },
);
