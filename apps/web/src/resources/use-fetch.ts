import { useEffect, useState } from 'react';
import { showError } from '../lib/errors.tsx';
import type { AnyCall, InputOf, OutputOf } from './api-hooks.ts';

/**
 * Fetches once per input, bypassing the SWR cache: an edit dialog must start
 * from the record as it is now (`Get?Id=`), not from a cached copy.
 * `input === null` does not fetch. Errors open the error modal.
 */
export function useFreshCall<C extends AnyCall>(call: C | undefined, input: InputOf<C> | null) {
  const [state, setState] = useState<{ data?: OutputOf<C>; error?: unknown; loading: boolean }>({
    loading: !!call && input !== null,
  });
  const key = input === null || !call ? null : JSON.stringify([call.endpoint.service, call.endpoint.method, input]);
  useEffect(() => {
    if (key === null || !call) {
      setState({ loading: false });
      return;
    }
    let alive = true;
    setState({ loading: true });
    call(input).then(
      (data) => alive && setState({ data: data as OutputOf<C>, loading: false }),
      (error: unknown) => {
        if (!alive) return;
        showError(error);
        setState({ error, loading: false });
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
