import { useCallback, useRef, useState } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import type { z } from 'zod';
import { AbpError, type CallOptions, type Endpoint } from '@edu/sdk';
import { showError } from './errors.tsx';

/** Any SDK call (`api.user.getAll`): a function carrying its endpoint descriptor. */
export type AnyCall = ((input: any, options?: CallOptions) => Promise<unknown>) & { endpoint: Endpoint };
/** The input a call accepts (zod input type of its endpoint). */
export type CallInput<C> = C extends { endpoint: Endpoint<infer I, z.ZodType> } ? z.input<I> : never;
/** What a call resolves with (zod output type of its endpoint). */
export type CallOutput<C> = C extends { endpoint: Endpoint<z.ZodType, infer O> } ? z.output<O> : never;

/** The SWR key of a call: `[service, method, input]` (e.g. `['User', 'GetAll', { SkipCount: 0 }]`). */
export type ApiKey = readonly [service: string, method: string, input: unknown];

export function apiKey(call: AnyCall, input: unknown): ApiKey {
  return [call.endpoint.service, call.endpoint.method, input ?? {}];
}

export interface UseApiOptions<T> extends SWRConfiguration<T, AbpError> {
  /** Do not open the error modal; the caller shows `error` itself. */
  silent?: boolean;
}

/** Only failures without a response are worth retrying; a 4xx/5xx answer will not change. */
const retryOnlyWithoutResponse = (err: Error) => err instanceof AbpError && err.isNetworkOrTimeout;

/**
 * Reads through SWR with the key `[service, method, input]`; `input === null`
 * does not fetch. Failures open the spec's error modal unless `silent`.
 *
 *   const { data, error, isLoading, mutate } = useApi(api.user.getAll, { SkipCount: 0, MaxResultCount: 10 });
 */
export function useApi<C extends AnyCall>(
  call: C,
  input: CallInput<C> | null,
  options: UseApiOptions<CallOutput<C>> = {},
): SWRResponse<CallOutput<C>, AbpError> {
  const { silent, onError, ...swr } = options;
  const key = input === null ? null : apiKey(call, input);
  return useSWR<CallOutput<C>, AbpError>(key, ([, , i]: ApiKey) => call(i) as Promise<CallOutput<C>>, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryOnlyWithoutResponse,
    errorRetryCount: 2,
    ...swr,
    onError: (err, k, config) => {
      if (!silent) showError(err);
      onError?.(err, k, config);
    },
  });
}

export interface UseApiMutationOptions {
  /**
   * Services whose cached reads are revalidated after a success, by service name
   * (`'User'`, case-insensitive; the client key `'user'` works too). Default: the call's own service.
   */
  invalidates?: string[];
  /** Do not open the error modal (the caller handles the error, e.g. with `useFormServerErrors`). */
  silent?: boolean;
}

export interface ApiMutation<C extends AnyCall> {
  /** Calls the endpoint; resolves with its output, rejects with the AbpError (already shown unless silent). */
  trigger: (input: CallInput<C>) => Promise<CallOutput<C>>;
  isMutating: boolean;
  error: AbpError | null;
  reset: () => void;
}

/** Matches SWR keys of the given services (as produced by `apiKey`). */
export function keyMatcher(services: readonly string[]): (key: unknown) => boolean {
  const names = new Set(services.map((s) => s.toLowerCase()));
  return (key) => Array.isArray(key) && typeof key[0] === 'string' && names.has(key[0].toLowerCase());
}

/** Revalidates every cached read of these services. */
export function useInvalidate() {
  const { mutate } = useSWRConfig();
  return useCallback((services: readonly string[]) => mutate(keyMatcher(services)), [mutate]);
}

/**
 * A write: `const { trigger, isMutating } = useApiMutation(api.user.delete)`;
 * `await trigger({ Id: 5 })`. After success, every cached read of the
 * invalidated services (default: the call's own) is revalidated.
 */
export function useApiMutation<C extends AnyCall>(call: C, options: UseApiMutationOptions = {}): ApiMutation<C> {
  const invalidate = useInvalidate();
  const [isMutating, setMutating] = useState(false);
  const [error, setError] = useState<AbpError | null>(null);
  const opts = useRef(options);
  opts.current = options;

  const trigger = useCallback(
    async (input: CallInput<C>): Promise<CallOutput<C>> => {
      setMutating(true);
      setError(null);
      try {
        const out = (await call(input)) as CallOutput<C>;
        // A failing re-read shows its own error through its useApi; the write itself succeeded.
        await invalidate(opts.current.invalidates ?? [call.endpoint.service]).catch(() => undefined);
        return out;
      } catch (e) {
        if (e instanceof AbpError) setError(e);
        if (!opts.current.silent) showError(e);
        throw e;
      } finally {
        setMutating(false);
      }
    },
    [call, invalidate],
  );
  const reset = useCallback(() => setError(null), []);
  return { trigger, isMutating, error, reset };
}
