import { dynamicCall, startRead } from '../lib/use-api.ts';
import { parseListParams } from './list-state.tsx';
import { resourceListCall, resourceListQuery } from './list-controller.ts';
import type { AnyResource } from './types.ts';

/**
 * Starts the first read of a resource screen's list for the query string it opens with (`?page=…&filter=…`),
 * before the screen renders: on a cold first visit the shell and the screen take a second or more to render
 * (docs/architecture/speed.md), and the list's own request then leaves beside boot instead of after them. The
 * list's `useApi` takes the answer (`startRead`). A tab of variants is left to the screen, which chooses it by
 * the user's permissions.
 */
export function startFirstListRead(resource: AnyResource, search: URLSearchParams): void {
  const params = parseListParams(search, { sorting: resource.defaultSorting });
  if (params.tab !== undefined) return;
  startRead(dynamicCall(resourceListCall(resource)), resourceListQuery(resource, params));
}
