import { z } from 'zod';
import { unique } from './backend.ts';

/** A JSON Schema node, as zod writes an input schema (`z.toJSONSchema(schema, { io: 'input' })`). */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Text of a sampled string: unique per call, within the member's length limits. */
function sampleString(name: string, s: JsonSchema): string {
  if (s.format === 'date') return '2026-11-23';
  if (s.format === 'date-time') return '2026-11-23T08:00:00+08:00';
  if (s.format === 'email') return `${unique('sample')}@example.edu.cn`;
  if (s.format === 'uri') return 'https://example.edu.cn/sample';
  const text = unique(`${name}样例`);
  const max = s.maxLength ?? text.length;
  const min = s.minLength ?? 0;
  return text.slice(-max).padEnd(min, '样');
}

function sampleOf(name: string, s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return sampleOf(name, branches.find((b) => b.type !== 'null') ?? branches[0]!);
  if (s.allOf?.length) return sampleOf(name, Object.assign({}, ...s.allOf) as JsonSchema);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((key) => [key, sampleOf(key, s.properties?.[key] ?? {})]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(name, s.items ?? {}));
    case 'string':
      return sampleString(name, s);
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/**
 * A valid input of an input schema with its required members only: numbers at
 * their least positive value, strings unique and within their lengths, dates
 * and date-times fixed, enums their first value. For a simple entity's
 * `Create` (plain columns, no references), so its CRUD fixture needs no row
 * of its own (fixtures.ts, `fixtureOf`).
 */
export function sampleInput(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const sample = sampleOf('', json);
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) throw new Error('sampleInput: not an object schema');
  return sample as Record<string, unknown>;
}

/**
 * The first required plain-text member of an input schema (no format, room
 * for one more character): the member a derived fixture's Update changes.
 */
export function editableText(schema: z.ZodType): string | undefined {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return (json.required ?? []).find((key) => {
    const p = json.properties?.[key];
    return p?.type === 'string' && p.format === undefined && p.enum === undefined && (p.maxLength ?? Infinity) > 20;
  });
}
