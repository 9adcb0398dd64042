import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { mutate as mutateAll, unstable_serialize, useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import type { z } from 'zod';
import { AbpError, type CallOptions, type Endpoint, type EndpointCall } from '@edu/sdk';
import { onRecovered, reportUnreachable, unreachableReason } from './connectivity.ts';
import { showError } from './errors.tsx';

/**
 * The one call type of the web app: an SDK call (`api.user.getAll`), i.e. the
 * SDK's `EndpointCall<I, O>`, typed by its endpoint's zod input `I` and output `O`.
 */
export type ApiCall<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = EndpointCall<I, O>;

/**
 * Any SDK call, as declarations store it (a resource's `getAll`, a row action's
 * call) when the call's own types do not matter to the holder. Its input is
 * `never` so that every `ApiCall` fits (a parameter is contravariant); it is
 * called through `dynamicCall`.
 */
export interface AnyCall {
  (input: never, options?: CallOptions): Promise<unknown>;
  readonly endpoint: Endpoint;
}

/** The input a call takes (zod input of its endpoint). */
export type CallInput<C> = C extends { endpoint: Endpoint<infer I, z.ZodType> } ? z.input<I> : never;
/** What a call resolves with (zod output of its endpoint). */
export type CallOutput<C> = C extends { endpoint: Endpoint<z.ZodType, infer O> } ? z.output<O> : never;

/**
 * A stored call made callable with an input built at run time: the list query
 * a screen assembles from its filters, form values already validated by the
 * form's schema, a row action's input. The server validates every input
 * against the same SDK schema (400 with `validationErrors`), so nothing
 * unchecked reaches the backend.
 */
export function dynamicCall(call: AnyCall): ApiCall {
  // The one widening of the data layer: `never` -> `unknown` input, see above.
  return call as ApiCall;
}

/** The SWR key of a call: `[service, method, input]` (e.g. `['User', 'GetAll', { SkipCount: 0 }]`). */
export type ApiKey = readonly [service: string, method: string, input: unknown, fresh?: number];

export function apiKey(call: { endpoint: Endpoint }, input: unknown): ApiKey {
  return [call.endpoint.service, call.endpoint.method, input ?? {}];
}

/** How long a read started ahead (`startRead`) waits for its screen to take it. */
const STARTED_READ_MS = 15_000;
const startedReads = new Map<string, { at: number; result: Promise<unknown> }>();

/**
 * Starts a read before any component asks for it (a cold first visit starts the screen's list beside boot,
 * app/boot-shell.ts): the first `useApi` of the same call and input takes its answer instead of asking again,
 * once; a read left untaken for 15 s, or when a write revalidates (useInvalidate), is dropped, so a later
 * screen never gets an old answer.
 */
export function startRead<I extends z.ZodType, O extends z.ZodType>(call: ApiCall<I, O>, input: z.input<I>): void {
  const fetcher: (input: z.input<I>) => Promise<z.output<O>> = call;
  const result = fetcher(input);
  // Failures are the taker's to show (useApi's onError); untaken, they are nobody's.
  result.catch(() => undefined);
  startedReads.set(unstable_serialize(apiKey(call, input)), { at: Date.now(), result });
}

/** The read started ahead for `key`, once; undefined when none is (or it is too old). */
function takeStartedRead(key: ApiKey): Promise<unknown> | undefined {
  if (startedReads.size === 0) return undefined;
  const id = unstable_serialize(key);
  const started = startedReads.get(id);
  startedReads.delete(id);
  return started && Date.now() - started.at < STARTED_READ_MS ? started.result : undefined;
}

export interface UseApiOptions<T> extends SWRConfiguration<T, AbpError> {
  /** Do not open the error modal; the caller shows `error` itself. */
  silent?: boolean;
  /**
   * Read the record as it is now, never from the cache (an edit dialog must
   * start from the server's copy): each mounted reader gets its own key
   * `[service, method, input, n]`, so data stays undefined until this mount's
   * request answers. Writes to the service still revalidate it.
   */
  fresh?: boolean;
}

/** Only failures without the backend's response are worth retrying; its 4xx/5xx answer will not change. */
const retryOnlyWithoutResponse = (err: Error) => unreachableReason(err) !== null;

let freshReaders = 0;

// When the backend answers again after an outage, every read on screen is fetched again (the banner goes, the lists come back).
onRecovered(() => void mutateAll(() => true));

/**
 * Reads through SWR with the key `[service, method, input]`; `input === null`
 * does not fetch. Failures open the spec's error modal unless `silent`; a read
 * that got no answer (backend down or slow) shows the connection banner
 * instead, and is read again when the backend answers (connectivity.ts).
 *
 *   const { data, error, isLoading, mutate } = useApi(api.user.getAll, { SkipCount: 0, MaxResultCount: 10 });
 */
export function useApi<I extends z.ZodType, O extends z.ZodType>(
  call: ApiCall<I, O>,
  input: z.input<I> | null,
  options: UseApiOptions<z.output<O>> = {},
): SWRResponse<z.output<O>, AbpError> {
  const { silent, fresh, onError, ...swr } = options;
  const [reader] = useState(() => (fresh ? ++freshReaders : 0));
  const fetcher: (input: z.input<I>) => Promise<z.output<O>> = call;
  const key: ApiKey | null = input === null ? null : fresh ? [call.endpoint.service, call.endpoint.method, input ?? {}, reader] : apiKey(call, input);
  // A read started ahead for this key answers the first fetch (the same call and input: its output).
  const load =
    key === null || input === null ? null : () => ((fresh ? undefined : takeStartedRead(key)) as Promise<z.output<O>> | undefined) ?? fetcher(input);
  return useSWR<z.output<O>, AbpError, ApiKey | null>(key, load, {
    revalidateOnFocus: false,
    shouldRetryOnError: retryOnlyWithoutResponse,
    errorRetryCount: 2,
    ...(fresh && { revalidateIfStale: true, revalidateOnMount: true, dedupingInterval: 0 }),
    ...swr,
    onError: (err, k, config) => {
      const unreachable = unreachableReason(err);
      if (unreachable) reportUnreachable(unreachable);
      else if (!silent) showError(err);
      onError?.(err, k, config);
    },
  });
}

export interface UseApiMutationOptions {
  /**
   * Services whose cached reads are revalidated after a success, by service name
   * (`'User'`, case-insensitive; the client key `'user'` works too). Default: the call's own service.
   */
  invalidates?: readonly string[];
  /** Do not open the error modal (the caller handles the error, e.g. with `useFormServerErrors`). */
  silent?: boolean;
}

export interface ApiMutation<In, Out> {
  /** Calls the endpoint; resolves with its output, rejects with the AbpError (already shown unless silent). */
  trigger: (input: In) => Promise<Out>;
  isMutating: boolean;
  error: AbpError | null;
  reset: () => void;
}

/** Matches SWR keys of the given services (as produced by `apiKey`). */
export function keyMatcher(services: readonly string[]): (key: unknown) => boolean {
  const names = new Set(services.map((s) => s.toLowerCase()));
  return (key) => Array.isArray(key) && typeof key[0] === 'string' && names.has(key[0].toLowerCase());
}

/**
 * Revalidates every cached read of these services. A write also drops the reads started ahead and not yet
 * taken: started before it, their answers may not show it (a list whose first reader used other filters would
 * otherwise take the pre-write answer when the write revalidates it).
 */
export function useInvalidate() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (services: readonly string[]) => {
      startedReads.clear();
      return mutate(keyMatcher(services));
    },
    [mutate],
  );
}

