import { useEffect, useState, type ComponentType } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SystemContext } from '@chakra-ui/react';
import { AbpError } from '@edu/sdk';
import { UiBaseProvider } from '@edu/ui';
import { useLocalizedUiLabels } from '../resources/i18n.tsx';
import { ErrorModalHost, showError, wasShown } from '../lib/errors.tsx';
import { ConnectionBannerHost, SessionDialogHost } from '../lib/resilience.tsx';
import { createAppRouter } from './router.tsx';
import type { BootResult } from './boot.ts';

/** ui's texts, translated (common.ui.*). */
/** Failures nobody caught: AbpErrors open the modal (once). */
function useGlobalErrorHandler() {
  useEffect(() => {
    const onRejection = (e: PromiseRejectionEvent) => {
      if (e.reason instanceof AbpError) {
        if (!wasShown(e.reason)) showError(e.reason);
        e.preventDefault();
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}

export interface AppProps {
  /** What the start sequence found. */
  boot: BootResult;
  /** The Chakra system: `loginSystem` for a visitor, the full one when signed in (main.tsx). */
  system: SystemContext;
  /** The toaster, mounted when signed in (visitors' pages show no toasts). */
  toaster?: ComponentType;
}

/** The root: providers, the router, the error modal, the connection banner and the sign-in-again dialog. */
export function App({ system, toaster: Toaster }: AppProps) {
  // One set of translated ui labels for the whole app (resources/i18n.tsx).
  const labels = useLocalizedUiLabels();
  const { i18n } = useTranslation();
  const [router] = useState(createAppRouter);
  useGlobalErrorHandler();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return (
    <UiBaseProvider system={system} labels={labels}>
      <RouterProvider router={router} />
      <SessionDialogHost />
      <ErrorModalHost />
      <ConnectionBannerHost />
      {Toaster && <Toaster />}
    </UiBaseProvider>
  );
}
