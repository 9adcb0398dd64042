import { useSyncExternalStore } from 'react';
import { AbpError } from '@edu/sdk';

/**
 * Whether the backend answers (issue "a backend that is down or slow"). Every
 * request reports here (api-core.ts's fetch): any HTTP answer means reachable;
 * no answer (connection refused, DNS, CORS refused, timeout) means down. While
 * down, the banner (connection-banner.tsx) shows and the backend is probed
 * again with a growing delay (1 s, 2 s, 4 s ... 30 s) or at once from the
 * banner's Retry; the first answer hides it and runs the recovery listeners
 * (SWR revalidates every read; a boot without configuration reloads).
 */
export type Unreachable = 'network' | 'timeout';

/** What a gateway in front of a stopped backend answers (nginx's 502/503/504): no answer from the backend itself. */
export const isGatewayFailure = (status: number) => status === 502 || status === 503 || status === 504;

/** Why a failed call means the backend is not answering (no response, a timeout, a gateway's 502-504), or null when it answered. */
export function unreachableReason(error: unknown): Unreachable | null {
  if (!(error instanceof AbpError)) return null;
  if (error.kind === 'network' || error.kind === 'timeout') return error.kind;
  return isGatewayFailure(error.status) && error.kind === 'server' ? 'network' : null;
}

export interface Connectivity {
  /** Null while the backend answers; else why the last call got no answer. */
  down: Unreachable | null;
  /** Probes made since the backend stopped answering. */
  attempts: number;
  /** A probe is on its way. */
  probing: boolean;
}

const UP: Connectivity = { down: null, attempts: 0, probing: false };
let state: Connectivity = UP;
/** True once the backend was ever unreachable: the banner's code loads then, not with the page. */
let everDown = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let probe: () => Promise<unknown> = () => Promise.resolve();
const listeners = new Set<() => void>();
const recoveryListeners = new Set<() => void>();

/** The delay before the n-th automatic probe (0-based): 1 s doubling, at most 30 s. */
export function probeDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

function set(next: Connectivity) {
  state = next;
  for (const l of listeners) l();
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => void probeNow(), probeDelay(state.attempts));
}

/** The call that tells whether the backend answers again (api-core.ts sets a cheap public read). */
export function setProbe(fn: () => Promise<unknown>): void {
  probe = fn;
}

/** A call got no answer: show the banner and start probing (once; later failures only update the reason). */
export function reportUnreachable(reason: Unreachable): void {
  everDown = true;
  if (state.down) {
    if (state.down !== reason) set({ ...state, down: reason });
    return;
  }
  set({ down: reason, attempts: 0, probing: false });
  schedule();
}

/** A call got an answer (any status): the backend is back; recovery listeners run once per outage. */
export function reportReachable(): void {
  if (!state.down) return;
  clearTimeout(timer);
  set(UP);
  for (const l of recoveryListeners) l();
}

/** Probes now (the banner's Retry, or the backoff timer); a failure schedules the next probe. */
export async function probeNow(): Promise<void> {
  if (!state.down || state.probing) return;
  clearTimeout(timer);
  set({ ...state, probing: true });
  try {
    await probe();
    // The probe's own answer reported reachable through the fetch; this covers a probe that does not go through it.
    reportReachable();
  } catch {
    if (!state.down) return;
    set({ ...state, probing: false, attempts: state.attempts + 1 });
    schedule();
  }
}

/** Runs `listener` each time the backend answers again after an outage; returns the unsubscribe. */
export function onRecovered(listener: () => void): () => void {
  recoveryListeners.add(listener);
  return () => recoveryListeners.delete(listener);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
const getState = () => state;
const getEverDown = () => everDown;

export function getConnectivity(): Connectivity {
  return state;
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, getState, getState);
}

/** True once the backend was ever unreachable in this page's life. */
export function useEverDown(): boolean {
  return useSyncExternalStore(subscribe, getEverDown, getEverDown);
}

/** Back to reachable with no timer (tests). */
export function resetConnectivity(): void {
  clearTimeout(timer);
  everDown = false;
  set(UP);
}
