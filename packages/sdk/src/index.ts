export * from './core/define-service.ts';
export * from './core/schemas.ts';
export * from './core/children.ts';
export * from './core/enums.ts';
export * from './core/content.ts';
export * from './core/review.ts';
export * from './core/errors.ts';
export * from './core/transport.ts';
export * from './core/files.ts';
export * from './core/imports.ts';
export * from './core/money.ts';
export * from './core/sensitive.ts';
export * from './core/person-name.ts';
export * from './permissions.ts';
/** Every service file's exports, through the lists that name them (registry.ts, entities.ts). */
export * from './registry.ts';
export * from './client.ts';
export * from './openapi.ts';
export * from './services/test-question-import.ts';
/** Without zod: what the server's read worker may import (services/question-limits.ts). */
export * from './services/question-limits.ts';
export * from './services/test-paper-export.ts';
export * from './services/member.ts';
