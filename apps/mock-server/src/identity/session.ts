/** Who a request is (ABP's `IAbpSession`): read from the bearer token by plugins/auth.ts, used by every handler through the request context. */
export interface AbpSession {
  userId: number | null;
  tenantId: number | null;
  /** The access token's id and expiry (seconds since epoch), when signed in. */
  jti?: string;
  exp?: number;
  /** The user's security stamp when the token was issued: a reset password changes it, ending older tokens. */
  securityStamp?: string;
  /** Who is signed in as the user (ASP.NET Zero's impersonation), recorded on audit rows and entity changes; absent otherwise. */
  impersonatorUserId?: number | null;
  impersonatorTenantId?: number | null;
}
