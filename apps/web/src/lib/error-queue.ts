import { useSyncExternalStore } from 'react';
import { AbpError } from '@edu/sdk';
import { reportUnreachable, unreachableReason } from './connectivity.ts';
import { clearSessionAndReload, describeError, type ErrorModalModel } from './error-model.ts';
import { isSessionEnding } from './session-renewal.ts';

/**
 * The error modal's queue (spec: one modal per failure, the next after OK).
 * Apart from errors.tsx so the modal (error-modal.tsx), loaded with the first
 * error, reads it without an import cycle.
 */

let queue: ErrorModalModel[] = [];
let anyQueued = false;
const listeners = new Set<() => void>();
/** Errors already shown, so a failure handled at two levels opens one modal. */
const shown = new WeakSet<object>();

function emit() {
  for (const l of listeners) l();
}

const sameModal = (a: ErrorModalModel, b: ErrorModalModel) =>
  a.title === b.title && a.titleKey === b.titleKey && a.content === b.content && a.contentKey === b.contentKey;

/**
 * Opens the spec's error modal for any failure (AbpError, chunk error, anything
 * thrown). A call that got no answer at all shows the connection banner
 * instead (connectivity.ts); a timeout shows both, since a write that timed out
 * may or may not have been done. A 401 while the session is being ended (the
 * user chose to sign out) opens nothing.
 */
export function showError(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (shown.has(error)) return;
    shown.add(error);
  }
  // An aborted request (navigation away) is not a failure worth a modal.
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof AbpError && error.status === 401 && isSessionEnding()) return;
  const unreachable = unreachableReason(error);
  if (unreachable) reportUnreachable(unreachable);
  if (unreachable === 'network') return;
  const model = describeError(error);
  // Parallel calls failing the same way (e.g. three 401s) open one modal.
  if (queue.some((m) => sameModal(m, model))) return;
  queue = [...queue, model];
  anyQueued = true;
  emit();
}

/** True when `showError` has already displayed this error. */
export function wasShown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && shown.has(error);
}

/** Closes every open error modal (tests, logout). */
export function clearErrors(): void {
  queue = [];
  emit();
}

export function subscribeErrors(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
const getQueue = () => queue;

/** True once any error was queued: the modal's code loads with the first error, not with the page. */
export const getAnyQueued = () => anyQueued;

/** The queue as the modal reads it: the first error shows; `closeCurrent` moves on. */
export function useErrorQueue(): ErrorModalModel | undefined {
  return useSyncExternalStore(subscribeErrors, getQueue, getQueue)[0];
}

export function closeCurrent(): void {
  const model = queue[0];
  queue = queue.slice(1);
  emit();
  if (model?.reloadOnOk) clearSessionAndReload();
}
