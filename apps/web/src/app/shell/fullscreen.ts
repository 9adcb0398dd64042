import { useSyncExternalStore } from 'react';

/** The Fullscreen API, with the prefixed fallbacks older WebKit still needs. */
type Doc = Document & { webkitFullscreenElement?: Element | null; webkitExitFullscreen?: () => Promise<void> };
type El = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> };

export function isFullscreen(): boolean {
  const d = document as Doc;
  return Boolean(d.fullscreenElement ?? d.webkitFullscreenElement);
}

export async function toggleFullscreen(): Promise<void> {
  const d = document as Doc;
  const el = document.documentElement as El;
  try {
    if (isFullscreen()) await (d.exitFullscreen?.() ?? d.webkitExitFullscreen?.());
    else await (el.requestFullscreen?.() ?? el.webkitRequestFullscreen?.());
  } catch {
    // Refused by the browser (no user gesture, iframe policy): nothing to do.
  }
}

function subscribe(cb: () => void) {
  document.addEventListener('fullscreenchange', cb);
  document.addEventListener('webkitfullscreenchange', cb);
  return () => {
    document.removeEventListener('fullscreenchange', cb);
    document.removeEventListener('webkitfullscreenchange', cb);
  };
}

export function useFullscreen(): boolean {
  return useSyncExternalStore(subscribe, isFullscreen, () => false);
}
