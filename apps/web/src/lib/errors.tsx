import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { AbpError } from '@edu/sdk';
import { getAnyQueued, showError, subscribeErrors } from './error-queue.ts';
import { fieldPath } from './field-path.ts';

export { ChunkLoadError, describeError, clearSessionAndReload, type ErrorModalModel } from './error-model.ts';
export { clearErrors, showError, wasShown } from './error-queue.ts';

const ErrorModal = lazy(() => import('./error-modal.tsx'));

/** Mounted once at the root: shows the first queued error, the next after OK (the dialog loads on the first error). */
export function ErrorModalHost() {
  const needed = useSyncExternalStore(subscribeErrors, getAnyQueued, getAnyQueued);
  return needed ? (
    <Suspense fallback={null}>
      <ErrorModal />
    </Suspense>
  ) : null;
}

// --- forms -------------------------------------------------------------------

/**
 * Marks the fields a server validation error names (react-hook-form `setError`)
 * and opens the modal. Returns true when at least one field was marked. Member
 * names reach nested fields by their full path: `lessons[2].title` marks the
 * title of the third lesson (`lessons.2.title`).
 */
export function applyServerErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError'>, error: unknown): boolean {
  let marked = false;
  if (error instanceof AbpError && error.kind === 'validation') {
    const fields = error.fieldErrors();
    let first = true;
    for (const [member, message] of Object.entries(fields)) {
      form.setError(fieldPath(member) as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
      marked = true;
    }
  }
  showError(error);
  return marked;
}

/**
 * `const onServerError = useFormServerErrors(form)`; then in submit:
 * `try { await trigger(values) } catch (e) { onServerError(e) }`.
 * Validation errors mark the named fields AND open the modal; other errors open the modal.
 */
export function useFormServerErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError'>) {
  const { setError } = form;
  return useCallback((error: unknown) => applyServerErrors({ setError }, error), [setError]);
}
