/**
 * The shape of a value on the wire, normalised from any JSON schema dialect we
 * read (zod's OpenAPI 3.0 output, Swashbuckle's OpenAPI 3 `components.schemas`
 * and its older Swagger 2.0 `definitions`), so two descriptions of one call can
 * be compared member by member.
 */
export type ScalarKind = 'string' | 'integer' | 'number' | 'boolean' | 'file' | 'any' | 'void';

export type Shape =
  | { readonly kind: ScalarKind; readonly nullable: boolean; readonly enum?: readonly (string | number)[] }
  | { readonly kind: 'array'; readonly nullable: boolean; readonly items: Shape }
  /** `fields` null: a dictionary (`additionalProperties`), whose keys are data, not members. */
  | { readonly kind: 'object'; readonly nullable: boolean; readonly fields: Readonly<Record<string, Field>> | null };

export interface Field {
  readonly shape: Shape;
  readonly required: boolean;
}

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Looks up a `$ref` (`#/components/schemas/X`, `#/definitions/X`) in the document it came from. */
export type RefResolver = (ref: string) => Json | undefined;

export function refResolver(document: Json): RefResolver {
  return (ref) => {
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      const key = decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'));
      node = isJson(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    }
    return isJson(node) ? node : undefined;
  };
}

const ANY: Shape = { kind: 'any', nullable: true };
/** Recursive DTOs (a category with its children) stop here rather than unrolling forever. */
const MAX_DEPTH = 12;

function withNullable(shape: Shape, nullable: boolean): Shape {
  return nullable && !shape.nullable ? { ...shape, nullable: true } : shape;
}

/** Converts one JSON schema node into a `Shape`. */
export function shapeOf(schema: unknown, resolve: RefResolver, depth = 0): Shape {
  if (!isJson(schema) || depth > MAX_DEPTH) return ANY;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    return target ? withNullable(shapeOf(target, resolve, depth + 1), schema.nullable === true) : ANY;
  }
  const nullable = schema.nullable === true || schema['x-nullable'] === true;
  const variants = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined) as unknown[] | undefined;
  if (variants) {
    const nonNull = variants.filter((v) => !(isJson(v) && (v.type === 'null' || (v.nullable === true && Object.keys(v).length === 1))));
    const hasNull = nonNull.length < variants.length;
    if (nonNull.length === 1) return withNullable(shapeOf(nonNull[0], resolve, depth + 1), nullable || hasNull);
    const enumValues = nonNull.flatMap((v): unknown[] =>
      isJson(v) && 'const' in v ? [v.const] : isJson(v) && Array.isArray(v.enum) ? (v.enum as unknown[]) : [undefined],
    );
    if (enumValues.length && enumValues.every((v) => typeof v === 'number' || typeof v === 'string')) {
      const kind = enumValues.every((v) => typeof v === 'number') ? 'integer' : 'string';
      return { kind, nullable: nullable || hasNull, enum: enumValues };
    }
    return { ...ANY, nullable: nullable || hasNull };
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((p) => shapeOf(p, resolve, depth + 1));
    if (parts.length === 1) return withNullable(parts[0]!, nullable);
    if (parts.every((p) => p.kind === 'object')) {
      const fields: Record<string, Field> = {};
      for (const p of parts) if (p.kind === 'object' && p.fields) Object.assign(fields, p.fields);
      return { kind: 'object', nullable, fields };
    }
    return { ...ANY, nullable };
  }
  const types: unknown[] = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const type = types.find((t) => t !== 'null');
  const typeNullable = nullable || types.includes('null');
  if ('const' in schema && (typeof schema.const === 'number' || typeof schema.const === 'string'))
    return { kind: typeof schema.const === 'number' ? 'integer' : 'string', nullable: typeNullable, enum: [schema.const] };
  // `null` as the only value: a call that answers nothing (`Task` in C#).
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => v === null)) return { kind: 'void', nullable: true };
  const enumValues = Array.isArray(schema.enum)
    ? schema.enum.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    : undefined;
  switch (type) {
    case 'string':
      return schema.format === 'binary' ? { kind: 'file', nullable: typeNullable } : scalar('string', typeNullable, enumValues);
    case 'integer':
      return scalar('integer', typeNullable, enumValues);
    case 'number':
      return scalar('number', typeNullable, enumValues);
    case 'boolean':
      return { kind: 'boolean', nullable: typeNullable };
    case 'file':
      return { kind: 'file', nullable: typeNullable };
    case 'null':
      return { kind: 'void', nullable: true };
    case 'array':
      return { kind: 'array', nullable: typeNullable, items: shapeOf(schema.items, resolve, depth + 1) };
    case 'object':
    case undefined: {
      if (isJson(schema.properties)) {
        const required = new Set(Array.isArray(schema.required) ? (schema.required as unknown[]).filter((r) => typeof r === 'string') : []);
        const fields: Record<string, Field> = {};
        for (const [name, prop] of Object.entries(schema.properties))
          fields[name] = { shape: shapeOf(prop, resolve, depth + 1), required: required.has(name) };
        return { kind: 'object', nullable: typeNullable, fields };
      }
      if (type === 'object') return { kind: 'object', nullable: typeNullable, fields: null };
      return enumValues?.length
        ? scalar(enumValues.every((v) => typeof v === 'number') ? 'integer' : 'string', typeNullable, enumValues)
        : { ...ANY, nullable: true };
    }
    default:
      return ANY;
  }
}

function scalar(kind: 'string' | 'integer' | 'number', nullable: boolean, enumValues: readonly (string | number)[] | undefined): Shape {
  if (!enumValues?.length) return { kind, nullable };
  // An enum of whole numbers is an integer whatever the schema calls it (zod writes `number`, Swashbuckle `integer`).
  return { kind: kind === 'number' && enumValues.every((v) => Number.isInteger(v)) ? 'integer' : kind, nullable, enum: enumValues };
}

/** An object made of named members, for inputs gathered from several places (query parameters and a body). */
export function objectOf(fields: Record<string, Field>): Shape {
  return { kind: 'object', nullable: false, fields };
}

/** Words for a shape in a report: `integer?`, `string[]`, `enum(0|1|2)`. */
export function describeShape(shape: Shape): string {
  const suffix = shape.nullable && shape.kind !== 'any' && shape.kind !== 'void' ? '?' : '';
  if (shape.kind === 'array') return `${describeShape(shape.items)}[]${suffix}`;
  if (shape.kind === 'object') return `${shape.fields ? 'object' : 'dictionary'}${suffix}`;
  if ('enum' in shape && shape.enum?.length) return `${shape.kind} enum(${shape.enum.join('|')})${suffix}`;
  return `${shape.kind}${suffix}`;
}
