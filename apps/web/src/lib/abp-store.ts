import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { AbpUserConfigurationDto, GetCurrentLoginInformationsOutput } from '@edu/sdk';

export type SessionInfo = z.infer<typeof GetCurrentLoginInformationsOutput>;

/**
 * The merged application configuration: defaults deep-merged with the result of
 * `AbpUserConfiguration/GetAll` (as the ABP templates merge it into `abp`), and
 * the session of `Session/GetCurrentLoginInformations`.
 */
export interface AbpState {
  /** Null until GetAll answered (or when it failed). */
  config: AbpUserConfigurationDto | null;
  /** Null until the session call answered (or when it failed: the app mounts without a session). */
  session: SessionInfo | null;
}

let state: AbpState = { config: null, session: null };
const listeners = new Set<() => void>();

export function getAbpState(): AbpState {
  return state;
}

export function setAbpState(patch: Partial<AbpState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function resetAbpState(): void {
  setAbpState({ config: null, session: null });
}

export function subscribeAbp(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAbpState(): AbpState {
  return useSyncExternalStore(subscribeAbp, getAbpState, getAbpState);
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** jQuery-style deep extend (`$.extend(true, target, source)`) without mutating its inputs. */
export function deepMerge<T>(target: T, source: unknown): T {
  if (!isPlain(target) || !isPlain(source)) return (source === undefined ? target : source) as T;
  const out: Plain = { ...target };
  for (const [k, v] of Object.entries(source)) out[k] = isPlain(v) && isPlain(out[k]) ? deepMerge(out[k], v) : v;
  return out as T;
}
