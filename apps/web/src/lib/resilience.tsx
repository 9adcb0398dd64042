import { lazy, Suspense } from 'react';
import { useEverDown } from './connectivity.ts';
import { useRenewalOpen } from './session-renewal.ts';

const ConnectionBanner = lazy(() => import('./connection-banner.tsx'));
const SessionDialog = lazy(() => import('./session-dialog.tsx'));

/** Mounted once at the root: the connection banner, whose code loads with the first outage. */
export function ConnectionBannerHost() {
  return useEverDown() ? (
    <Suspense fallback={null}>
      <ConnectionBanner />
    </Suspense>
  ) : null;
}

/** Mounted once at the root: the sign-in-again dialog while a call waits for it (session-renewal.ts). */
export function SessionDialogHost() {
  return useRenewalOpen() ? (
    <Suspense fallback={null}>
      <SessionDialog />
    </Suspense>
  ) : null;
}
