import { createToaster, Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useUiLabels } from './labels.tsx';

/** Spec sections 8 and 9: pop-ups appear 200 px from the top and last 4 seconds. */
export const TOAST_TOP_OFFSET = '200px';
export const TOAST_DURATION_MS = 4000;

/**
 * At most two toasts show at once; later ones wait until one goes. Three
 * stacked toasts covered a dialog's content (a Q&A thread) below the top.
 */
export const TOAST_MAX_VISIBLE = 2;

/**
 * The id a toast without one gets: its kind and texts, so the same message
 * raised again while it shows (a save clicked twice, parallel calls failing
 * alike) updates that toast instead of stacking a copy.
 */
export function toastContentId(data: { type?: string | undefined; title?: unknown; description?: unknown }): string | undefined {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  const title = text(data.title);
  const description = text(data.description);
  // A title or description that is an element has no comparable text: never merged.
  if (title === undefined && data.title !== undefined) return undefined;
  if (description === undefined && data.description !== undefined) return undefined;
  if (title === undefined && description === undefined) return undefined;
  // Hashed: the id goes into element ids and aria-labelledby lists, where a space would split it.
  return `same-${hash(JSON.stringify([data.type ?? 'info', title ?? '', description ?? '']))}`;
}

/** FNV-1a over the UTF-16 units, as 8 hex digits. */
function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function createAppToaster() {
  const store = createToaster({
    placement: 'top',
    offsets: { top: TOAST_TOP_OFFSET, left: '16px', right: '16px', bottom: '16px' },
    duration: TOAST_DURATION_MS,
    max: TOAST_MAX_VISIBLE,
    pauseOnPageIdle: true,
  });
  const create = store.create;
  store.create = (data) => create({ ...data, id: data.id ?? toastContentId(data) });
  return store;
}

/** The one toaster of the app; show messages with `notify.*` or `toaster.create`. */
export const toaster = createAppToaster();

type Text = string | undefined;

/** Short helpers for the usual message kinds. */
export const notify = {
  success: (title: string, description?: Text) => toaster.create({ type: 'success', title, description }),
  error: (title: string, description?: Text) => toaster.create({ type: 'error', title, description }),
  warning: (title: string, description?: Text) => toaster.create({ type: 'warning', title, description }),
  info: (title: string, description?: Text) => toaster.create({ type: 'info', title, description }),
};

/** Renders the toasts; `UiProvider` mounts it once. */
export function AppToaster() {
  const labels = useUiLabels();
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={labels.notifications}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
