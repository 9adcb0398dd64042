import { z } from 'zod';
import type { ValidationErrorInfo } from '@edu/sdk';
import { localize, type Culture, type TableTextKey } from '../localization/text-tables.ts';

/**
 * Model binding as ASP.NET Core does it, in front of zod validation:
 * - property names match case-insensitively (`skipCount` binds `SkipCount`);
 * - query strings are converted to the schema's scalar types (numbers, booleans,
 *   numeric enums, repeated keys for arrays); an empty value means "not given";
 * - bodies are JSON and are not type-coerced, so `"5"` for a number is a 400 as
 *   with System.Text.Json.
 */
type Schema = z.core.$ZodType;
/**
 * A schema's definition, discriminated by `type`. Every zod schema is one of
 * `$ZodTypes`; zod's guide for library authors narrows to it the same way.
 */
const defOf = (s: Schema) => (s as z.core.$ZodTypes)._zod.def;

/** Strips wrappers that do not change the bound value's type. */
function core(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (
      d.type === 'optional' ||
      d.type === 'nullable' ||
      d.type === 'default' ||
      d.type === 'prefault' ||
      d.type === 'readonly' ||
      d.type === 'catch'
    )
      s = d.innerType;
    else if (d.type === 'pipe') s = d.in;
    else if (d.type === 'lazy') s = d.getter();
    else return s;
  }
  return s;
}

function scalarKind(schema: Schema): 'number' | 'boolean' | 'string' | 'other' {
  const d = defOf(core(schema));
  if (d.type === 'number' || d.type === 'bigint') return 'number';
  if (d.type === 'boolean') return 'boolean';
  if (d.type === 'literal') {
    const values: unknown[] = d.values;
    if (values.every((v) => typeof v === 'number')) return 'number';
    if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  }
  if (d.type === 'union') {
    const kinds = new Set(d.options.map(scalarKind));
    if (kinds.size === 1) return [...kinds][0]!;
  }
  if (d.type === 'string' || d.type === 'enum') return 'string';
  return 'other';
}

function coerceScalar(schema: Schema, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const kind = scalarKind(schema);
  if (kind === 'number') return /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw;
  if (kind === 'boolean') {
    const l = raw.trim().toLowerCase();
    return l === 'true' ? true : l === 'false' ? false : raw;
  }
  return raw;
}

/** Maps keys case-insensitively onto the schema's shape, recursively; coerces query strings. */
export function bindValue(schema: Schema, value: unknown, fromQuery: boolean): unknown {
  const c = core(schema);
  const d = defOf(c);
  if (d.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape: Readonly<Record<string, Schema>> = d.shape;
    const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const target = byLower.get(key.toLowerCase());
      if (!target) continue; // unknown members are ignored, as in ASP.NET Core
      if (fromQuery && (v === '' || v === undefined)) continue;
      out[target] = bindValue(shape[target]!, v, fromQuery);
    }
    return out;
  }
  if (d.type === 'array') {
    const element = d.element;
    const arr = fromQuery && !Array.isArray(value) && value !== undefined ? [value] : value;
    return Array.isArray(arr) ? arr.map((v) => bindValue(element, v, fromQuery)) : arr;
  }
  if (fromQuery) {
    // A repeated scalar key binds its first value.
    const v: unknown = Array.isArray(value) ? value[0] : value;
    return coerceScalar(c, v);
  }
  return value;
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** `['items', 0, 'Name']` -> `items[0].name`, ABP's camelCased member path. */
export function memberPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += (out ? '.' : '') + camel(String(seg));
  }
  return out;
}

/** Turns zod issues into ABP's `validationErrors`, with DataAnnotations-like texts for missing members. */
export function toValidationErrors(error: z.ZodError, culture: Culture): ValidationErrorInfo[] {
  return error.issues.map((issue) => {
    const member = memberPath(issue.path);
    const label = pascal(String(issue.path.at(-1) ?? 'input'));
    const missing = issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined;
    const message = missing ? localize(culture, 'FieldIsRequired', label) : `${label}: ${issue.message}`;
    return { message, members: member ? [member] : null };
  });
}

const zhCN = z.locales.zhCN();
const en = z.locales.en();

/** A UTF-16 surrogate without its partner: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when the text holds what XML 1.0 cannot, even escaped: a control
 * character other than tab, line feed and carriage return, or U+FFFE/U+FFFF.
 * Stored, such text would break the Excel and Word files it is exported into
 * (exceljs passes U+FFFE through into the sheet's XML), and SQLite's LIKE and
 * FTS5 stop reading a keyword at a NUL.
 */
function holdsNonXmlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) return true;
  }
  return false;
}

/** What is wrong with a string as text, if anything. */
function textProblem(text: string): 'surrogate' | 'control' | null {
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return holdsNonXmlCharacter(text) ? 'control' : null;
}

/** The first string (or key) anywhere in the value that is not text, with its path and problem. */
export function badTextPath(value: unknown, path: PropertyKey[] = [], depth = 0): { path: PropertyKey[]; problem: 'surrogate' | 'control' } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, problem } : null;
  }
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badTextPath(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const problem = textProblem(key);
    if (problem) return { path: [...path, key], problem };
    const found = badTextPath(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

const TEXT_PROBLEMS = { surrogate: 'TextHasLoneSurrogate', control: 'TextHasControlCharacter' } as const satisfies Record<string, TableTextKey>;

/**
 * Validates bound input with the culture's zod messages. Every string of every
 * endpoint (and of every imported cell) is checked here first for lone
 * surrogates and for characters XML cannot hold (refused, naming the member),
 * so no field stores text that is not valid Unicode or that an export could
 * not write.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown, culture: Culture) {
  const bad = badTextPath(value);
  if (bad) {
    const message = localize(culture, TEXT_PROBLEMS[bad.problem]);
    const error = new z.ZodError([{ code: 'custom', path: bad.path, message, input: undefined }]);
    return { success: false as const, error };
  }
  const locale = culture === 'zh-Hans' ? zhCN : en;
  return schema.safeParse(value, { error: locale.localeError, reportInput: true });
}
