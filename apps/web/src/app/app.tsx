import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { AbpError } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { useLocalizedUiLabels } from '../resources/i18n.tsx';
import { ErrorModalHost, showError, wasShown } from '../lib/errors.tsx';
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

/** The root: providers, the router and the error modal. `boot` is what the start sequence found. */
export function App({ boot: _boot }: { boot: BootResult }) {
  // One set of translated ui labels for the whole app (resources/i18n.tsx).
  const labels = useLocalizedUiLabels();
  const { i18n } = useTranslation();
  const [router] = useState(createAppRouter);
  useGlobalErrorHandler();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return (
    <UiProvider labels={labels}>
      <SWRConfig value={{ revalidateOnFocus: false }}>
        <RouterProvider router={router} />
        <ErrorModalHost />
      </SWRConfig>
    </UiProvider>
  );
}
