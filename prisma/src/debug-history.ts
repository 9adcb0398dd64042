/**
 * Prisma's debug module keeps the arguments of its last 100 debug calls in memory whether debugging is on or
 * not (for the text of its crash reports): the driver adapter logs every query with its bound values, the
 * client each query plan it runs. After a bulk write those entries are megabytes (about 5.7 MB in each copy at
 * the peak of a 10,000-row member import: the driver adapter's `@prisma/debug` and the one bundled in the client
 * runtime), kept until a hundred later calls push them out, which on a server whose reads are compiled
 * statements can take a long time. Neither copy can be bounded or cleared from outside (its `clearLogs` is
 * reachable through neither package's exports), so `forgetPrismaDebugHistory` pushes a hundred one-character
 * entries through each, under a namespace nobody enables, which drops the others. Bulk writers call it after
 * each batch.
 */
import { Debug as adapterDebug } from '@prisma/driver-adapter-utils';
import { Debug as clientDebug } from '@prisma/client/runtime/client';

/** `MAX_ARGS_HISTORY` of `@prisma/debug` (both copies). */
const HISTORY = 100;
const NAMESPACE = 'edu:forget-debug-history';
const histories = [adapterDebug, clientDebug];

/** Replaces what Prisma's debug histories hold with a hundred tiny entries; does nothing to a copy whose output is on (`DEBUG`). */
export function forgetPrismaDebugHistory(): void {
  for (const debug of histories) {
    // With its output on, every entry would be printed; whoever turned it on wants the history too.
    if (debug.enabled(NAMESPACE)) continue;
    const log = debug(NAMESPACE);
    for (let i = 0; i < HISTORY; i++) log('.');
  }
}
