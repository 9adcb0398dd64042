import { toaster } from '@edu/ui';

/**
 * Short messages (spec section 8: "messages are cleared after 3 seconds"),
 * shown by the app's toaster (200 px from the top). Longer pop-ups use the
 * toaster's default of 4 s (`notify` from @edu/ui).
 */
export const MESSAGE_DURATION_MS = 3000;

export const message = {
  success: (title: string) => toaster.create({ type: 'success', title, duration: MESSAGE_DURATION_MS }),
  info: (title: string) => toaster.create({ type: 'info', title, duration: MESSAGE_DURATION_MS }),
  warning: (title: string) => toaster.create({ type: 'warning', title, duration: MESSAGE_DURATION_MS }),
  error: (title: string) => toaster.create({ type: 'error', title, duration: MESSAGE_DURATION_MS }),
};
