import { z } from 'zod';

/**
 * A numeric enum as ABP writes it (numbers on the wire). The value table is kept
 * on the schema's metadata so documentation and screens can list the members in
 * order: `enumValues(schema)`.
 */
export function abpEnum<const T extends Record<string, number>>(values: T, description: string) {
  const nums = Object.values(values) as Array<T[keyof T]>;
  const schema = z.literal(nums as [T[keyof T], ...Array<T[keyof T]>]).describe(
    `${description} (${Object.entries(values)
      .map(([k, v]) => `${v} = ${k}`)
      .join(', ')})`,
  );
  enumTables.set(schema, values);
  return Object.assign(schema, { values });
}

const enumTables = new WeakMap<z.ZodType, Record<string, number>>();

export function enumValues(schema: z.ZodType): Record<string, number> | undefined {
  return enumTables.get(schema);
}
