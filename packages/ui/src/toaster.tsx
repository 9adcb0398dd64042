import { createToaster, Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useUiLabels } from './labels.tsx';

/** Spec sections 8 and 9: pop-ups appear 200 px from the top and last 4 seconds. */
export const TOAST_TOP_OFFSET = '200px';
export const TOAST_DURATION_MS = 4000;

/** The one toaster of the app; show messages with `notify.*` or `toaster.create`. */
export const toaster = createToaster({
  placement: 'top',
  offsets: { top: TOAST_TOP_OFFSET, left: '16px', right: '16px', bottom: '16px' },
  duration: TOAST_DURATION_MS,
  max: 5,
  pauseOnPageIdle: true,
});

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
