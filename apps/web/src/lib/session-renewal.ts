import { useSyncExternalStore } from 'react';

/**
 * Signing in again in place (issue "an expiring or revoked session"): a call
 * answered 401 while the user is signed in does not fail; it waits while the
 * sign-in dialog (session-dialog.tsx) asks for the password over the current
 * screen, then is sent again with the new token (api-core.ts). Parallel calls
 * share one dialog. When the user signs out instead, the waiting calls fail
 * with their 401 and no error modal opens: the page is leaving for the login.
 */

let waiting: { promise: Promise<boolean>; resolve: (renewed: boolean) => void } | null = null;
let ending = false;
const listeners = new Set<() => void>();
const renewedListeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Opens the sign-in dialog (once for any number of callers); resolves true when signed in again, false when the user signs out. */
export function renewSession(): Promise<boolean> {
  if (!waiting) {
    let resolve: (renewed: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((r) => {
      resolve = r;
    });
    waiting = { promise, resolve };
    emit();
  }
  return waiting.promise;
}

/** The dialog's outcome: the waiting calls go again (renewed) or fail (the user signs out). */
export function finishRenewal(renewed: boolean): void {
  const w = waiting;
  waiting = null;
  if (!renewed) ending = true;
  emit();
  w?.resolve(renewed);
  if (renewed) for (const l of renewedListeners) l();
}

/** The session is being ended on purpose (sign-out): its 401s are expected, not a reason for a dialog or a modal. */
export function endSession(): void {
  ending = true;
}

export function isSessionEnding(): boolean {
  return ending;
}

/** Runs `listener` after each successful sign-in in place (e.g. the hub reconnects with the new token). */
export function onSessionRenewed(listener: () => void): () => void {
  renewedListeners.add(listener);
  return () => renewedListeners.delete(listener);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
/** True while a call waits for the sign-in dialog. */
export const isRenewalOpen = () => waiting !== null;
const getOpen = isRenewalOpen;

/** True while the sign-in dialog is wanted. */
export function useRenewalOpen(): boolean {
  return useSyncExternalStore(subscribe, getOpen, getOpen);
}

/** No dialog, no ending (tests). */
export function resetSessionRenewal(): void {
  waiting?.resolve(false);
  waiting = null;
  ending = false;
  emit();
}
