import type { ValidationErrorInfo } from '@edu/sdk';

/**
 * The exceptions a handler may throw; the envelope plugin maps each to ABP's
 * status code and error body (docs/architecture/contract.md, "Errors on the wire"). Anything else becomes a
 * 500 "internal error" without details, as ABP does.
 */
export class UserFriendlyError extends Error {
  constructor(
    message: string,
    readonly details: string | null = null,
    readonly code = 0,
  ) {
    super(message);
  }
}

/** 404 `There is no entity {0} with id = {1}!` */
export class EntityNotFoundError extends Error {
  constructor(
    readonly entityName: string,
    readonly id: number | string,
  ) {
    super(`There is no entity ${entityName} with id = ${id}!`);
  }
}

/** 400 with `validationErrors`. Members are camelCase property paths. */
export class AbpValidationError extends Error {
  constructor(readonly validationErrors: ValidationErrorInfo[]) {
    super('Validation failed');
  }
}

/** Throws a 400 naming one member; for rules zod cannot express (uniqueness, references). */
export function invalid(member: string, message: string): never {
  throw new AbpValidationError([{ message, members: [member] }]);
}

/** 401: the action needs a signed-in user. */
export class UnauthorizedError extends Error {}

/**
 * 429: one client sent too much too fast (a throttle, kit/throttle.ts). The
 * envelope answers ABP's error body with `message` and a `Retry-After` of
 * `retryAfterSeconds`.
 */
export class TooManyRequestsError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** 403: the user lacks every one of `permissions`. */
export class ForbiddenError extends Error {
  constructor(readonly permissions: readonly string[]) {
    super('Forbidden');
  }
}
