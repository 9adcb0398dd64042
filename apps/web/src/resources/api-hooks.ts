import { requiredPermissions, type Access, type Endpoint } from '@edu/sdk';
import { isGrantedIn, useAbp } from '../lib/permissions.ts';
import { useApi, useApiMutation, useInvalidate, type UseApiOptions } from '../lib/use-api.ts';
import { showError } from '../lib/errors.tsx';
import type { SWRResponse } from 'swr';
import type { AbpError } from '@edu/sdk';
import { useCallback } from 'react';

/**
 * Any SDK call (`api.user.getAll`): a function with its endpoint descriptor.
 * Typed loosely on purpose so every concrete `EndpointCall` is assignable.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCall = ((...args: any[]) => Promise<unknown>) & { endpoint: Endpoint };

/** The input a call takes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type InputOf<C> = C extends (input: infer I, ...rest: any[]) => unknown ? Exclude<I, undefined> : never;
/** What a call resolves to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutputOf<C> = C extends (...args: any[]) => Promise<infer O> ? O : never;

type LibCall = Parameters<typeof useApi>[0];
type LibMutationCall = Parameters<typeof useApiMutation>[0];

/** `useApi` of lib, typed by the call's own input and output. */
export function useCall<C extends AnyCall>(
  call: C,
  input: InputOf<C> | null,
  options?: UseApiOptions<OutputOf<C>>,
): SWRResponse<OutputOf<C>, AbpError> {
  return useApi(call as unknown as LibCall, input as never, options as never) as unknown as SWRResponse<
    OutputOf<C>,
    AbpError
  >;
}

/** `useApiMutation` of lib, typed by the call's own input and output. */
export function useCallMutation<C extends AnyCall>(
  call: C,
  options?: { invalidates?: string[]; silent?: boolean },
): { trigger: (input: InputOf<C>) => Promise<OutputOf<C>>; isMutating: boolean; error: AbpError | null } {
  return useApiMutation(call as unknown as LibMutationCall, options) as never;
}

/**
 * Runs any call outside a fixed hook (row and batch actions): on success the
 * cached reads of the given services (default: the call's own) are revalidated;
 * a failure opens the error modal and rethrows.
 */
export function useRunCall() {
  const invalidate = useInvalidate();
  return useCallback(
    async (call: AnyCall, input: unknown, invalidates?: readonly string[]) => {
      try {
        const out = await call(input);
        await invalidate(invalidates ?? [call.endpoint.service]).catch(() => undefined);
        return out;
      } catch (e) {
        showError(e);
        throw e;
      }
    },
    [invalidate],
  );
}

/**
 * True when the signed-in user may use an access rule: anonymous and
 * authenticated rules always pass; a permission list passes when any is granted
 * (ABP's `[AbpAuthorize(a, b)]`). `false` never passes.
 */
export function canAccess(
  config: Parameters<typeof isGrantedIn>[0],
  access: Access | false | undefined,
): boolean {
  if (access === false) return false;
  if (access === undefined) return true;
  const names = requiredPermissions(access);
  return names.length === 0 || names.some((n) => isGrantedIn(config, n));
}

/** Hook form of `canAccess`, re-rendering when the configuration changes. */
export function useCan(access: Access | false | undefined): boolean {
  return canAccess(useAbp(), access);
}

/** Hook that checks many rules at once. */
export function useCanner(): (access: Access | false | undefined) => boolean {
  const config = useAbp();
  return useCallback((access: Access | false | undefined) => canAccess(config, access), [config]);
}
