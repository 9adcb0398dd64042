import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A zod object schema (the SDK's input schemas are). */
export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** The member schemas of an object schema (empty for anything else). */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape ?? {};
}

/** True when the schema rejects a missing value (no `.optional()`, `.nullish()` or `.default()`). */
export function isRequired(schema: z.ZodType | undefined, name: string): boolean {
  const member = shapeOf(schema)[name];
  if (!member) return false;
  return !member.safeParse(undefined).success;
}

/**
 * Form inputs give `''` for an empty text box; the SDK schemas mean "no value" by
 * `null` (nullable members) or a missing key. Each blank string becomes `null` when
 * the member accepts null, `undefined` otherwise, so a required member then fails
 * as "required" and an optional one passes.
 */
export function normalizeBlanks(schema: z.ZodType, values: Record<string, unknown>): Record<string, unknown> {
  const shape = shapeOf(schema);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() === '') {
      const member = shape[key];
      out[key] = member && member.safeParse(null).success ? null : undefined;
    } else out[key] = value;
  }
  return out;
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/**
 * A validation message in the user's language for a zod issue. A field may
 * carry its own hint (`resources.<name>.hints.<field>`) that replaces format
 * and custom messages (e.g. what a user name may contain).
 */
export function localizeIssue(issue: IssueLike, t: TFunction, resource: string, value: unknown): string {
  const field = String(issue.path[0] ?? '');
  const hintKey = `resources.${resource}.hints.${field}`;
  const hint = field && t(hintKey, { defaultValue: '' });
  const min = Number(issue.minimum ?? 0);
  const max = Number(issue.maximum ?? 0);
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null ? t('form.errors.required') : t('form.errors.invalid');
    case 'too_small':
      if (issue.origin === 'string') return min <= 1 ? t('form.errors.required') : t('form.errors.minLength', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return t('form.errors.minItems', { min });
      return t('form.errors.min', { min });
    case 'too_big':
      if (issue.origin === 'string') return t('form.errors.maxLength', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return t('form.errors.maxItems', { max });
      return t('form.errors.max', { max });
    case 'invalid_format':
      if (hint) return hint;
      if (issue.format === 'email') return t('form.errors.email');
      return t('form.errors.format');
    case 'invalid_value':
    case 'invalid_union':
      return hint || t('form.errors.invalid');
    case 'custom':
      // Refinements of the screens carry an i18n key as their message.
      return t(issue.message, { defaultValue: hint || issue.message });
    default:
      return hint || issue.message;
  }
}

/**
 * A react-hook-form resolver over an SDK zod schema with messages in the
 * user's language. Submitted values are the schema's output (trimmed strings,
 * defaults applied, unknown keys stripped).
 */
export function schemaResolver<T extends FieldValues>(schema: z.ZodType, t: TFunction, resource: string): Resolver<T> {
  return async (values) => {
    const input = normalizeBlanks(schema, values as Record<string, unknown>);
    const result = await schema.safeParseAsync(input);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      if (errors[field]) continue;
      errors[field] = { type: issue.code, message: localizeIssue(issue as IssueLike, t, resource, input[field]) };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}
