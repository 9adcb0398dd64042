import { useSyncExternalStore } from 'react';

/**
 * Below this width the console is laid out for a phone: no sidebar rail (the
 * menu opens as an overlay from the header button) and a list's row actions
 * fold into one compact menu button. Between it and the spec's 750 px the
 * collapsed 80 px rail stays (app/theme.ts).
 */
export const PHONE_BREAKPOINT = 600;

export const isPhone = (width: number) => width < PHONE_BREAKPOINT;

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

/** The window's inner width, updated on resize. */
export function useWindowWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1280,
  );
}

/** Whether the window is phone-wide (re-renders only when that changes). */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isPhone(window.innerWidth),
    () => false,
  );
}
