import type { AnyResource } from './types.ts';

/** A row's id: the resource's own `rowId`, else its `id` field ('' when it has none). */
export function rowIdOf(resource: AnyResource, row: unknown): number | string {
  if (resource.rowId) return resource.rowId(row);
  const id = typeof row === 'object' && row !== null && 'id' in row ? row.id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? id : '';
}
