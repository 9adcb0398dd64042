import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { permissionTree, flattenPermissions, type ValidationErrorInfo } from '@edu/sdk';
import { MustHaveTenantError } from '../db/data-filters.ts';
import { localize, type Culture } from '../localization/texts.ts';
import {
  AbpValidationError,
  EntityNotFoundError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
  UserFriendlyError,
} from '../kit/errors.ts';

const displayNames = new Map(flattenPermissions(permissionTree).map((n) => [n.name, n.displayName]));

function errorBody(
  message: string,
  opts: { details?: string | null; validationErrors?: ValidationErrorInfo[] | null; unAuthorizedRequest?: boolean; code?: number } = {},
) {
  return {
    result: null,
    targetUrl: null,
    success: false,
    error: { code: opts.code ?? 0, message, details: opts.details ?? null, validationErrors: opts.validationErrors ?? null },
    unAuthorizedRequest: opts.unAuthorizedRequest ?? false,
    __abp: true,
  };
}

/** ABP's narrative for validation failures (DefaultErrorInfoConverter). */
function validationDetails(culture: Culture, errors: ValidationErrorInfo[]): string {
  return `${localize(culture, 'ValidationNarrativeTitle')}\n${errors.map((e) => ` - ${e.message}\n`).join('')}`;
}

function sendValidation(reply: FastifyReply, culture: Culture, errors: ValidationErrorInfo[]) {
  return reply
    .code(400)
    .send(errorBody(localize(culture, 'ValidationError'), { details: validationDetails(culture, errors), validationErrors: errors }));
}

/**
 * Maps every failure to ABP's status code and error envelope
 * (docs/architecture/contract.md, "Errors on the wire"). Nothing a client sends reaches a 500 unless a handler throws a
 * UserFriendlyError (a business rule, shown to the user) or there is a bug.
 */
export const envelopePlugin = fp(async (app) => {
  // JSON bodies: an empty body means "no input" (ASP.NET binds null), malformed JSON is a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('Invalid JSON') as FastifyError;
      (err as { code: string }).code = 'ABP_INVALID_JSON';
      done(err, undefined);
    }
  });

  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const culture = request.culture ?? 'zh-Hans';
    if (error instanceof AbpValidationError) return sendValidation(reply, culture, error.validationErrors);
    if (error instanceof UnauthorizedError)
      return reply.code(401).send(errorBody(localize(culture, 'CurrentUserDidNotLoginToTheApplication'), { unAuthorizedRequest: true }));
    if (error instanceof ForbiddenError) {
      const names = error.permissions.map((p) => displayNames.get(p)?.[culture] ?? p).join(', ');
      return reply.code(403).send(errorBody(localize(culture, 'AtLeastOneOfThesePermissionsMustBeGranted', names), { unAuthorizedRequest: true }));
    }
    if (error instanceof TooManyRequestsError)
      return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send(errorBody(error.message));
    if (error instanceof EntityNotFoundError) return reply.code(404).send(errorBody(localize(culture, 'EntityNotFound', error.entityName, error.id)));
    // ABP answers a host-side insert of tenant-owned rows with a bare 500; ours says what to do.
    if (error instanceof MustHaveTenantError) return reply.code(500).send(errorBody(localize(culture, 'TenantContentFromHost')));
    if (error instanceof UserFriendlyError) return reply.code(500).send(errorBody(error.message, { details: error.details, code: error.code }));
    if (error.code === 'ABP_INVALID_JSON') return sendValidation(reply, culture, [{ message: localize(culture, 'InvalidJson'), members: ['$'] }]);
    // A truncated or boundary-less multipart body fails inside the parser (busboy) without a status: the client's fault.
    if (
      error.statusCode === undefined &&
      /^multipart\//i.test(request.headers['content-type'] ?? '') &&
      /multipart|boundary|part header/i.test(error.message)
    )
      return sendValidation(reply, culture, [{ message: localize(culture, 'InvalidMultipart'), members: ['$'] }]);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(errorBody(localize(culture, 'RequestBodyTooLarge')));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(error.message));
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send(errorBody(localize(culture, 'InternalServerError')));
  });
});
