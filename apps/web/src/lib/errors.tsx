import { useCallback, useSyncExternalStore } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { AbpError } from '@edu/sdk';
import { clearSessionAndReload, describeError, type ErrorModalModel } from './error-model.ts';
import { fieldPath } from './field-path.ts';

export { ChunkLoadError, describeError, clearSessionAndReload, type ErrorModalModel } from './error-model.ts';

// --- the modal queue ---------------------------------------------------------

let queue: ErrorModalModel[] = [];
const listeners = new Set<() => void>();
/** Errors already shown, so a failure handled at two levels opens one modal. */
const shown = new WeakSet<object>();

function emit() {
  for (const l of listeners) l();
}

const sameModal = (a: ErrorModalModel, b: ErrorModalModel) =>
  a.title === b.title && a.titleKey === b.titleKey && a.content === b.content && a.contentKey === b.contentKey;

/** Opens the spec's error modal for any failure (AbpError, chunk error, anything thrown). */
export function showError(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (shown.has(error)) return;
    shown.add(error);
  }
  // An aborted request (navigation away) is not a failure worth a modal.
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const model = describeError(error);
  // Parallel calls failing the same way (e.g. three 401s) open one modal.
  if (queue.some((m) => sameModal(m, model))) return;
  queue = [...queue, model];
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

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
const getQueue = () => queue;

/** Mounted once at the root: shows the first queued error, the next after OK. */
export function ErrorModalHost() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribe, getQueue, getQueue)[0];
  const close = () => {
    const model = queue[0];
    queue = queue.slice(1);
    emit();
    if (model?.reloadOnOk) clearSessionAndReload();
  };
  const title = current ? (current.title ?? t(current.titleKey ?? 'errors.unknownTitle')) : '';
  const content = current ? (current.content ?? (current.contentKey ? t(current.contentKey) : '')) : '';
  return (
    <Dialog.Root
      open={Boolean(current)}
      onOpenChange={(e) => {
        if (!e.open) close();
      }}
      role="alertdialog"
      placement="top"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="error-modal">
            <Dialog.Header>
              <Dialog.Title color="red.600">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text whiteSpace="pre-wrap" color="fg.muted">
                {content}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={close} data-testid="error-modal-ok">
                {t('common.ok')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
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