/**
 * A write: `const { trigger, isMutating } = useApiMutation(api.user.delete)`;
 * `await trigger({ Id: 5 })`. After success, every cached read of the
 * invalidated services (default: the call's own) is revalidated.
 */
export function useApiMutation<I extends z.ZodType, O extends z.ZodType>(
  call: ApiCall<I, O>,
  options: UseApiMutationOptions = {},
): ApiMutation<z.input<I>, z.output<O>> {
  const run = useRunCall();
  const [isMutating, setMutating] = useState(false);
  const [error, setError] = useState<AbpError | null>(null);
  // The latest options, read when a write runs (not a reason to re-create `trigger`).
  const opts = useRef(options);
  useEffect(() => {
    opts.current = options;
  });

  const trigger = useCallback(
    async (input: z.input<I>): Promise<z.output<O>> => {
      setMutating(true);
      setError(null);
      try {
        return await run(call, input, opts.current);
      } catch (e) {
        if (e instanceof AbpError) setError(e);
        throw e;
      } finally {
        setMutating(false);
      }
    },
    [call, run],
  );
  const reset = useCallback(() => setError(null), []);
  return { trigger, isMutating, error, reset };
}

/**
 * The write of `useApiMutation` without a fixed call, for row, batch and switch
 * actions whose call is known only when they run: on success the cached reads
 * of the invalidated services (default: the call's own) are revalidated; a
 * failure opens the error modal (unless silent) and rethrows.
 */
export function useRunCall() {
  const invalidate = useInvalidate();
  return useCallback(
    async <I extends z.ZodType, O extends z.ZodType>(
      call: ApiCall<I, O>,
      input: z.input<I>,
      options: UseApiMutationOptions = {},
    ): Promise<z.output<O>> => {
      const fn: (input: z.input<I>) => Promise<z.output<O>> = call;
      try {
        const out = await fn(input);
        // A failing re-read shows its own error through its useApi; the write itself succeeded.
        await invalidate(options.invalidates ?? [call.endpoint.service]).catch(() => undefined);
        return out;
      } catch (e) {
        if (!options.silent) showError(e);
        throw e;
      }
    },
    [invalidate],
  );
}
