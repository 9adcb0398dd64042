import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { fieldKey, fieldPath, setAtPath } from '../lib/field-path.ts';

/** A zod object schema (the SDK's input schemas are). */
export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** The member schemas of an object schema (empty for anything else). */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!(schema instanceof z.ZodObject)) return {};
  return Object.fromEntries(Object.entries(schema.shape).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType));
}

/** The schema under `.optional()`, `.nullable()` and `.default()` wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
    const inner = s.unwrap();
    if (!(inner instanceof z.ZodType)) break;
    s = inner;
  }
  return s;
}

/** The item schema of a list member (`lessons: z.array(LessonInput)`), or undefined. */
export function elementOf(member: z.ZodType | undefined): z.ZodType | undefined {
  const inner = member && unwrapSchema(member);
  return inner instanceof z.ZodArray && inner.element instanceof z.ZodType ? inner.element : undefined;
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
    const member = shape[key];
    const item = elementOf(member);
    if (typeof value === 'string' && value.trim() === '') {
      out[key] = member && member.safeParse(null).success ? null : undefined;
    } else if (item && Array.isArray(value)) {
      // Sub-forms of a list (lessons of a course) follow the same rule, item by item.
      out[key] = value.map((v: unknown) =>
        typeof v === 'object' && v !== null && !Array.isArray(v) ? normalizeBlanks(item, Object.fromEntries(Object.entries(v))) : v,
      );
    } else out[key] = value;
  }
  return out;
}

/** The value at a zod path inside the form values (for the "required" reading of a type error). */
function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let v = values;
  for (const seg of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = Reflect.get(v, seg);
  }
  return v;
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  /** A refinement's interpolation values (`ctx.addIssue({ code: 'custom', params })`). */
  params?: Record<string, unknown>;
}

/**
 * A validation message in the user's language for a zod issue. A field may
 * carry its own hint (`resources.<name>.hints.<field>`) that replaces format
 * and custom messages (e.g. what a user name may contain).
 */
export function localizeIssue(issue: IssueLike, t: TFunction, resource: string, value: unknown): string {
  // Hints are per field name, list indexes left out: `hints.lessons.title` serves every lesson.
  const field = fieldKey(fieldPath(issue.path));
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
      return t(issue.message, { ...issue.params, defaultValue: hint || issue.message });
    default:
      return hint || issue.message;
  }
}

/**
 * A react-hook-form resolver over an SDK zod schema with messages in the
 * user's language. Each issue lands on its full path (`lessons.2.title` for a
 * lesson's title, as field arrays read it; `root` for the whole form); the
 * first issue of a path wins. Submitted values are the schema's output
 * (trimmed strings, defaults applied, unknown keys stripped).
 */
export function schemaResolver(schema: z.ZodType, t: TFunction, resource: string): Resolver<FieldValues> {
  return async (values) => {
    const input = normalizeBlanks(schema, values);
    const result = await schema.safeParseAsync(input);
    if (result.success) return { values: isFieldValues(result.data) ? result.data : {}, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = fieldPath(issue.path) || 'root';
      setAtPath(errors, path, { type: issue.code, message: localizeIssue(issue, t, resource, valueAt(input, issue.path)) });
    }
    // setAtPath builds exactly FieldErrors' shape (objects and arrays ending in `{ type, message }`);
    // its own signature stays generic (`Record<string, unknown>`) to serve any nesting.
    return { values: {}, errors: errors as FieldErrors };
  };
}

function isFieldValues(v: unknown): v is FieldValues {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The schema's own defaults (`.default(...)`) for members the caller left unset. */
export function schemaDefaults(schema: z.ZodType, values: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(shapeOf(schema))) {
    if (values[key] !== undefined) continue;
    const r = member.safeParse(undefined);
    if (r.success && r.data !== undefined) out[key] = r.data;
  }
  return { ...out, ...values };
}
