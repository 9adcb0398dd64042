/**
 * A lookup table for keys that come from clients (a `Sorting` column, a
 * spreadsheet cell, an entity name, a form field): an object without a
 * prototype, so `__proto__`, `constructor` or `toString` find nothing
 * instead of `Object.prototype`'s members. `Object.hasOwn` or a `Map` do the
 * same where the table is built at run time.
 */
export function lookupTable<V>(entries: Readonly<Record<string, V>>): Readonly<Record<string, V>> {
  return Object.assign(Object.create(null) as Record<string, V>, entries);
}
